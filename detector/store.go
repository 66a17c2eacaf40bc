package detector

import (
	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/slicing"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// store holds the snapshots of finished subtrees (§3.2) by
// context-sensitive point, each point's in a decision tree (§3.7).
type store struct {
	points map[uint64][]*point
	// lookups counts the location look-ups of every match, for the
	// statistics.
	matches, hits int
}

// point is the snapshots recorded at one context, as refined at epoch
// (§3.4: as code gets covered their relevant sets shrink), and their
// tree.
type point struct {
	ctx   symbolic.Context
	snaps []*slicing.Snapshot
	epoch int
	tree  *tree[symbolic.Loc, *slicing.Snapshot]
}

// refine brings the point's snapshots to the relevance of epoch, and
// rebuilds its tree when any changed.
func (pt *point) refine(epoch int, rel *cdg.Relevance) {
	if pt.epoch == epoch {
		return
	}
	pt.epoch = epoch
	changed := false
	for i, s := range pt.snaps {
		if r := s.Refine(rel); r != s {
			pt.snaps[i], changed = r, true
		}
	}
	if !changed {
		return
	}
	pt.tree = newTree[symbolic.Loc, *slicing.Snapshot]()
	for _, s := range pt.snaps {
		pt.tree.add(s.Locs, valueKeys(s.Values), s)
	}
}

func valueKeys(vals []symbolic.Value) []uint64 {
	keys := make([]uint64, len(vals))
	for i, v := range vals {
		keys[i] = symbolic.ValueHash(v)
	}
	return keys
}

func newStore() store { return store{points: make(map[uint64][]*point)} }

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
		pt = &point{ctx: snap.Ctx, epoch: epoch, tree: newTree[symbolic.Loc, *slicing.Snapshot]()}
		st.points[h] = append(st.points[h], pt)
	}
	pt.snaps = append(pt.snaps, snap)
	pt.tree.add(snap.Locs, valueKeys(snap.Values), snap)
}

// match finds a snapshot at s's context that s matches (§3.3): every
// relevant location holds the same value in s as in the snapshot, and the
// snapshot's relevant constraints are among s's. nil when none does.
// With rel, the snapshots are first refined to the relevance of epoch.
func (st *store) match(ctx symbolic.Context, s *symbolic.State, cond map[expr.Expr]bool, epoch int, rel *cdg.Relevance) *slicing.Snapshot {
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
	if rel != nil {
		pt.refine(epoch, rel)
	}
	st.matches++
	values := make(map[symbolic.Loc]symbolic.Value)
	valueOf := func(l symbolic.Loc) symbolic.Value {
		v, ok := values[l]
		if !ok {
			v = s.ValueAt(l)
			values[l] = v
		}
		return v
	}
	var found *slicing.Snapshot
	pt.tree.lookup(
		func(l symbolic.Loc) (uint64, bool) { return symbolic.ValueHash(valueOf(l)), true },
		func(snap *slicing.Snapshot) bool {
			for i, l := range snap.Locs {
				if !symbolic.SameValue(valueOf(l), snap.Values[i]) {
					return false
				}
			}
			for _, c := range snap.Constraints {
				if !cond[c] {
					return false
				}
			}
			found = snap
			return true
		})
	if found != nil {
		st.hits++
	}
	return found
}
