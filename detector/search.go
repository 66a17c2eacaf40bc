package detector

import (
	"github.com/gosymtest/gosymtest/slicing"
	"github.com/gosymtest/gosymtest/symbolic"
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
// pruned. Neither heuristic prunes: both only reorder.
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
	ctx  symbolic.Context
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
// another path's visit still open there, not being part of it; when no
// visit is open there, id's becomes the point's visit.
func (v visits) behind(g *slicing.Graph, ctx symbolic.Context, id int) bool {
	h := ctx.Hash()
	list := v[h]
	open := list[:0]
	behind, below := false, false
	for _, vi := range list {
		if !vi.mark.Open() {
			continue // its snapshots are in the store now
		}
		open = append(open, vi)
		if vi.ctx.Equal(ctx) {
			if g.Below(id, vi.mark) {
				below = true // a later visit of the same path (a loop)
			} else {
				behind = true
			}
		}
	}
	if !behind && !below {
		open = append(open, visit{ctx: ctx, mark: g.Mark(id)})
	}
	v[h] = open
	return behind
}
