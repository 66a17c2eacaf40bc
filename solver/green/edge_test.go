package green_test

import (
	"testing"

	"github.com/gosymtest/gosymtest/solver/green"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// A stored model that does not satisfy the query (here a wrong one, as a
// bug elsewhere could give) is passed over: the next superset answers.
func TestFindSatChecksTheModel(t *testing.T) {
	x, y := expr.BVVar("x", 8), expr.BVVar("y", 8)
	k := func(v uint64) expr.Expr { return expr.Const(8, v) }
	s := green.NewStore()
	s.AddSat([]expr.Expr{expr.Ule(k(10), x)}, &expr.Values{Scalars: map[expr.Expr]uint64{x: 3}}) // wrong
	s.AddSat([]expr.Expr{expr.Eq(x, k(20))}, &expr.Values{Scalars: map[expr.Expr]uint64{x: 20}})
	m, ok := s.FindSat([]expr.Expr{expr.Ule(k(5), x)})
	if !ok || m.Scalars[x] != 20 {
		t.Fatalf("got %v, %v; want the model x = 20", m, ok)
	}
	// The query's other variables get the value they were evaluated with.
	s.AddSat([]expr.Expr{expr.Ult(x, y)}, &expr.Values{Scalars: map[expr.Expr]uint64{x: 1, y: 2}})
	if m, ok := s.FindSat([]expr.Expr{expr.Ult(x, y)}); !ok || m.Scalars[y] != 2 {
		t.Fatalf("x <u y: got %v, %v", m, ok)
	}
}

// Array equalities cannot be evaluated, so their models are not reused;
// constraints that are not Bool terms make every method a no-op.
func TestStoreOddConstraints(t *testing.T) {
	a := expr.Var("a", expr.ArraySort(8, 8))
	b := expr.Var("b", expr.ArraySort(8, 8))
	arrEq := expr.Eq(a, b)
	s := green.NewStore()
	s.AddSat([]expr.Expr{arrEq}, &expr.Values{Arrays: map[expr.Expr]expr.ArrayValue{}})
	if _, ok := s.FindSat([]expr.Expr{arrEq}); ok {
		t.Error("a model of an array equality was reused without a check")
	}
	s.AddUnsat([]expr.Expr{arrEq})
	if !s.FindUnsat([]expr.Expr{arrEq, expr.BoolVar("p")}) {
		t.Error("a stored Unsat opaque atom does not answer a superset")
	}

	bad := []expr.Expr{expr.BVVar("x", 8)}
	s.AddSat(bad, &expr.Values{})
	s.AddUnsat(bad)
	if _, ok := s.FindSat(bad); ok || s.FindUnsat(bad) {
		t.Error("a query that is not a conjunction of Bool terms got an answer")
	}
	if got, conflict := green.Reduce(bad); conflict || len(got) != 1 || got[0] != bad[0] {
		t.Errorf("Reduce(%v) = %v, %v; want it back", bad, got, conflict)
	}
}

// A constraint false by itself (x <s MIN) makes the query Unsat with no
// store; constant true constraints are dropped.
func TestFalseAndTrueAtoms(t *testing.T) {
	x := expr.BVVar("x", 16)
	minInt := expr.Const(16, 0x8000)
	s := green.NewStore()
	q := []expr.Expr{expr.Slt(x, minInt), expr.True}
	if !s.FindUnsat(q) {
		t.Error("x <s MIN is not Unsat")
	}
	if _, conflict := green.Reduce(q); !conflict {
		t.Error("Reduce does not find x <s MIN false")
	}
	if got, conflict := green.Reduce([]expr.Expr{expr.Sle(minInt, x), expr.True}); conflict || len(got) != 0 {
		t.Errorf("x ≥s MIN ∧ true reduces to %v (conflict %v), want nothing", got, conflict)
	}
}

// Opaque atoms: x <u y and ¬(y ≤u x) are one atom; c ∧ ¬c is a conflict.
func TestOpaqueAtoms(t *testing.T) {
	x, y := expr.BVVar("x", 8), expr.BVVar("y", 8)
	a, _ := green.Canon(expr.Ult(x, y))
	b, _ := green.Canon(expr.Not(expr.Ule(y, x)))
	if len(a) != 1 || len(b) != 1 || a[0] != b[0] {
		t.Errorf("x <u y gives %v, ¬(y ≤u x) gives %v", a, b)
	}
	p := expr.Ult(expr.Add(x, y), x) // opaque: two non-constant sides
	if _, conflict := green.Reduce([]expr.Expr{p, expr.Not(p)}); !conflict {
		t.Error("c ∧ ¬c is no conflict")
	}
}
