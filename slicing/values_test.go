package slicing

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

const interSrc = `package p

var g, sink int

func set() { g = 1 }

// b0: if c b1 b2; b1: set(); b2: t = *g; if t == 1 b3 b4; b3: uncovered.
func Inter(c bool) int {
	if c {
		set()
	}
	if g == 1 {
		sink = 1
	}
	return 0
}
`

// What runs whenever a function is entered is controlled by what
// controls its call: the store in set makes the caller's c relevant
// (interprocedural control dependence), though neither c's outcomes nor
// the call write anything the rest reads directly.
func TestInterproceduralControl(t *testing.T) {
	fx := newFixture(t, interSrc, "Inter", cdg.Options{NoImplicitBranches: true})
	fx.coverAllBut(fx.block("Inter", 3))
	fx.run("Inter", nil, []bool{true, false})
	checkSets(t, fx.sets(), map[string]string{
		"Inter.b0": "{c, g}",
		"Inter.b1": "{g}",
		"set.b0":   "{g}",
		"Inter.b2": "{g}",
		"Inter.b4": "{}",
	})
}

// Δ|L of the paper's §3.2: of {a > b, b = 0, c = 1, d = 2}, those that
// depend on {a, c} are {a > b, b = 0, c = 1}.
func TestRelevantConstraints(t *testing.T) {
	a, b, c, d := expr.BVVar("a", 64), expr.BVVar("b", 64), expr.BVVar("c", 64), expr.BVVar("d", 64)
	zero, one, two := expr.Const(64, 0), expr.Const(64, 1), expr.Const(64, 2)
	cond := []expr.Expr{expr.Slt(b, a), expr.Eq(b, zero), expr.Eq(c, one), expr.Eq(d, two)}
	got := relevantConstraints(cond, []value.Value{value.Scalar{E: a}, value.Scalar{E: c}})
	if want := cond[:3]; !slices.Equal(got, want) {
		t.Fatalf("Δ|{a,c} = %v, want %v", got, want)
	}
	// The closure goes through b to a constraint met later.
	cond = []expr.Expr{expr.Eq(d, two), expr.Eq(b, zero), expr.Slt(b, a)}
	got = relevantConstraints(cond, []value.Value{value.Scalar{E: a}})
	if want := cond[1:]; !slices.Equal(got, want) {
		t.Fatalf("Δ|{a} = %v, want %v", got, want)
	}
	if got := relevantConstraints(cond, []value.Value{nil, value.Scalar{E: one}}); got != nil {
		t.Fatalf("values without variables select %v", got)
	}
}

// A snapshot holds what its locations held at the point (the last write
// before it) and the relevant constraints of the path condition there.
func TestSnapshotValues(t *testing.T) {
	fx := prog(t, "Cons")
	fx.coverAllBut(fx.block("Cons", 3))
	fn := fx.pkg.Func("Cons")
	u := fn.Blocks[0].Instrs[0].(ssa.Value) // t0 = a + 1
	A, B, C := expr.BVVar("A", 64), expr.BVVar("B", 64), expr.BVVar("C", 64)
	sum := expr.Add(A, expr.Const(64, 1))
	fx.w.vals = map[ssa.Value]value.Value{u: value.Scalar{E: sum}}
	paths, kinds, _ := fx.paths("Cons", []bool{false, false})
	// One conjunct per decision: the first is on the point's condition
	// and shares A with u's value; the second comes after the point.
	cond := []expr.Expr{expr.Slt(B, A), expr.Eq(C, expr.Const(64, 7))}
	fx.g.Root(1, []int32{1}, nil)
	for _, s := range paths[0] {
		fx.g.Step(1, s.evs, s.pt)
	}
	fx.g.End(1, kinds[0], true, false, cond)
	var at *Snapshot
	for _, s := range fx.snap {
		if s.point.p.at == fx.block("Cons", 2) {
			at = s
		}
	}
	if at == nil {
		t.Fatalf("no snapshot at Cons.b2: %v", fx.sets())
	}
	if len(at.Locs) != 1 || at.Locs[0] != (machine.Loc{Kind: machine.LocReg, Act: 0, Index: 2}) {
		t.Fatalf("Locs = %v, want t0 (register 2) at depth 0", at.Locs)
	}
	if len(at.Values) != 1 || !value.Same(at.Values[0], value.Scalar{E: sum}) {
		t.Fatalf("Values = %v, want A+1", at.Values)
	}
	if !slices.Equal(at.Constraints(), cond[:1]) {
		t.Fatalf("Constraints = %v, want %v", at.Constraints(), cond[:1])
	}
}

const twiceSrc = `package p

var sink int

// b0: *p = 1; if c == 3 b1 b2; b2: *p = 2; if *p == 2 b3 b4; b3: uncovered.
func Twice(p *int, c int) int {
	*p = 1
	if c == 3 {
		sink = 4
	}
	*p = 2
	if *p == 2 {
		sink = 5
	}
	return 0
}
`

// The value at a point is the last write before it, not a later one.
func TestSnapshotValueBeforeLaterWrite(t *testing.T) {
	fx := newFixture(t, twiceSrc, "Twice", cdg.Options{NoImplicitBranches: true})
	fx.coverAllBut(fx.block("Twice", 3))
	b0, b2 := fx.block("Twice", 0), fx.block("Twice", 2)
	one, two := value.Scalar{E: expr.Const(64, 1)}, value.Scalar{E: expr.Const(64, 2)}
	fx.w.stored = map[*ssa.Store]value.Value{b0.Instrs[0].(*ssa.Store): one, b2.Instrs[0].(*ssa.Store): two}
	fx.run("Twice", nil, []bool{false, false})
	// c is relevant at b0: the side not taken stores to sink, which
	// may be *p as far as slicing knows (no alias analysis yet).
	checkSets(t, fx.sets(), map[string]string{
		"Twice.b0": "{*p, c, p}", "Twice.b2": "{*p, p}", "Twice.b4": "{}",
	})
	for _, s := range fx.snap {
		if s.point.p.at != b2 {
			continue
		}
		for i, l := range s.Locs {
			if l.Kind == machine.LocObj && !value.Same(s.Values[i], one) {
				t.Fatalf("*p at b2 holds %v, want 1 (the store of b0)", s.Values[i])
			}
		}
	}
}
