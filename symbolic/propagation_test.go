package symbolic

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/mutants"
)

// TestPropagationCaseKillsWhatDefaultsHide: Gate's paths, its boundary
// cases among them, all have v = 0, and return 0 whether n > 0 or its
// negation decides; a propagation case, on a path whose test infected
// the negation, gives v another value and kills it. It asserts what Go
// computes and counts as no path. Without the mutation pass there is
// none.
func TestPropagationCaseKillsWhatDefaultsHide(t *testing.T) {
	sum, paths := explore(t, "mutants.Gate", machine.Config{MaxWork: 2_000_000})
	negated := concrete.Mutant{Pos: "mutants.go:56:7", Expr: "n > 0", From: ">", To: "<="}
	cases := extraCasesKilling(t, "Gate", "propagation", paths, func(p *machine.PathEnd) bool { return p.Propagation }, negated)
	for _, tc := range cases {
		n, v := tc.Args[0].Int, tc.Args[1].Int
		if got, want := tc.Results[0].Int, int64(mutants.Gate(int(n), int(v))); got != want {
			t.Errorf("Gate(%d, %d): interpreter %d, Go %d", n, v, got, want)
		}
	}
	if len(cases) != 1 || sum.Propagations != 1 {
		t.Errorf("%d propagation cases handed over, Summary.Propagations %d; want 1 and 1", len(cases), sum.Propagations)
	}
	if sum.Paths != 2 {
		t.Errorf("Summary.Paths = %d; a propagation case must not count as a path", sum.Paths)
	}
	off, offPaths := explore(t, "mutants.Gate", machine.Config{MaxWork: 2_000_000, NoMutants: true})
	if off.Propagations != 0 || slices.ContainsFunc(offPaths, func(p *machine.PathEnd) bool { return p.Propagation }) {
		t.Errorf("NoMutants: %d propagation cases", off.Propagations)
	}
}
