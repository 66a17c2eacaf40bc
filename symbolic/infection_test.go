package symbolic

import (
	"slices"
	"testing"
)

// Shift's explored paths and boundary cases all have an offset of 0, so
// none tells pos + offset from pos - offset; the infection case, solved
// for the mutant's value to differ, has another offset and kills it.
func TestInfectionCaseKillsArithmeticMutant(t *testing.T) {
	sum, paths := explore(t, "mutants.Shift", Config{MaxWork: 2_000_000})
	minus := Mutant{Pos: "mutants.go:46:14", Expr: "pos + offset", From: "+", To: "-"}
	var infections int
	for _, p := range paths {
		tc := p.Test
		if tc == nil || !tc.Replayed {
			continue
		}
		kills := slices.Contains(tc.Kills, minus)
		switch {
		case !p.Infection && kills:
			t.Errorf("Shift%v, not an infection case, kills %v: the fixture no longer needs one", argStrings(tc), minus)
		case p.Infection && !kills:
			t.Errorf("infection case Shift%v does not kill %v (kills %v)", argStrings(tc), minus, tc.Kills)
		case p.Infection:
			infections++
			if pos, offset := tc.Args[0].Int, tc.Args[1].Int; pos <= 0 || offset == 0 {
				t.Errorf("infection case Shift(%d, %d): want pos > 0 and offset != 0", pos, offset)
			}
		}
	}
	if infections != 1 || sum.Infections != 1 {
		t.Errorf("%d infection cases handed over, Summary.Infections %d; want 1 and 1", infections, sum.Infections)
	}
	if sum.Paths != 2 {
		t.Errorf("Summary.Paths = %d; the infection case must not count as a path", sum.Paths)
	}
}

// NoMutants turns the infection cases off with the rest of the pass.
func TestInfectionCasesOffWithoutMutants(t *testing.T) {
	sum, paths := explore(t, "mutants.Shift", Config{MaxWork: 2_000_000, NoMutants: true})
	for _, p := range paths {
		if p.Infection {
			t.Errorf("NoMutants: infection case %v", argStrings(p.Test))
		}
	}
	if sum.Infections != 0 {
		t.Errorf("NoMutants: Summary.Infections = %d", sum.Infections)
	}
}
