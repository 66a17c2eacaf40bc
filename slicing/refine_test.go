package slicing

import (
	"testing"
)

// snapshotAt returns the published snapshot at key ("Store.b0").
func (fx *fixture) snapshotAt(key string) *Snapshot {
	for _, s := range fx.snap {
		if fx.keyOf(s) == key {
			return s
		}
	}
	fx.t.Fatalf("no snapshot at %s", key)
	return nil
}

// Dynamic refinement (§3.4): once the block that made the branch on *p
// relevant is covered, every location of Store's sets was there for that
// branch alone, and Refine drops them all; before, it keeps them.
func TestRefineDropsWhatCoveredCodeNeeded(t *testing.T) {
	fx := prog(t, "Store")
	fx.coverAllBut(fx.block("Store", 3))
	fx.run("Store", nil, []bool{false, false})
	at := fx.snapshotAt("Store.b0")
	if r := at.Refine(fx.rel); r != at {
		t.Fatalf("refined while b3 is uncovered: %v", r.Locs)
	}
	epoch := fx.g.Epoch()
	fx.coverAllBut()
	fx.g.cover(&node{events: []*evRec{}}) // no instructions: the epoch stays
	r := at.Refine(fx.rel)
	if len(r.Locs) != 0 || len(r.Constraints()) != 0 {
		t.Errorf("Store.b0 after b3 is covered: locations %v, constraints %v; want none", r.Locs, r.Constraints())
	}
	if len(at.Locs) != 3 {
		t.Errorf("Refine changed the original: %v", at.Locs)
	}
	if fx.g.Epoch() != epoch {
		t.Errorf("epoch moved without a covering through the graph")
	}
}

// With refinement off, nothing is ever dropped.
func TestNoRefineKeepsEverything(t *testing.T) {
	fx := prog(t, "Store")
	fx.g = New(fx.a, fx.rel, Options{NoRefine: true, Publish: func(s *Snapshot) { fx.snap = append(fx.snap, s) }})
	fx.coverAllBut(fx.block("Store", 3))
	fx.run("Store", nil, []bool{false, false})
	at := fx.snapshotAt("Store.b0")
	fx.coverAllBut()
	if r := at.Refine(fx.rel); len(r.Locs) != len(at.Locs) {
		t.Errorf("refined with NoRefine: %v to %v", at.Locs, r.Locs)
	}
}

// The unsound slice of §3.6 follows data and control dependences only:
// Store's branch on c is relevant by a potential dependence alone, so c
// is in the sound set at b0 and not in the unsound one.
func TestUnsoundSliceSkipsPotentialDependences(t *testing.T) {
	fx := prog(t, "Store")
	var unsound []*Snapshot
	fx.g = New(fx.a, fx.rel, Options{Unsound: true, Publish: func(s *Snapshot) {
		if s.Unsound {
			unsound = append(unsound, s)
		} else {
			fx.snap = append(fx.snap, s)
		}
	}})
	fx.coverAllBut(fx.block("Store", 3))
	fx.run("Store", nil, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"Store.b0": "{*p, c, p}",
		"Store.b2": "{*p, p}",
		"Store.b4": "{}",
	})
	fx.snap = unsound
	checkSets(t, fx.sets(), map[string]string{
		"Store.b0": "{*p, p}",
		"Store.b2": "{*p, p}",
		"Store.b4": "{}",
	})
}
