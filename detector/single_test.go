package detector

import (
	"os"
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestSingleValuedLocations checks §3.5 on the fixtures and on
// testdata/demo: a state that matches a snapshot holds the snapshot's
// value at every location left out as single-valued (a location that
// gets a second value is put back in time), the search covers what it
// covers with every location compared, and matching reads fewer
// locations of states. With the full differential (GOSYMTEST_DIFF_N
// set) it runs on every package of testdata.
//
// PhiFlag is the case that needs the putting back: the φ of x holds one
// value on the paths of the first branch outcome, so the snapshots
// their subtrees leave do not compare x; the state from the other
// outcome writes the second value as it enters the point, and must then
// be compared on x.
func TestSingleValuedLocations(t *testing.T) {
	patterns := []string{"./testdata/prune", "./testdata/demo"}
	if os.Getenv("GOSYMTEST_DIFF_N") != "" {
		patterns = []string{"./testdata/..."}
	}
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	var on, off counts
	withSingles := New(prog.SSA, nil, Options{counts: &on})
	without := New(prog.SSA, nil, Options{NoSingle: true, counts: &off})
	cfg := func(p func() machine.Pruner) machine.Config {
		return machine.Config{MaxWork: testdataWork, Bounds: machine.Bounds{MaxElems: 3, MaxLen: 4}, Pruner: p}
	}
	checked := 0
	for _, p := range prog.Packages {
		for _, fn := range p.Targets {
			if symbolic.SkipReason(fn) != "" {
				continue
			}
			checked++
			before := on.wrongSingles.Load()
			a := exploreIn(t, prog.SSA, fn, cfg(withSingles))
			b := exploreIn(t, prog.SSA, fn, cfg(without))
			if n := on.wrongSingles.Load() - before; n > 0 {
				t.Errorf("%s: %d locations left out as single-valued differ between a state and the snapshot it matched", fn, n)
			}
			if a.sum.Exhausted != b.sum.Exhausted {
				t.Errorf("%s: exhausted %v with single-valued locations left out, %v without", fn, a.sum.Exhausted, b.sum.Exhausted)
			}
			if x, y := blockSet(a.covered), blockSet(b.covered); !slices.Equal(x, y) {
				t.Errorf("%s: covered %v with single-valued locations left out, %v without", fn, x, y)
			}
		}
	}
	t.Logf("%d functions; locations of states read by matches: %d with single-valued ones left out, %d without",
		checked, on.lookups.Load(), off.lookups.Load())
	if on.lookups.Load() >= off.lookups.Load() {
		t.Errorf("matching read %d locations of states with single-valued ones left out, no fewer than the %d without", on.lookups.Load(), off.lookups.Load())
	}
}
