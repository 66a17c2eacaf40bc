package detector

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// TestFinishRuleChangesNothingButTheWork is the differential test of the
// finish rule (machine.Config.NoFinishEarly): with it, the searches of
// utf8's loops and of the detector's fixtures end once no state left can
// reach code or an if's edge no test covers, and their tests cover the
// same blocks and edges of the package as the searches that run on to
// the work bound, with less work.
func TestFinishRuleChangesNothingButTheWork(t *testing.T) {
	reach, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/detector/reach"}})
	if err != nil {
		t.Fatal(err)
	}
	type subject struct {
		prog *loader.Program
		fn   *ssa.Function
	}
	var subjects []subject
	for _, name := range []string{"Runes", "Valid"} {
		subjects = append(subjects, subject{reach, reach.Packages[0].SSA.Func(name)})
	}
	for _, fn := range pruneFixtures(t).Packages[0].Targets {
		subjects = append(subjects, subject{pruneFixtures(t), fn})
	}
	finished, saved := 0, int64(0)
	for _, sub := range subjects {
		pkg := sub.fn.Pkg
		cfg := func(off bool) machine.Config {
			return machine.Config{MaxWork: 2_000_000, Bounds: machine.Bounds{MaxLen: 16}, Pruner: New(sub.prog.SSA, nil, Options{}), NoFinishEarly: off}
		}
		on, off := exploreIn(t, sub.prog.SSA, sub.fn, cfg(false)), exploreIn(t, sub.prog.SSA, sub.fn, cfg(true))
		name := loader.FuncName(sub.fn)
		if got, want := ownBlocks(on.covered, pkg), ownBlocks(off.covered, pkg); !slices.Equal(got, want) {
			t.Errorf("%s: the rule's tests cover blocks %v of the package, without it %v", name, got, want)
		}
		if got, want := ownEdges(on.edges, pkg), ownEdges(off.edges, pkg); !slices.Equal(got, want) {
			t.Errorf("%s: the rule's tests take edges %v of the package, without it %v", name, got, want)
		}
		if off.sum.FinishedEarly > 0 {
			t.Errorf("%s: finished early with the rule off", name)
		}
		if on.sum.FinishedEarly > 0 {
			finished++
			saved += off.sum.Work - on.sum.Work
			if on.sum.Exhausted {
				t.Errorf("%s: the rule ended the search, yet the exploration claims to be exhausted", name)
			}
		}
		t.Logf("%s: work %d with the rule (finished early: %v, exhausted %v), %d without (exhausted %v)", name, on.sum.Work, on.sum.FinishedEarly > 0, on.sum.Exhausted, off.sum.Work, off.sum.Exhausted)
		if off.sum.Exhausted && off.sum.ExplorationWork() < cfg(true).MaxWork/8 && !on.sum.Exhausted {
			t.Errorf("%s: exhausted within an eighth of the work bound without the rule, not with it", name)
		}
	}
	if finished == 0 || saved <= 0 {
		t.Errorf("the rule ended %d searches early and saved %d work: it did nothing", finished, saved)
	}
}

// ownEdges lists the edges of pkg's functions in taken, by function.
func ownEdges(taken map[concrete.Edge]bool, pkg *ssa.Package) []string {
	var out []string
	for e := range taken {
		if e.From.Parent().Pkg == pkg {
			out = append(out, e.From.Parent().Name()+"."+e.From.String()+"->"+e.To.String())
		}
	}
	slices.Sort(out)
	return out
}
