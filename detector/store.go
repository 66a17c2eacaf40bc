package detector

import (
	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/slicing"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// store holds the snapshots of finished subtrees (§3.2) by
// context-sensitive point, each point's in a decision tree (§3.7).
type store struct {
	points map[uint64][]*point
	// singles are the single-valued locations (§3.5), which the trees
	// leave out.
	singles *singles
	// counts, when set, adds up the locations of states that matches
	// read (Options.counts).
	counts *counts
}

// point is the snapshots recorded at one context, as refined at epoch
// (§3.4: as code gets covered their relevant sets shrink), and their
// tree, built when the singles epoch was singles.
type point struct {
	ctx     machine.Context
	snaps   []*slicing.Snapshot
	epoch   int
	singles int
	tree    *tree[machine.Loc, *indexed]
}

// indexed is a snapshot as its point's tree holds it: only the
// locations at compare (indices into its Locs) are compared; the others
// were single-valued when the tree was built.
type indexed struct {
	snap    *slicing.Snapshot
	compare []int
}

// refine brings the point's snapshots to the relevance of epoch (nil rel:
// no refinement), and rebuilds its tree when any changed or a location
// it left out has since got a second value.
func (pt *point) refine(epoch int, rel *cdg.Relevance, sv *singles) {
	changed := false
	if rel != nil && pt.epoch != epoch {
		pt.epoch = epoch
		for i, s := range pt.snaps {
			if r := s.Refine(rel); r != s {
				pt.snaps[i], changed = r, true
			}
		}
	}
	if !changed && pt.singles == sv.epoch {
		return
	}
	pt.singles = sv.epoch
	pt.tree = newTree[machine.Loc, *indexed]()
	for _, s := range pt.snaps {
		pt.index(s, sv)
	}
}

// index adds snapshot s to the point's tree, leaving out the locations
// that are single-valued now.
func (pt *point) index(s *slicing.Snapshot, sv *singles) {
	ix := &indexed{snap: s}
	var locs []machine.Loc
	var keys []uint64
	for i, l := range s.Locs {
		if sv.leaveOut(pt.ctx, l, s.Values[i]) {
			continue
		}
		ix.compare = append(ix.compare, i)
		locs = append(locs, l)
		keys = append(keys, value.Hash(s.Values[i]))
	}
	pt.tree.add(locs, keys, ix)
}

func newStore(sv *singles, c *counts) store {
	return store{points: make(map[uint64][]*point), singles: sv, counts: c}
}

// add files a snapshot the slicing graph published, at epoch (it is
// refined to the relevance of then already).
func (st *store) add(snap *slicing.Snapshot, epoch int) {
	h := snap.Ctx.Hash()
	var pt *point
	for _, p := range st.points[h] {
		if p.ctx.Equal(snap.Ctx) {
			pt = p
			break
		}
	}
	if pt == nil {
		pt = &point{ctx: snap.Ctx, epoch: epoch, singles: st.singles.epoch, tree: newTree[machine.Loc, *indexed]()}
		st.points[h] = append(st.points[h], pt)
	}
	pt.snaps = append(pt.snaps, snap)
	pt.index(snap, st.singles)
}

// match finds a snapshot at s's context that s matches (§3.3): every
// relevant location holds the same value in s as in the snapshot, and the
// snapshot's relevant constraints are among s's. nil when none does.
// With rel, the snapshots are first refined to the relevance of epoch.
func (st *store) match(ctx machine.Context, s *machine.State, cond map[expr.Expr]bool, epoch int, rel *cdg.Relevance) *slicing.Snapshot {
	var pt *point
	for _, p := range st.points[ctx.Hash()] {
		if p.ctx.Equal(ctx) {
			pt = p
			break
		}
	}
	if pt == nil {
		return nil
	}
	pt.refine(epoch, rel, st.singles)
	values := make(map[machine.Loc]value.Value)
	valueOf := func(l machine.Loc) value.Value {
		v, ok := values[l]
		if !ok {
			v = s.ValueAt(l)
			values[l] = v
		}
		return v
	}
	var found *slicing.Snapshot
	pt.tree.lookup(
		func(l machine.Loc) (uint64, bool) { return value.Hash(valueOf(l)), true },
		func(ix *indexed) bool {
			snap := ix.snap
			for _, i := range ix.compare {
				if !value.Same(valueOf(snap.Locs[i]), snap.Values[i]) {
					return false
				}
			}
			for _, c := range snap.Constraints() {
				if !cond[c] {
					return false
				}
			}
			st.singles.check(s, ix)
			found = snap
			return true
		})
	if st.counts != nil {
		st.counts.lookups.Add(int64(len(values)))
	}
	return found
}
