package slicing

import (
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

const progSrc = `package p

var sink int

// b0: if c b1 b2; b1: jump b2; b2: t0 = φ[0, 1]; t1 = t0 == 1; if t1 b3 b4;
// b3: uncovered.
func Phi(c bool) int {
	x := 0
	if c {
		x = 1
	}
	if x == 1 {
		sink = 1
	}
	return x
}

// b0: if c b1 b2; b1: *p = 1; b2: t0 = *p; if t0 == 1 b3 b4; b3: uncovered.
func Store(c bool, p *int) int {
	if c {
		*p = 1
	}
	if *p == 1 {
		sink = 2
	}
	return 0
}

// Like Store, but the side not taken writes a register only.
func NoStore(c bool, p *int) int {
	y := 0
	if c {
		y = 5
	}
	if *p == 1 {
		sink = y
	}
	return 0
}

// b0: if x > 10 b1 b2; b1: panic; b2: if y == 3 b3 b4.
func Halt(x, y int) int {
	if x > 10 {
		panic("big")
	}
	if y == 3 {
		sink = 1
	}
	return 0
}

// b0: if c b1 b2; b1: if y == 1 b3 b4; b2: if y == 2 b5 b6.
func Two(c bool, y int) int {
	if c {
		if y == 1 {
			sink = 1
		}
		return 1
	}
	if y == 2 {
		sink = 2
	}
	return 2
}

// b0: t0 = a + 1; if c == 7 b1 b2; b2: if t0 > 5 b3 b4.
func Cons(a, c int) int {
	u := a + 1
	if c == 7 {
		sink = 3
	}
	if u > 5 {
		sink = 1
	}
	return 0
}
`

func prog(t *testing.T, root string) *fixture {
	return newFixture(t, progSrc, root, cdg.Options{NoImplicitBranches: true})
}

// The φ case, where a branch off the slice decides a value: x := 0; if c { x = 1 }; if x == 1 {...}. The
// first if is no relevant branch (it controls only covered code) and on
// the path where c is false the φ reads a constant; yet c decides x, so
// c is relevant before the first if.
func TestPhiChoice(t *testing.T) {
	fx := prog(t, "Phi")
	fx.coverAllBut(fx.block("Phi", 3))
	if fx.rel.Relevant(cdg.Branch{Block: fx.block("Phi", 0), Index: len(fx.block("Phi", 0).Instrs) - 1}) {
		t.Fatal("Phi.b0 should not be a relevant static branch")
	}
	fx.run("Phi", nil, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"Phi.b0": "{c}",
		"Phi.b2": "{t0}",
		"Phi.b4": "{}",
	})
}

// A store on the side of a branch the path did not take may write a
// relevant object: the branch is relevant (potential dependence).
func TestPotentialStore(t *testing.T) {
	fx := prog(t, "Store")
	fx.coverAllBut(fx.block("Store", 3))
	fx.run("Store", nil, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"Store.b0": "{*p, c, p}",
		"Store.b2": "{*p, p}",
		"Store.b4": "{}",
	})
}

// Without a write on the side not taken there is no potential
// dependence: c stays irrelevant though an object is relevant.
func TestNoPotentialWithoutWrite(t *testing.T) {
	fx := prog(t, "NoStore")
	fx.coverAllBut(fx.block("NoStore", 3))
	fx.run("NoStore", nil, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"NoStore.b0": "{*p, p}",
		"NoStore.b2": "{*p, p}",
		"NoStore.b4": "{}",
	})
}

// An embedded halt (a panic leaving the function) depends on the branch
// that decides it (§3.2.3's step 3), though nothing is uncovered.
func TestEmbeddedHalt(t *testing.T) {
	fx := prog(t, "Halt")
	fx.coverAllBut()
	fx.run("Halt", nil, []bool{true})
	checkSets(t, fx.sets(), map[string]string{
		"Halt.b0": "{x}",
		"Halt.b1": "{}",
	})

	// A return needs nothing.
	fx = prog(t, "Halt")
	fx.coverAllBut()
	fx.run("Halt", nil, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"Halt.b0": "{}",
		"Halt.b2": "{}",
		"Halt.b4": "{}",
	})
}

