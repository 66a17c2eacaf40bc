package symbolic

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/boundary"
)

// splitEnds splits the ends of an exploration into the cases of an
// extra pass, those extra reports, and the others.
func splitEnds(paths []*machine.PathEnd, extra func(*machine.PathEnd) bool) (cases, others []*machine.PathEnd) {
	for _, p := range paths {
		if extra(p) {
			cases = append(cases, p)
		} else {
			others = append(others, p)
		}
	}
	return cases, others
}

// boundaryEnds splits the ends of an exploration into the boundary cases
// and the explored paths.
func boundaryEnds(paths []*machine.PathEnd) (bounds, explored []*machine.PathEnd) {
	return splitEnds(paths, func(p *machine.PathEnd) bool { return p.Boundary != "" })
}

// boundaryTexts lists the Boundary texts of the cases.
func boundaryTexts(bounds []*machine.PathEnd) []string {
	var out []string
	for _, p := range bounds {
		out = append(out, p.Boundary)
	}
	return out
}

// Each threshold of Grade gets a case at it and one just below it, each
// asserting what Go returns, and none of them is counted as a path.
func TestBoundaryCasesSitOnEachThreshold(t *testing.T) {
	sum, paths := explore(t, "boundary.Grade", machine.Config{})
	bounds, explored := boundaryEnds(paths)
	if sum.Boundaries != len(bounds) || sum.Paths != len(explored) {
		t.Errorf("summary: %d boundary cases, %d paths; the sink got %d and %d", sum.Boundaries, sum.Paths, len(bounds), len(explored))
	}
	if !sum.Exhausted || sum.Covered != sum.Blocks {
		t.Errorf("exhausted=%v, covered %d of %d blocks", sum.Exhausted, sum.Covered, sum.Blocks)
	}
	scores := make(map[int64]string)
	for _, p := range bounds {
		tc := p.Test
		if tc == nil || !tc.Replayed || tc.Panics || len(tc.Args) != 1 || len(tc.Results) != 1 {
			t.Fatalf("boundary case %q: test %+v", p.Boundary, tc)
		}
		score := tc.Args[0].Int
		if want := boundary.Grade(int(score)); tc.Results[0].Str != want {
			t.Errorf("Grade(%d): interpreter %q, Go %q", score, tc.Results[0].Str, want)
		}
		scores[score] = p.Boundary
		// The case reads as the explored path it took.
		if len(p.Pins) == 0 || p.Pins[0] == p.Boundary {
			t.Errorf("Grade(%d): pins %q, want the explored path's", score, p.Pins)
		}
	}
	want := map[int64]string{
		90: "score == 90, the boundary of score >= 90", 89: "score == 89, one past the boundary of score >= 90",
		80: "score == 80, the boundary of score >= 80", 79: "score == 79, one past the boundary of score >= 80",
		70: "score == 70, the boundary of score >= 70", 69: "score == 69, one past the boundary of score >= 70",
	}
	for score, text := range want {
		if scores[score] != text {
			t.Errorf("score %d: boundary %q, want %q (all: %q)", score, scores[score], text, boundaryTexts(bounds))
		}
	}
	if len(bounds) != len(want) {
		t.Errorf("%d boundary cases, want %d: %q", len(bounds), len(want), boundaryTexts(bounds))
	}
}

// Two inputs compared with each other are put one apart, and an unsigned
// comparison gets its boundary too.
func TestBoundaryCasesBetweenInputs(t *testing.T) {
	_, paths := explore(t, "boundary.Clamp", machine.Config{})
	bounds, _ := boundaryEnds(paths)
	for _, p := range bounds {
		a := p.Test.Args
		v, lo, hi := int(a[0].Int), int(a[1].Int), int(a[2].Int)
		if got, want := p.Test.Results[0].Int, boundary.Clamp(v, lo, hi); got != int64(want) {
			t.Errorf("Clamp(%d, %d, %d): interpreter %d, Go %d", v, lo, hi, got, want)
		}
		var ok bool
		switch p.Boundary {
		case "v == lo, the boundary of v < lo":
			ok = v == lo
		case "v == lo-1, one past the boundary of v < lo":
			ok = v == lo-1
		case "v == hi, the boundary of v > hi":
			ok = v == hi && v >= lo
		case "v == hi+1, one past the boundary of v > hi":
			ok = v == hi+1 && v >= lo
		default:
			t.Errorf("unexpected boundary %q", p.Boundary)
			continue
		}
		if !ok {
			t.Errorf("%q: v=%d lo=%d hi=%d", p.Boundary, v, lo, hi)
		}
	}
	if len(bounds) != 4 {
		t.Errorf("%d boundary cases, want 4: %q", len(bounds), boundaryTexts(bounds))
	}

	_, paths = explore(t, "boundary.Fits", machine.Config{})
	bounds, _ = boundaryEnds(paths)
	var got []string
	for _, p := range bounds {
		n := p.Test.Args[0].Uint
		if p.Test.Results[0].Bool != boundary.Fits(uint(n)) {
			t.Errorf("Fits(%d): interpreter %v", n, p.Test.Results[0].Bool)
		}
		got = append(got, fmt.Sprintf("%d: %s", n, p.Boundary))
	}
	slices.Sort(got)
	want := []string{"16: n == 16, the boundary of n <= 16", "17: n == 17, one past the boundary of n <= 16"}
	if !slices.Equal(got, want) {
		t.Errorf("Fits: %q, want %q", got, want)
	}
}

