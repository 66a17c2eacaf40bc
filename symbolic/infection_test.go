package symbolic

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// extraCasesKilling checks that, of the replayed tests of paths, the
// extra cases of one kind (extra tells them) kill m and no other test
// does: the fixture needs them. It returns their tests.
func extraCasesKilling(t *testing.T, fn, kind string, paths []*machine.PathEnd, extra func(*machine.PathEnd) bool, m concrete.Mutant) []*concrete.Test {
	t.Helper()
	var cases []*concrete.Test
	for _, p := range paths {
		tc := p.Test
		if tc == nil || !tc.Replayed {
			continue
		}
		kills := slices.Contains(tc.Kills, m)
		switch {
		case !extra(p) && kills:
			t.Errorf("%s%v kills %v but is no %s case: the fixture no longer needs one", fn, argStrings(tc), m, kind)
		case extra(p) && !kills:
			t.Errorf("%s case %s%v does not kill %v (kills %v)", kind, fn, argStrings(tc), m, tc.Kills)
		case extra(p):
			cases = append(cases, tc)
		}
	}
	return cases
}

// Shift's explored paths and boundary cases all have an offset of 0, so
// none tells pos + offset from pos - offset; the infection case, solved
// for the mutant's value to differ, has another offset and kills it.
func TestInfectionCaseKillsArithmeticMutant(t *testing.T) {
	sum, paths := explore(t, "mutants.Shift", machine.Config{MaxWork: 2_000_000})
	minus := concrete.Mutant{Pos: "mutants.go:46:14", Expr: "pos + offset", From: "+", To: "-"}
	infections := extraCasesKilling(t, "Shift", "infection", paths, func(p *machine.PathEnd) bool { return p.Infection }, minus)
	for _, tc := range infections {
		if pos, offset := tc.Args[0].Int, tc.Args[1].Int; pos <= 0 || offset == 0 {
			t.Errorf("infection case Shift(%d, %d): want pos > 0 and offset != 0", pos, offset)
		}
	}
	if len(infections) != 1 || sum.Infections != 1 {
		t.Errorf("%d infection cases handed over, Summary.Infections %d; want 1 and 1", len(infections), sum.Infections)
	}
	if sum.Paths != 2 {
		t.Errorf("Summary.Paths = %d; the infection case must not count as a path", sum.Paths)
	}
}

// NoMutants turns the infection cases off with the rest of the pass.
func TestInfectionCasesOffWithoutMutants(t *testing.T) {
	sum, paths := explore(t, "mutants.Shift", machine.Config{MaxWork: 2_000_000, NoMutants: true})
	for _, p := range paths {
		if p.Infection {
			t.Errorf("NoMutants: infection case %v", argStrings(p.Test))
		}
	}
	if sum.Infections != 0 {
		t.Errorf("NoMutants: Summary.Infections = %d", sum.Infections)
	}
}
