package detector

import (
	"os"
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// testdataWork bounds each exploration of TestTestdataCoverageKept, as
// the points-to check on the fixtures does.
const testdataWork = 150_000

// TestTestdataCoverageKept is the differential on every function of
// testdata (pruning must be sound): wherever the unpruned search is
// exhausted, the detector's covers the same blocks, and wherever the
// detector's is exhausted it covers all that the unpruned one did. A
// function whose unpruned search covers differently on a second run (it
// reads the clock or the environment) is left out, and logged. By default
// it checks a few fixture packages; with the full differential
// (GOSYMTEST_DIFF_N set) every package of testdata: 383 functions, 3 to 6
// minutes on 2 cores.
func TestTestdataCoverageKept(t *testing.T) {
	patterns := []string{"./testdata/demo", "./testdata/exec/classic", "./testdata/exec/basics", "./testdata/prune"}
	if os.Getenv("GOSYMTEST_DIFF_N") != "" {
		patterns = []string{"./testdata/..."}
	}
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	pruner := New(prog.SSA, nil, Options{})
	cfg := func(p func() machine.Pruner) machine.Config {
		return machine.Config{MaxWork: testdataWork, Bounds: machine.Bounds{MaxElems: 3, MaxLen: 4}, Pruner: p}
	}
	checked, exhausted := 0, 0
	for _, p := range prog.Packages {
		for _, fn := range p.Targets {
			if symbolic.SkipReason(fn) != "" {
				continue
			}
			none := exploreIn(t, prog.SSA, fn, cfg(nil))
			rse := exploreIn(t, prog.SSA, fn, cfg(pruner))
			checked++
			if none.sum.Exhausted {
				exhausted++
			}
			problems := compareArms(arm{exhausted: none.sum.Exhausted, covered: none.covered}, arm{exhausted: rse.sum.Exhausted, covered: rse.covered}, nil, nil)
			if len(problems) == 0 {
				continue
			}
			again := exploreIn(t, prog.SSA, fn, cfg(nil))
			if a, b := blockSet(none.covered), blockSet(again.covered); !slices.Equal(a, b) {
				t.Logf("%s: left out, two unpruned runs cover differently", fn)
				continue
			}
			for _, pr := range problems {
				t.Errorf("%s: %s", fn, pr)
			}
		}
	}
	t.Logf("%d functions checked, %d exhausted without pruning", checked, exhausted)
}
