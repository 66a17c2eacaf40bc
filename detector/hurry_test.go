package detector

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/slicing"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// A state told to Wait hurries the states below the visit it waits for,
// those forked there later included, and only those, until the first of
// the visit's waiters is asked about again or the visit's subtree ends;
// a visit is hurried once only.
func TestHurryIsTheAwaitedSubtree(t *testing.T) {
	prog := pruneFixtures(t)
	a := cdg.New(prog.SSA, cdg.Options{})
	g := slicing.New(a, a.Relevance(pruneFunc(t, "TwoBranches")), slicing.Options{Publish: func(*slicing.Snapshot) {}})
	aw := newAwaited()
	hurried := func() (ids []int) {
		for id := 1; id <= 7; id++ {
			if aw.hurried(id) {
				ids = append(ids, id)
			}
		}
		return ids
	}
	fork := func(parent, child int) {
		g.Fork(parent, child)
		aw.forked(parent, child)
	}
	// State 1 forks 2, the first visitor of some point, and then 3,
	// which comes to the point behind 2.
	g.Root(1, []int32{1}, nil)
	fork(1, 2)
	visit := g.Mark(2)
	fork(1, 3)
	if got := hurried(); len(got) != 0 {
		t.Errorf("before any wait, states %v are hurried", got)
	}
	aw.wait(g, visit, 3)
	if got := hurried(); !slices.Equal(got, []int{2}) {
		t.Errorf("while 3 waits for 2's visit, states %v are hurried; want [2]", got)
	}
	fork(2, 4)
	fork(1, 5)
	aw.wait(g, visit, 5)
	if got := hurried(); !slices.Equal(got, []int{2, 4}) {
		t.Errorf("after 2 forked 4 and 1 forked 5, which waits too, states %v are hurried; want [2 4]", got)
	}
	aw.done(3)
	if got := hurried(); len(got) != 0 {
		t.Errorf("once 3 waits no more, states %v are hurried", got)
	}
	fork(1, 6)
	aw.wait(g, visit, 6)
	if got := hurried(); len(got) != 0 {
		t.Errorf("when 6 waits for the visit hurried before, states %v are hurried", got)
	}
	// 4 stands at another point first; 5 comes behind it there.
	deeper := g.Mark(4)
	fork(4, 7)
	aw.wait(g, deeper, 5)
	if got := hurried(); !slices.Equal(got, []int{4, 7}) {
		t.Errorf("while 5 waits for 4's visit, states %v are hurried; want [4 7]", got)
	}
	for _, id := range []int{7, 4} {
		g.End(id, machine.EndReturn, true, true, nil)
		aw.ended(id)
	}
	if got := hurried(); len(got) != 0 {
		t.Errorf("once 4's subtree has ended, states %v are hurried", got)
	}
	if len(aw.waiters)+len(aw.waiting)+len(aw.below)+len(aw.above) != 0 {
		t.Errorf("an ended visit is still awaited: %d visits, %d waiters", len(aw.waiters), len(aw.waiting))
	}
}

// The detector hurries only when a state waits, and not at all with
// Options.NoHurry; either way it covers what the unpruned search covers.
func TestHurrySwitch(t *testing.T) {
	fn := pruneFunc(t, "Indep5")
	none := exploreFixture(t, fn, nil, fixtureWork)
	for _, tc := range []struct {
		opts Options
		some bool
	}{{Options{}, true}, {Options{NoHurry: true}, false}} {
		c := &hurryCounter{detector: New(pruneFixtures(t).SSA, nil, tc.opts)().(*detector)}
		r := exploreFixture(t, fn, func() machine.Pruner { return c }, fixtureWork)
		if c.stillWaiting > 0 {
			t.Errorf("NoHurry %v: %d states asked about again still hurry the visit they waited for", tc.opts.NoHurry, c.stillWaiting)
		}
		if (c.hurried > 0) != tc.some {
			t.Errorf("NoHurry %v: %d states hurried of %d asked about", tc.opts.NoHurry, c.hurried, c.asked)
		}
		if a, b := blockSet(none.covered), blockSet(r.covered); !r.sum.Exhausted || !slices.Equal(a, b) {
			t.Errorf("NoHurry %v: exhausted %v, covered %v; without pruning %v", tc.opts.NoHurry, r.sum.Exhausted, b, a)
		}
		if aw := c.awaited; len(aw.waiters)+len(aw.waiting)+len(aw.below)+len(aw.above) != 0 {
			t.Errorf("NoHurry %v: every path ended, but %d visits are still awaited and %d states hurried", tc.opts.NoHurry, len(aw.waiters), len(aw.above))
		}
	}
}

// hurryCounter is the detector, counting its answers to Hurry and the
// states that still waited after they were asked about again.
type hurryCounter struct {
	*detector
	asked, hurried, stillWaiting int
}

func (c *hurryCounter) Recheck(s *machine.State) machine.Verdict {
	v := c.detector.Recheck(s)
	if _, ok := c.awaited.waiting[s.ID()]; ok {
		c.stillWaiting++
	}
	return v
}

func (c *hurryCounter) Hurry(s *machine.State) bool {
	h := c.detector.Hurry(s)
	c.asked++
	if h {
		c.hurried++
	}
	return h
}
