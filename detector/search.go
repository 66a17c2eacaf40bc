package detector

import (
	"github.com/gosymtest/gosymtest/slicing"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// The searcher's side of the detector. Bugrara and Engler's relevant
// search (§3.6) puts off a state that matches an unsound relevant set:
// it is probably redundant, and states that are not are likelier to
// reach new code. A snapshot exists only once the subtree below its
// point has ended, so a second heuristic serves the same end: a state
// that reaches a point another path has reached first, and whose subtree
// is still open, is told to Wait. It would probably match the snapshot
// that subtree leaves; run later, when the engine asks again (Recheck),
// it is pruned if it does. Without it a breadth-first search lets states
// through every point before any snapshot is there, and nothing gets
// pruned. Meanwhile the states of the subtree it waits for are hurried:
// the searcher favours them (Hurry), so that the subtree, and with it
// the snapshot, is likelier to end before the wait does (awaited, below,
// says for how long). None of these heuristics prunes: they only
// reorder.
//
// A wait lasts a while (the engine's waitPicks), because a subtree may
// stay open long: a parser's loop head's first visit ends only when the
// whole exploration does. A state put off for good there starves the
// part of the search it leads to: text/scanner's scanNumber covered 30.2
// blocks on average over four seeds with the detector, against 35.0
// without it and 32.2 with a wait (-max-work 5000000). A state waits
// once only, for the same reason: when every later state that reached a
// point behind an open visit was put off, again at each point, the
// search followed the first visitors alone (regexp/syntax's parse
// covered 51 of 102 blocks that way, against 58 without the detector and
// 76 with one deferral per state, -budget 60s -max-work 3000000). Once
// is enough where the heuristic pays: a join whose first visit ends soon
// (testdata/prune's Indep16 explores 8 paths, against 9 with no limit).

// visits holds, by context hash, the first visit of each point whose
// subtree is open.
type visits map[uint64][]visit

type visit struct {
	ctx  machine.Context
	mark slicing.Mark
}

// putOff records the states the detector has put off for coming behind
// an open visit, which it does once per state.
type putOff map[int]bool

// first reports whether id has not been put off for it before, and
// records that it has now.
func (p putOff) first(id int) bool {
	if p[id] {
		return false
	}
	p[id] = true
	return true
}

// behind reports whether the state id at context ctx comes behind
// another path's visit still open there, not being part of it, and
// where that visit was; when no visit is open there, id's becomes the
// point's visit.
func (v visits) behind(g *slicing.Graph, ctx machine.Context, id int) (bool, slicing.Mark) {
	h := ctx.Hash()
	list := v[h]
	open := list[:0]
	behind, below := false, false
	var first slicing.Mark
	for _, vi := range list {
		if !vi.mark.Open() {
			continue // its snapshots are in the store now
		}
		open = append(open, vi)
		if vi.ctx.Equal(ctx) {
			if g.Below(id, vi.mark) {
				below = true // a later visit of the same path (a loop)
			} else {
				behind, first = true, vi.mark
			}
		}
	}
	if !behind && !below {
		open = append(open, visit{ctx: ctx, mark: g.Mark(id)})
	}
	v[h] = open
	return behind, first
}

// awaited holds the open visits that states told to Wait wait for, with
// those states, and the states still running below each such visit: the
// hurried ones. It is kept up as states fork and end, so that Hurry,
// asked for every runnable state before each pick, is a look-up.
//
// A visit is hurried until its subtree ends or the first of its waiters
// is asked about again (Recheck), and never after: by then the wait it
// was hurried for is over, and a subtree that has not ended is one of
// those that stay open long, which would otherwise be hurried again for
// each state that comes to wait behind it.
type awaited struct {
	waiters map[slicing.Mark]map[int]bool // each awaited visit's waiting states
	waiting map[int]slicing.Mark          // each waiting state's visit
	below   map[slicing.Mark]map[int]bool // each awaited visit's states below it
	above   map[int]map[slicing.Mark]bool // each hurried state's awaited visits
	spent   map[slicing.Mark]bool         // the visits hurried before, not again
}

func newAwaited() awaited {
	return awaited{
		waiters: map[slicing.Mark]map[int]bool{},
		waiting: map[int]slicing.Mark{},
		below:   map[slicing.Mark]map[int]bool{},
		above:   map[int]map[slicing.Mark]bool{},
		spent:   map[slicing.Mark]bool{},
	}
}

// wait records that state id waits for the visit at m, which is hurried
// unless it was before.
func (a awaited) wait(g *slicing.Graph, m slicing.Mark, id int) {
	if a.spent[m] {
		return
	}
	if a.waiters[m] == nil {
		a.waiters[m], a.below[m] = map[int]bool{}, map[int]bool{}
		for _, s := range g.StatesBelow(m) {
			a.link(m, s)
		}
	}
	a.waiters[m][id] = true
	a.waiting[id] = m
}

// link records that state s runs below the awaited visit m.
func (a awaited) link(m slicing.Mark, s int) {
	a.below[m][s] = true
	if a.above[s] == nil {
		a.above[s] = map[slicing.Mark]bool{}
	}
	a.above[s][m] = true
}

// forked records that child was copied from parent: it runs below the
// same visits.
func (a awaited) forked(parent, child int) {
	for m := range a.above[parent] {
		a.link(m, child)
	}
}

// done records that state id waits no more: its visit's hurry is spent.
func (a awaited) done(id int) {
	if m, ok := a.waiting[id]; ok {
		a.release(m)
		a.spent[m] = true
	}
}

// ended records that state id's path ended. A visit with no state left
// below it has ended too: its snapshots are in the store, and its
// waiters find them when asked about again.
func (a awaited) ended(id int) {
	a.done(id)
	for m := range a.above[id] {
		delete(a.below[m], id)
		if len(a.below[m]) == 0 {
			a.release(m)
		}
	}
	delete(a.above, id)
}

// release forgets the awaited visit m.
func (a awaited) release(m slicing.Mark) {
	for s := range a.below[m] {
		delete(a.above[s], m)
		if len(a.above[s]) == 0 {
			delete(a.above, s)
		}
	}
	for w := range a.waiters[m] {
		delete(a.waiting, w)
	}
	delete(a.below, m)
	delete(a.waiters, m)
}

// hurried reports whether state id runs below a visit some state waits
// for.
func (a awaited) hurried(id int) bool { return len(a.above[id]) > 0 }