// A point's set is published only once every path below it has ended,
// and then as the union of what the paths need.
func TestPendingChildren(t *testing.T) {
	fx := prog(t, "Two")
	fx.coverAllBut(fx.block("Two", 3), fx.block("Two", 5))
	ended := 0
	fx.run("Two", func(g *Graph, id, path int, kind machine.EndKind, cond []expr.Expr) {
		g.End(id, kind, true, false, cond)
		ended++
		got := fx.sets()
		if ended == 1 {
			checkSets(t, got, map[string]string{"Two.b1": "{y}", "Two.b4": "{}"})
		}
	}, []bool{true, false}, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"Two.b0": "{c, y}",
		"Two.b1": "{y}", "Two.b4": "{}",
		"Two.b2": "{y}", "Two.b6": "{}",
	})
}

// A path that ended incomplete leaves nothing for its points nor for
// those of any node above it; its sibling's own points are still
// published.
func TestIncompleteChild(t *testing.T) {
	fx := prog(t, "Two")
	fx.coverAllBut(fx.block("Two", 3), fx.block("Two", 5))
	fx.run("Two", func(g *Graph, id, path int, kind machine.EndKind, cond []expr.Expr) {
		g.End(id, kind, path != 0, false, cond)
	}, []bool{true, false}, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{"Two.b2": "{y}", "Two.b6": "{}"})

	// An end other than return or panic is incomplete too.
	fx = prog(t, "Two")
	fx.coverAllBut(fx.block("Two", 3), fx.block("Two", 5))
	fx.run("Two", func(g *Graph, id, path int, kind machine.EndKind, cond []expr.Expr) {
		if path == 1 {
			kind = machine.EndBudget
		}
		g.End(id, kind, true, false, cond)
	}, []bool{true, false}, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{"Two.b1": "{y}", "Two.b4": "{}"})
}

// Step 6 (§3.2.4): a path pruned at a point takes the relevant set of the
// snapshot that pruned it, and the points above it get their sets from
// it.
func TestPrunedTakesSnapshot(t *testing.T) {
	fx := prog(t, "Phi")
	fx.coverAllBut(fx.block("Phi", 3))
	// A first round explores c true to the end.
	fx.run("Phi", nil, []bool{true, false})
	var at *Snapshot
	for _, s := range fx.snap {
		if s.point.p.at == fx.block("Phi", 2) {
			at = s
		}
	}
	if at == nil || len(at.Locs) != 1 {
		t.Fatalf("no snapshot {t0} at Phi.b2: %v", fx.sets())
	}
	// Another initial state takes c false and is matched at b2.
	fx.snap = nil
	paths, _, _ := fx.paths("Phi", []bool{false, false})
	fx.g.Root(10, []int32{1}, nil)
	fx.g.Step(10, paths[0][0].evs, paths[0][0].pt)
	fx.g.Step(10, paths[0][1].evs, paths[0][1].pt) // enters b2
	if paths[0][1].pt.at != fx.block("Phi", 2) {
		t.Fatal("the walk should stand at b2 after its second step")
	}
	fx.g.Pruned(10, at, nil, false)
	checkSets(t, fx.sets(), map[string]string{"Phi.b0": "{c}"})
}

// An opaque event reads everything: no point before it gets a snapshot.
func TestOpaque(t *testing.T) {
	fx := prog(t, "Two")
	fx.coverAllBut(fx.block("Two", 3), fx.block("Two", 5))
	paths, kinds, conds := fx.paths("Two", []bool{true, false})
	fx.g.Root(1, []int32{1}, nil)
	for i, s := range paths[0] {
		evs := s.evs
		if i == 2 { // the first step in b1
			evs = append([]machine.Event(nil), evs...)
			evs[0].Opaque = true
		}
		fx.g.Step(1, evs, s.pt)
	}
	fx.g.End(1, kinds[0], true, false, conds[0])
	checkSets(t, fx.sets(), map[string]string{"Two.b4": "{}"})
}

