package detector

import (
	"context"
	"sort"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic"
	"golang.org/x/tools/go/ssa"
)

// run explores fn with cfg and returns its summary and the blocks that
// the replayed tests enter.
func run(t *testing.T, prog *ssa.Program, fn *ssa.Function, cfg symbolic.Config) (*symbolic.Summary, map[*ssa.BasicBlock]bool) {
	t.Helper()
	z3, err := solver.NewZ3(solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer z3.Close()
	tested := make(map[*ssa.BasicBlock]bool)
	cfg.Solver = z3
	cfg.Sink = symbolic.SinkFunc(func(p *symbolic.PathEnd) {
		if p.Test != nil && p.Test.Replayed {
			for _, b := range p.Blocks {
				tested[b] = true
			}
		}
	})
	sum, err := symbolic.NewEngine(prog, cfg).Explore(context.Background(), fn)
	if err != nil {
		t.Fatal(err)
	}
	return sum, tested
}

// TestPruningKeepsCoverageOnFixtures is the differential check on every
// function of the executor's fixtures: with the detector, the tests
// enter every block they enter without it wherever the run without it
// explored everything; and a function the detector's run calls
// exhausted has no block that the run without it covers and it does not
// (a dead claim refuted).
func TestPruningKeepsCoverageOnFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("explores every fixture twice")
	}
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/exec/..."}})
	if err != nil {
		t.Fatal(err)
	}
	rse := New(prog.SSA, Options{})
	var fns []*ssa.Function
	for _, p := range prog.Packages {
		fns = append(fns, p.Targets...)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].String() < fns[j].String() })
	var pruned, exhaustedNone, exhaustedRSE int
	for _, fn := range fns {
		base := symbolic.Config{MaxWork: 400000, NoBoundaries: true, NoMutants: true}
		sumNone, none := run(t, prog.SSA, fn, base)
		withRSE := base
		withRSE.Pruner = rse
		sumRSE, got := run(t, prog.SSA, fn, withRSE)
		pruned += sumRSE.Pruned
		if sumNone.Exhausted {
			exhaustedNone++
		}
		if sumRSE.Exhausted {
			exhaustedRSE++
		}
		if !sumNone.Exhausted && !sumRSE.Exhausted {
			continue
		}
		for b := range none {
			if !got[b] {
				t.Errorf("%s: block %d of %s is covered without pruning, not with it (exhausted: none %v, rse %v)",
					fn, b.Index, b.Parent(), sumNone.Exhausted, sumRSE.Exhausted)
			}
		}
	}
	t.Logf("%d functions; %d states pruned; exhausted: none %d, rse %d", len(fns), pruned, exhaustedNone, exhaustedRSE)
	if pruned == 0 {
		t.Error("the detector pruned nothing on the fixtures")
	}
}
