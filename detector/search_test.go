package detector

import (
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestLongOpenVisitKeepsCoverage: regexp/syntax's parse loops over its
// input, and the first visit of its loop head stays open for as long as
// the exploration runs. When every later state that reached a point
// behind an open visit was put off there, again at each point, the search
// followed the first visitors alone and covered fewer blocks with the
// detector than without it at the same work bound; a state is now put off
// that way once only (search.go).
func TestLongOpenVisitKeepsCoverage(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"regexp/syntax"}})
	if err != nil || len(prog.Packages) != 1 {
		t.Fatalf("regexp/syntax did not load: %v", err)
	}
	for _, fn := range prog.Packages[0].Targets {
		if loader.FuncName(fn) != "parse" {
			continue
		}
		const work = 3_000_000
		none := exploreIn(t, prog.SSA, fn, machine.Config{MaxWork: work})
		rse := exploreIn(t, prog.SSA, fn, machine.Config{MaxWork: work, Pruner: New(prog.SSA, nil, Options{})})
		own := func(r run) int {
			n := 0
			for b := range r.covered {
				if b.Parent() == fn {
					n++
				}
			}
			return n
		}
		without, with := own(none), own(rse)
		t.Logf("parse at work %d: %d of its blocks covered without the detector, %d with it (%d paths, %d pruned)",
			work, without, with, rse.sum.Paths, rse.sum.Pruned)
		if with < without {
			t.Errorf("the detector covers %d blocks of parse, fewer than the %d without it", with, without)
		}
		return
	}
	t.Fatal("regexp/syntax has no target parse")
}
