package cdg

import (
	"testing"

	"golang.org/x/tools/go/ssa"
)

// An if whose two successors are covered still counts for MayOpen until
// a test has taken both its edges: Twice's "if x > 5" is covered with
// a++ and the return after it, but the edge straight from the if to the
// return is a test no one has. CanCover, which counts segments alone,
// has nothing left by then.
func TestMayOpenWaitsForBothEdgesOfAnIf(t *testing.T) {
	a, fns := setup(t, "flow")
	twice, helper := fns["Twice"], fns["helper"]
	r := a.Relevance(twice)
	coverFunc(r, a, helper)
	for _, b := range helper.Blocks {
		for _, succ := range b.Succs {
			r.CoverEdge(b, succ)
		}
	}
	coverFunc(r, a, twice)
	start := []Resume{entry(twice)}
	if r.CanCover(start) {
		t.Fatal("every segment covered: CanCover has nothing left")
	}
	cond := twice.Blocks[0]
	if !r.MayOpen(start) {
		t.Fatal("no edge of Twice's if taken yet: MayOpen must still see them")
	}
	r.CoverEdge(cond, cond.Succs[0]) // x > 5: a++
	if !r.MayOpen(start) {
		t.Fatal("the edge from the if to the return is still untaken")
	}
	// A state past the if, at the second call of helper, can take no
	// edge of it again.
	second := []Resume{{At: callSite(t, a, twice, "helper", 1)}, entry(helper)}
	if r.MayOpen(second) {
		t.Fatal("after the if: nothing new is ahead")
	}
	r.CoverEdge(cond, cond.Succs[1])
	if r.MayOpen(start) {
		t.Fatal("both edges taken: nothing is left for MayOpen")
	}
}

// An edge taken before its if's segment is covered counts once the
// segment is: the order in which paths report does not matter.
func TestMayOpenEdgesBeforeTheSegment(t *testing.T) {
	a, fns := setup(t, "flow")
	count := fns["Count"]
	r := a.Relevance(count)
	cond := count.Blocks[0]
	for _, succ := range cond.Succs {
		r.CoverEdge(cond, succ)
	}
	if !r.MayOpen([]Resume{entry(count)}) {
		t.Fatal("nothing covered yet")
	}
	coverFunc(r, a, count)
	if r.MayOpen([]Resume{entry(count)}) {
		t.Fatal("Count covered with both edges of its if taken: nothing is left")
	}
}

// Focus leaves the code of the functions the run explores on their own
// to them: once Twice's code and edges are covered, helper's uncovered
// code keeps a state at Twice's entry going only when helper is not
// explored on its own.
func TestFocusLeavesExploredFunctionsToThemselves(t *testing.T) {
	a, fns := setup(t, "flow")
	twice, helper := fns["Twice"], fns["helper"]
	cover := func(r *Relevance) {
		coverFunc(r, a, twice)
		for _, b := range twice.Blocks {
			for _, succ := range b.Succs {
				r.CoverEdge(b, succ)
			}
		}
	}
	start := []Resume{entry(twice)}
	alone := a.Relevance(twice)
	cover(alone)
	if !alone.MayOpen(start) {
		t.Fatal("helper's code is uncovered and helper is explored by no one else: it must count")
	}
	focused := a.Relevance(twice)
	focused.Focus(twice, func(fn *ssa.Function) bool { return fn == helper })
	if !focused.MayOpen(start) {
		t.Fatal("nothing of Twice covered yet")
	}
	cover(focused)
	if focused.MayOpen(start) {
		t.Fatal("helper is explored on its own: its code must not keep Twice's search going")
	}
}

// After Focus, a frame in a function outside the root's part of the
// graph (a constructor's, making an input in a prologue) is asked what
// it reaches, not taken to reach anything: Twice, which helper's part
// does not hold, reaches helper's code while that is uncovered, and
// nothing once it is. Without Focus it may reach anything.
func TestMayOpenAsksFramesOutsideTheRootsPart(t *testing.T) {
	a, fns := setup(t, "flow")
	twice, helper := fns["Twice"], fns["helper"]
	prologue := []Resume{entry(helper), entry(twice)}
	plain := a.Relevance(helper)
	r := a.Relevance(helper)
	r.Focus(helper, func(fn *ssa.Function) bool { return fn != helper })
	if !r.MayOpen([]Resume{entry(twice)}) {
		t.Fatal("Twice calls helper, none of whose code is covered yet")
	}
	for _, rel := range []*Relevance{plain, r} {
		coverFunc(rel, a, helper)
		for _, b := range helper.Blocks {
			for _, succ := range b.Succs {
				rel.CoverEdge(b, succ)
			}
		}
	}
	if r.MayOpen([]Resume{entry(helper)}) {
		t.Fatal("helper covered with every edge taken: nothing is left from its entry")
	}
	if r.MayOpen(prologue) {
		t.Fatal("Twice's code is explored on its own: from its entry only helper's code counts, and that is covered")
	}
	if !plain.MayOpen(prologue) {
		t.Fatal("without Focus, a frame outside helper's part may reach anything")
	}
}
