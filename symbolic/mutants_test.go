package symbolic

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// testsOf lists the tests of the paths and boundary cases, not those of
// infection cases (infection_test.go), which the pass adds only when on.
func testsOf(paths []*machine.PathEnd) []*concrete.Test {
	var out []*concrete.Test
	for _, p := range paths {
		if p.Test != nil && p.Test.Replayed && !p.Infection {
			out = append(out, p.Test)
		}
	}
	return out
}

// SumTo's i <= n is told from i < n by the tests with n >= 1 alone: an
// n <= 0 sums nothing either way. Once maxMutantKillers tests kill the
// mutant, later ones that enter no new block are not weighed against it.
func TestMutantsLoopBoundaryKilledByLongerLoop(t *testing.T) {
	sum, paths := explore(t, "mutants.SumTo", machine.Config{MaxWork: 2_000_000})
	lt := concrete.Mutant{Pos: "mutants.go:12:16", Expr: "i <= n", From: "<=", To: "<"}
	var killers, others, longer int
	for _, tc := range testsOf(paths) {
		n := tc.Args[0].Int
		kills := slices.Contains(tc.Kills, lt)
		switch {
		case n >= 1 && !kills && killers < maxMutantKillers:
			t.Errorf("SumTo(%d) does not kill %v; kills %v", n, lt, tc.Kills)
		case n <= 0 && kills:
			t.Errorf("SumTo(%d) kills %v, though it sums nothing either way", n, lt)
		case n <= 0:
			others++
		default:
			longer++
		}
		if kills {
			killers++
		}
	}
	if killers < maxMutantKillers || killers >= longer || others == 0 {
		t.Errorf("%d of %d tests with n >= 1 kill %v, and %d with n <= 0 do not; want at least %d, not all, and some", killers, longer, lt, others, maxMutantKillers)
	}
	if sum.MutantReplays == 0 || sum.MutantWork == 0 || sum.MutantWork > sum.Work {
		t.Errorf("summary: %d mutant replays, mutant work %d of %d", sum.MutantReplays, sum.MutantWork, sum.Work)
	}
}

// Only Discount(100), the boundary case, tells price > 100 from
// price >= 100; every test below 100 tells it from price <= 100.
func TestMutantsComparisonKilledAtBoundary(t *testing.T) {
	_, paths := explore(t, "mutants.Discount", machine.Config{})
	ge := concrete.Mutant{Pos: "mutants.go:21:11", Expr: "price > 100", From: ">", To: ">="}
	le := concrete.Mutant{Pos: "mutants.go:21:11", Expr: "price > 100", From: ">", To: "<="}
	plus := concrete.Mutant{Pos: "mutants.go:22:16", Expr: "price - 10", From: "-", To: "+"}
	sawBoundary, killsLE, killsPlus := false, 0, 0
	for _, tc := range testsOf(paths) {
		p := tc.Args[0].Int
		if got, want := slices.Contains(tc.Kills, ge), p == 100; got != want {
			t.Errorf("Discount(%d) kills %v: %v, want %v (kills %v)", p, ge, got, want, tc.Kills)
		}
		if slices.Contains(tc.Kills, le) {
			killsLE++
		}
		if slices.Contains(tc.Kills, plus) {
			if p <= 100 {
				t.Errorf("Discount(%d) kills %v, though it does not subtract", p, plus)
			}
			killsPlus++
		}
		sawBoundary = sawBoundary || p == 100
	}
	if !sawBoundary || killsLE == 0 || killsPlus == 0 {
		t.Errorf("a test of Discount(100): %v; %d tests kill %v, %d kill %v", sawBoundary, killsLE, le, killsPlus, plus)
	}
}

// Dropping Abs's negation shows on a negative input alone.
func TestMutantsDroppedNegation(t *testing.T) {
	_, paths := explore(t, "mutants.Abs", machine.Config{})
	neg := concrete.Mutant{Pos: "mutants.go:30:10", Expr: "-x", From: "-", To: ""}
	for _, tc := range testsOf(paths) {
		x := tc.Args[0].Int
		if got, want := slices.Contains(tc.Kills, neg), x < 0; got != want {
			t.Errorf("Abs(%d) kills %v: %v, want %v (kills %v)", x, neg, got, want, tc.Kills)
		}
	}
}

// With NoMutants no test is weighed: Kills is nil and nothing is
// replayed, and the tests are the same as with the pass.
func TestMutantsOff(t *testing.T) {
	on, withPass := explore(t, "mutants.Discount", machine.Config{MaxWork: 2_000_000})
	off, without := explore(t, "mutants.Discount", machine.Config{MaxWork: 2_000_000, NoMutants: true})
	if off.MutantReplays != 0 || off.MutantWork != 0 {
		t.Errorf("NoMutants: %d replays, work %d", off.MutantReplays, off.MutantWork)
	}
	a, b := testsOf(withPass), testsOf(without)
	if len(a) != len(b) {
		t.Fatalf("%d tests with the pass, %d without", len(a), len(b))
	}
	killed := 0
	for i := range b {
		if b[i].Kills != nil {
			t.Errorf("NoMutants: test %v kills %v", b[i].Args, b[i].Kills)
		}
		if !slices.Equal(argStrings(a[i]), argStrings(b[i])) {
			t.Errorf("test %d: args %v with the pass, %v without", i, argStrings(a[i]), argStrings(b[i]))
		}
		killed += len(a[i].Kills)
	}
	if killed == 0 || on.MutantReplays == 0 {
		t.Errorf("with the pass: %d kills, %d replays", killed, on.MutantReplays)
	}
}

func argStrings(tc *concrete.Test) []string {
	var out []string
	for _, a := range tc.Args {
		out = append(out, a.String())
	}
	return out
}

// Only the package's own operators are mutated: Blank's == is, those of
// strings.TrimSpace, which its tests run through, are not.
func TestMutantsOnlyOfThePackage(t *testing.T) {
	_, paths := explore(t, "mutants.Blank", machine.Config{MaxWork: 2_000_000})
	eq := concrete.Mutant{Pos: "mutants.go:38:30", Expr: `strings.TrimSpace(s) == ""`, From: "==", To: "!="}
	killed := false
	for _, tc := range testsOf(paths) {
		for _, m := range tc.Kills {
			if m != eq {
				t.Errorf("Blank(%s) kills %v, not an operator of the package", tc.Args[0], m)
			}
		}
		killed = killed || slices.Contains(tc.Kills, eq)
	}
	if !killed {
		t.Errorf("no test kills %v", eq)
	}
}

// Take returns nothing, and the ring it leaves has only unexported
// fields: the writer checks it through its getter, r.Len(), and so must
// the pass (viewkills.go). Every test where Take returns tells r.n--
// from r.n++ by it.
func TestMutantsKilledByWhatAMethodLeaves(t *testing.T) {
	_, paths := explore(t, "mutants.Ring.Take", machine.Config{})
	inc := concrete.Mutant{Pos: "mutants.go:73:2", Expr: "r.n--", From: "--", To: "++"}
	returned := 0
	for _, tc := range testsOf(paths) {
		if tc.Panics {
			continue
		}
		returned++
		if !slices.Contains(tc.Kills, inc) {
			t.Errorf("Take on %v kills %v, not %v", argStrings(tc), tc.Kills, inc)
		}
	}
	if returned == 0 {
		t.Fatal("no test where Take returns")
	}
}
