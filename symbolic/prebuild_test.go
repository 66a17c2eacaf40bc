package symbolic

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// prebuiltOutcomes explores fn with the tables built after init or not,
// and gives its tests' calls and results, sorted, and the instructions
// the exploration took.
func prebuiltOutcomes(t *testing.T, name string, prebuild bool) ([]string, int64) {
	t.Helper()
	inits := machine.NewInits(machine.DefaultInitBudget)
	inits.NoPrebuild = !prebuild
	sum, paths := explore(t, name, machine.Config{Inits: inits, Bounds: machine.Bounds{MaxLen: 5}})
	var out []string
	for _, p := range testedPaths(t, paths) {
		out = append(out, fmt.Sprintf("%s -> %s", p.Test.Args[0], p.Test.Results[0]))
	}
	slices.Sort(out)
	return out, sum.Work
}

// TestPrebuiltTablesChangeNothingButTheWork: a table built from
// constants on first use is built once after init, so every path starts
// with it, and the exploration finds the same tests with less work; one
// built from a package variable is left to each path, which sets the
// variable first, as Go's first call sees it.
func TestPrebuiltTablesChangeNothingButTheWork(t *testing.T) {
	on, workOn := prebuiltOutcomes(t, "prebuilt.Number", true)
	off, workOff := prebuiltOutcomes(t, "prebuilt.Number", false)
	if !slices.Equal(on, off) {
		t.Errorf("Number's tests with the table prebuilt:\n%v\nwithout:\n%v", on, off)
	}
	if len(on) < 4 {
		t.Errorf("Number's tests %v, want each name and a miss", on)
	}
	if workOn >= workOff {
		t.Errorf("work %d with the table prebuilt, %d without: want less", workOn, workOff)
	}

	next, _ := prebuiltOutcomes(t, "prebuilt.Next", true)
	for _, s := range next {
		var b, got int
		if _, err := fmt.Sscanf(s, "%d -> %d", &b, &got); err != nil || b > 0 && got != b+1 {
			t.Errorf("Next: %s, want the base the call set, plus 1", s)
		}
	}
	if len(next) < 2 {
		t.Errorf("Next: tests %v, want one of each sign", next)
	}
}
