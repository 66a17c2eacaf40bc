package symbolic

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/words"
	"golang.org/x/tools/go/ssa"
)

// wordWork bounds the exploration of the dictionary fixtures: too little
// for the solver to find a string the regexp's matcher accepts.
const wordWork = 400_000

// coveredOf is the blocks of the function's package that the tests of
// paths entered.
func coveredOf(fn *ssa.Function, paths []*machine.PathEnd) map[*ssa.BasicBlock]bool {
	out := make(map[*ssa.BasicBlock]bool)
	for _, p := range paths {
		if c, ok := p.Case(); !ok || len(c.Covers) == 0 {
			continue
		}
		for _, b := range p.Blocks {
			if b.Parent().Pkg == fn.Pkg {
				out[b] = true
			}
		}
	}
	return out
}

// wordRows are the argument and outcome of each dictionary case among
// paths.
func wordRows(paths []*machine.PathEnd) []string {
	var out []string
	for _, p := range paths {
		if c, ok := p.Case(); ok && p.Word != "" {
			out = append(out, fmt.Sprint(c.Args, " ", c.Summary))
		}
	}
	return out
}

// anySucceeds reports whether some path's test succeeded.
func anySucceeds(paths []*machine.PathEnd) bool {
	return slices.ContainsFunc(paths, succeeds)
}

// ParseVersion's success wants "release-N.M", which its regexp knows and
// no string the solver picks within the work bound has: with the
// dictionary the table has a succeeding case, longer than the string
// bound, with what Go returns, and more covered blocks; without it, only failures. The pass never loses
// coverage, its cases are counted apart from the paths, and a second run
// makes the same ones.
func TestDictionaryGivesParserItsSuccess(t *testing.T) {
	fn := target(t, "words.ParseVersion")
	// Strings of at most 8 bytes: every word that parses is longer, and
	// the run must see it whole.
	cfg := machine.Config{MaxWork: wordWork, Bounds: machine.Bounds{MaxLen: 8}}
	sum, paths := explore(t, "words.ParseVersion", cfg)
	cases, others := splitEnds(paths, func(p *machine.PathEnd) bool { return p.Word != "" })
	for _, p := range paths {
		if c, ok := p.Case(); ok {
			t.Logf("word %q args %v: %s", p.Word, p.Test.Args, c.Summary)
		}
	}
	if sum.Words != len(cases) || len(cases) == 0 {
		t.Fatalf("Summary.Words %d, the sink got %d dictionary cases; want them equal and some", sum.Words, len(cases))
	}
	if anySucceeds(others) {
		t.Fatalf("a path of the exploration succeeds: the fixture no longer needs the dictionary")
	}
	if !anySucceeds(cases) {
		t.Errorf("no dictionary case succeeds")
	}
	if !slices.ContainsFunc(cases, func(p *machine.PathEnd) bool { return len(p.Test.Args[0].Str) > 8 }) {
		t.Errorf("no dictionary case is longer than the bound")
	}
	for _, p := range cases {
		s := p.Test.Args[0].Str
		v, err := words.ParseVersion(s)
		got := p.Test
		if (err != nil) != (got.ErrMsgs[1] != "") || err == nil && got.Results[0].Elems[0].Int != int64(v.Major) {
			t.Errorf("ParseVersion(%q): Go %v, %v; interpreter %v, %q", s, v, err, got.Results, got.ErrMsgs)
		}
	}

	// At a fixed work bound, a second run makes the same cases.
	_, again := explore(t, "words.ParseVersion", cfg)
	if a, b := wordRows(cases), wordRows(again); !slices.Equal(a, b) {
		t.Errorf("a second run made the dictionary cases %q, the first %q", b, a)
	}

	cfg.NoDictionary = true
	offSum, offPaths := explore(t, "words.ParseVersion", cfg)
	if offSum.Words != 0 || slices.ContainsFunc(offPaths, func(p *machine.PathEnd) bool { return p.Word != "" }) || anySucceeds(offPaths) {
		t.Errorf("NoDictionary: %d dictionary cases, succeeds=%v", offSum.Words, anySucceeds(offPaths))
	}
	on, off := coveredOf(fn, paths), coveredOf(fn, offPaths)
	for b := range off {
		if !on[b] {
			t.Errorf("block %d of %s is covered without the dictionary and not with it", b.Index, b.Parent())
		}
	}
	if len(on) <= len(off) {
		t.Errorf("covered blocks: %d with the dictionary, %d without; want more", len(on), len(off))
	}
}

// ParseTag's success wants its header and its tag in one line, longer
// than the string bound: the dictionary joins the prefix the function
// checks for to the package's constant, and that word succeeds, which
// no path of the exploration does.
func TestPrefixWordsJoinAHeaderToItsRest(t *testing.T) {
	got := succeedingWords(t, "prefixwords.ParseTag")
	if !slices.ContainsFunc(got, func(s string) bool { return s == `"#tagrelease"` || s == `"#tag release"` }) {
		t.Errorf("succeeding dictionary cases %q: want the header joined to the tag", got)
	}
}

// ReadTag's line is the text of its reader argument, not a parameter:
// the dictionary pass sets that text to the words too, and the joined
// word succeeds through the reader.
func TestWordsGoIntoAReadersText(t *testing.T) {
	got := succeedingWords(t, "prefixwords.ReadTag")
	if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "#tag") && strings.Contains(s, "release") }) {
		t.Errorf("succeeding dictionary cases %q: want a reader of the joined word", got)
	}
}

// succeedingWords explores the prefixwords fixture function name with
// strings of at most 8 bytes and gives the first argument of each
// dictionary case that succeeds, as Go source; it fails the test when a
// path of the exploration succeeds on its own.
func succeedingWords(t *testing.T, name string) []string {
	t.Helper()
	cfg := machine.Config{MaxWork: wordWork, Bounds: machine.Bounds{MaxLen: 8}}
	_, paths := explore(t, name, cfg)
	cases, others := splitEnds(paths, func(p *machine.PathEnd) bool { return p.Word != "" })
	if anySucceeds(others) {
		t.Fatalf("a path of the exploration succeeds: the fixture no longer needs the dictionary")
	}
	var got []string
	for _, p := range cases {
		if succeeds(p) {
			got = append(got, fmt.Sprint(p.Test.Args[0]))
		}
	}
	return got
}
