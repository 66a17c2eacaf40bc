package slicing

import (
	"os"
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

const implicitSrc = `package p

var sink int

// b0: t0 = &s[i] (an implicit branch); t1 = *t0; if t1 == 1 b1 b2.
func Idx(s []int, i int) int {
	x := s[i]
	if x == 1 {
		sink = 1
	}
	return x
}

func leaf(v int) int {
	if v == 2 {
		sink = 7
	}
	return 0
}

// b0: if c b1 b2; b1: leaf(v); b2: return 0.
func Outer(c bool, v int) int {
	if c {
		return leaf(v)
	}
	return 0
}
`

// An implicit branch that panics out of the function is an embedded
// halt that decides itself: it is relevant at the end of its path though
// nothing is uncovered, and what it reads is relevant before it.
func TestImplicitHalt(t *testing.T) {
	fx := newFixture(t, implicitSrc, "Idx", cdg.Options{})
	if os.Getenv("SLICING_DUMP") != "" {
		fx.pkg.Func("Idx").WriteTo(os.Stdout)
	}
	fx.coverAllBut()
	b0 := fx.block("Idx", 0)
	addr := b0.Instrs[0]
	if _, ok := addr.(*ssa.IndexAddr); !ok {
		t.Fatalf("Idx.b0 starts with %s, want the IndexAddr", addr)
	}
	fx.w.raise = map[ssa.Instruction]bool{addr: true}
	fx.run("Idx", nil, []bool{})
	checkSets(t, fx.sets(), map[string]string{"Idx.b0": "{i, s}"})

	// When it does not panic, nothing is relevant: all is covered.
	fx = newFixture(t, implicitSrc, "Idx", cdg.Options{})
	fx.coverAllBut()
	fx.run("Idx", nil, []bool{false})
	checkSets(t, fx.sets(), map[string]string{"Idx.b0": "{}", "Idx.b2": "{}"})
}

// Step 6 with a register of a callee: the snapshot names it by depth,
// and the pruned path maps the depth to its own activation.
func TestPrunedInCallee(t *testing.T) {
	fx := newFixture(t, implicitSrc, "Outer", cdg.Options{NoImplicitBranches: true})
	fx.coverAllBut(fx.block("leaf", 1))
	fx.run("Outer", nil, []bool{true, false})
	var at *Snapshot
	for _, s := range fx.snap {
		if fx.keyOf(s) == "leaf.b0" {
			at = s
		}
	}
	if at == nil || len(at.Locs) != 1 || at.Locs[0] != (machine.Loc{Kind: machine.LocReg, Act: 1, Index: 0}) {
		t.Fatalf("want leaf's v at depth 1 in the snapshot at leaf.b0, got %v", at)
	}
	fx.snap = nil
	paths, _, conds := fx.paths("Outer", []bool{true, false})
	fx.g.Root(10, []int32{1}, nil)
	n := 0
	for ; paths[0][n].pt == nil || paths[0][n].pt.at != fx.block("leaf", 0); n++ {
		fx.g.Step(10, paths[0][n].evs, paths[0][n].pt)
	}
	fx.g.Step(10, paths[0][n].evs, paths[0][n].pt) // the call: stands at leaf.b0
	fx.g.Pruned(10, at, conds[0][:1], false)       // the condition where it stands
	checkSets(t, fx.sets(), map[string]string{"Outer.b0": "{c, v}", "Outer.b1": "{v}"})
}