// A loop's test is one if with a term per iteration: it gets boundary
// cases for its first maxBoundarySiteTerms terms only, named by the input
// (i is a constant on each path).
func TestBoundaryCasesOfALoopAreBounded(t *testing.T) {
	_, paths := explore(t, "boundary.Step", machine.Config{})
	bounds, _ := boundaryEnds(paths)
	// The first two iterations' tests, i < limit with i at 0 and 3.
	want := []string{
		"limit == 0, the boundary of i < limit", "limit == 1, one past the boundary of i < limit",
		"limit == 3, the boundary of i < limit", "limit == 4, one past the boundary of i < limit",
	}
	if got := boundaryTexts(bounds); !slices.Equal(got, want) {
		t.Errorf("boundary cases %q, want %q", got, want)
	}
	for _, p := range bounds {
		limit := p.Test.Args[0].Int
		if !strings.HasPrefix(p.Boundary, fmt.Sprintf("limit == %d, ", limit)) {
			t.Errorf("Step(%d): boundary %q", limit, p.Boundary)
		}
		if got, want := p.Test.Results[0].Int, boundary.Step(int(limit)); got != int64(want) {
			t.Errorf("Step(%d): interpreter %d, Go %d", limit, got, want)
		}
	}
}

// The switch turns boundary cases off and changes nothing else.
func TestBoundaryCasesCanBeTurnedOff(t *testing.T) {
	on, withPaths := explore(t, "boundary.Grade", machine.Config{})
	off, paths := explore(t, "boundary.Grade", machine.Config{NoBoundaries: true})
	if bounds, _ := boundaryEnds(paths); len(bounds) != 0 || off.Boundaries != 0 {
		t.Errorf("with NoBoundaries: %d boundary cases (summary %d)", len(bounds), off.Boundaries)
	}
	_, explored := boundaryEnds(withPaths)
	if on.Paths != off.Paths || on.Covered != off.Covered || on.Exhausted != off.Exhausted || len(explored) != len(paths) {
		t.Errorf("boundary cases changed the exploration: paths %d/%d, covered %d/%d, exhausted %v/%v",
			on.Paths, off.Paths, on.Covered, off.Covered, on.Exhausted, off.Exhausted)
	}
	if on.Boundaries == 0 {
		t.Error("no boundary cases by default")
	}
}

// Under a work limit the boundary pass gets an eighth of it on top, and
// two runs make the same cases.
func TestBoundaryCasesAreBoundedByWork(t *testing.T) {
	// Grade's exploration costs about 28,000 units and its six boundary
	// cases about 24,000: an allowance of 5,000 leaves room for some.
	cfg := machine.Config{MaxWork: 40_000}
	first, paths := explore(t, "boundary.Grade", cfg)
	again, pathsAgain := explore(t, "boundary.Grade", cfg)
	bounds, _ := boundaryEnds(paths)
	if first.Boundaries == 0 || first.Boundaries >= 6 {
		t.Errorf("%d boundary cases within an allowance of %d: %q", first.Boundaries, cfg.MaxWork/8, boundaryTexts(bounds))
	}
	boundsAgain, _ := boundaryEnds(pathsAgain)
	if got, want := boundaryTexts(boundsAgain), boundaryTexts(bounds); !slices.Equal(got, want) || first.Work != again.Work {
		t.Errorf("second run: %q (work %d), first: %q (work %d)", got, again.Work, want, first.Work)
	}
}

// TestBoundaryTextIsTheSource: the boundary of a comparison whose operand
// a table lookup set reads as the source does (v > 9), not as the SSA
// form, which inlines the 32-byte table into the text.
func TestBoundaryTextIsTheSource(t *testing.T) {
	_, paths := explore(t, "boundary.Nibble", machine.Config{})
	bounds, _ := boundaryEnds(paths)
	want := []string{"v == 10, one past the boundary of v > 9", "v == 9, the boundary of v > 9"}
	got := boundaryTexts(bounds)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("boundary texts %q, want %q", got, want)
	}
	for _, p := range bounds {
		c := byte(p.Test.Args[0].Uint)
		if got, want := p.Test.Results[0].Int, boundary.Nibble(c); got != int64(want) {
			t.Errorf("Nibble(%d): interpreter %d, Go %d", c, got, want)
		}
	}
}

// A byte compared with characters sits on boundaries that read as
// characters: '0' and the one before it, '9' and the one after it.
func TestBoundaryTextsOfCharactersAreCharacters(t *testing.T) {
	_, paths := explore(t, "boundary.IsDigit", machine.Config{})
	bounds, _ := boundaryEnds(paths)
	got := boundaryTexts(bounds)
	slices.Sort(got)
	want := []string{
		"c == '/', one past the boundary of '0' <= c",
		"c == '0', the boundary of '0' <= c",
		"c == '9', the boundary of c <= '9'",
		"c == ':', one past the boundary of c <= '9'",
	}
	if !slices.Equal(got, want) {
		t.Errorf("boundary cases %q, want %q", got, want)
	}
	for _, p := range bounds {
		c := byte(p.Test.Args[0].Uint)
		if p.Test.Results[0].Bool != boundary.IsDigit(c) {
			t.Errorf("IsDigit(%q): interpreter %v", c, p.Test.Results[0].Bool)
		}
	}
}
