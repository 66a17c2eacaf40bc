package expr

import (
	"math/rand/v2"
	"testing"
)

// TestRebuildIsTheSameTerm: every node of generated terms, and of terms
// of the operators the generator does not make, rebuilt over its own
// operands is the very same (hash-consed) term; and a rebuild over
// constants folds.
func TestRebuildIsTheSameTerm(t *testing.T) {
	var walk func(e Expr)
	walk = func(e Expr) {
		for _, a := range e.Args() {
			walk(a)
		}
		if got := Rebuild(e, e.Args()); got != e {
			t.Fatalf("%v rebuilt over its operands is %v", e, got)
		}
	}
	r := rand.New(rand.NewPCG(3, 5))
	for _, w := range []int{8, 64} {
		g := &termGen{r: r, width: w, vars: []Expr{BVVar("x", w), BVVar("y", w)}, array: ArrayVar("mem", 8, 8)}
		for range 500 {
			walk(g.boolean(4).expr)
		}
	}
	x, y := BVVar("x", 16), BVVar("y", 16)
	mem := ArrayVar("mem", 16, 8)
	for _, e := range []Expr{
		ZExt(x, 32), SExt(x, 64), Extract(x, 11, 4), Concat(x, y), Trunc(Add(x, y), 8),
		Select(Store(mem, x, Extract(y, 7, 0)), y), ConstArray(mem.Sort(), Const(8, 3)),
		Ite(Ult(x, y), x, y), Not(And(Slt(x, y), Or(Eq(x, y), Sle(y, x)))), BitNot(Neg(x)),
	} {
		walk(e)
	}
	if got := Rebuild(Mul(x, y), []Expr{Const(16, 6), Const(16, 7)}); !got.IsConst() || got.Value() != 42 {
		t.Errorf("x·y rebuilt over 6 and 7 is %v, want 42", got)
	}
	if got := Rebuild(Ult(x, y), []Expr{Const(16, 1), Const(16, 0)}); !got.IsFalse() {
		t.Errorf("x < y rebuilt over 1 and 0 is %v, want false", got)
	}
}