// A decision at an instruction cdg knows no branch for is relevant,
// always.
func TestUnknownDecision(t *testing.T) {
	fx := prog(t, "Cons")
	fx.coverAllBut()
	paths, kinds, conds := fx.paths("Cons", []bool{false, false})
	fx.g.Root(1, []int32{1}, nil)
	for i, s := range paths[0] {
		evs := s.evs
		if i == 1 { // u := a + 1
			evs = append([]machine.Event(nil), evs...)
			evs[0].Decided = true
		}
		fx.g.Step(1, evs, s.pt)
	}
	fx.g.End(1, kinds[0], true, false, conds[0])
	checkSets(t, fx.sets(), map[string]string{"Cons.b0": "{a}", "Cons.b2": "{}", "Cons.b4": "{}"})
}

// A tested path covers what it ran before it is sliced: a branch whose
// uncovered code it reached is no longer relevant.
func TestTestedCovers(t *testing.T) {
	fx := prog(t, "Two")
	fx.coverAllBut(fx.block("Two", 3), fx.block("Two", 5))
	br := cdg.Branch{Block: fx.block("Two", 1), Index: len(fx.block("Two", 1).Instrs) - 1}
	fx.run("Two", func(g *Graph, id, path int, kind machine.EndKind, cond []expr.Expr) {
		g.End(id, kind, true, true, cond)
	}, []bool{true, true})
	if fx.rel.Relevant(br) {
		t.Fatal("Two.b1 should have stopped being relevant: its path covered b3")
	}
	// b0 stays relevant: b5 is still uncovered.
	checkSets(t, fx.sets(), map[string]string{"Two.b0": "{c}", "Two.b1": "{}", "Two.b3": "{}", "Two.b4": "{}"})
}

// An opaque event may also write what it does not list: a point after it
// whose relevant location was last written before it (or never) cannot
// tell the value it holds, and publishes nothing.
func TestOpaqueHidesValues(t *testing.T) {
	fx := newFixture(t, twiceSrc, "Twice", cdg.Options{NoImplicitBranches: true})
	fx.coverAllBut(fx.block("Twice", 3))
	paths, kinds, conds := fx.paths("Twice", []bool{false, false})
	fx.g.Root(1, []int32{1}, nil)
	for i, s := range paths[0] {
		evs := s.evs
		if i == 2 { // t0 = c == 3, after *p = 1
			evs = append([]machine.Event(nil), evs...)
			evs[0].Opaque = true
		}
		fx.g.Step(1, evs, s.pt)
	}
	fx.g.End(1, kinds[0], true, false, conds[0])
	checkSets(t, fx.sets(), map[string]string{"Twice.b4": "{}"})
}

const allocSrc = `package p

var sink int

type T struct{ a int }

// b0: t0 = new T; t1 = &t0.a; *t1 = v; t2 = &t0.a; t3 = *t2; if t3 == 3 b1 b2.
func Local(v int) int {
	p := &T{}
	p.a = v
	if p.a == 3 {
		sink = 1
	}
	return 0
}
`

// An allocation writes its object whole: before it the object is not
// relevant (a store only updates part of an object, which stays).
func TestAllocDefines(t *testing.T) {
	fx := newFixture(t, allocSrc, "Local", cdg.Options{NoImplicitBranches: true})
	fx.coverAllBut(fx.block("Local", 1))
	fx.run("Local", nil, []bool{false})
	checkSets(t, fx.sets(), map[string]string{"Local.b0": "{v}", "Local.b2": "{}"})
}
