package green_test

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/solver/green"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// The GreenTrie paper's fixtures (Jia, Ghezzi and Ying, ISSTA 2015), in
// signed bit-vectors: x > c is expr.Slt(c, x), as a Go program on ints
// computes it.

func c32(v int64) expr.Expr { return expr.Const(32, uint64(v)) }

var x32 = expr.BVVar("x", 32)

func gt(t expr.Expr, c int64) expr.Expr {
	return expr.Slt(expr.Const(t.Width(), uint64(c)), t)
}

func lt(t expr.Expr, c int64) expr.Expr {
	return expr.Slt(t, expr.Const(t.Width(), uint64(c)))
}

func model(v expr.Expr, val int64) *expr.Values {
	return &expr.Values{Scalars: map[expr.Expr]uint64{v: uint64(val) & (1<<uint(v.Width()) - 1)}}
}

// Example 1: x > 0 solved with {x: 1} answers x > -1 with the same model;
// the converse does not hold (x > -1 does not imply x > 0).
func TestPaperExample1(t *testing.T) {
	s := green.NewStore()
	s.AddSat([]expr.Expr{gt(x32, 0)}, model(x32, 1))
	m, ok := s.FindSat([]expr.Expr{gt(x32, -1)})
	if !ok || m.Scalars[x32] != 1 {
		t.Fatalf("x > -1: got %v, %v; want the model {x: 1}", m, ok)
	}

	s = green.NewStore()
	s.AddSat([]expr.Expr{gt(x32, -1)}, model(x32, 0))
	if m, ok := s.FindSat([]expr.Expr{gt(x32, 0)}); ok {
		t.Fatalf("x > 0 answered by the model %v of x > -1", m.Scalars)
	}
}

// Example 2: x < 0 ∧ x > 1 Unsat answers x < -1 ∧ x > 2 Unsat, through the
// UCS (the store does not reduce); the converse does not hold. Reduce
// finds both conflicts on its own.
func TestPaperExample2(t *testing.T) {
	small := []expr.Expr{lt(x32, 0), gt(x32, 1)}
	wide := []expr.Expr{lt(x32, -1), gt(x32, 2)}
	s := green.NewStore()
	s.AddUnsat(small)
	if !s.FindUnsat(wide) {
		t.Fatal("x < -1 ∧ x > 2 not answered Unsat by x < 0 ∧ x > 1")
	}
	s = green.NewStore()
	s.AddUnsat(wide)
	if s.FindUnsat(small) {
		t.Fatal("x < 0 ∧ x > 1 answered Unsat by x < -1 ∧ x > 2, which it does not imply")
	}
	for _, q := range [][]expr.Expr{small, wide} {
		if _, conflict := green.Reduce(q); !conflict {
			t.Errorf("Reduce(%v) found no conflict", q)
		}
	}
}

// Definition 1: Y = {x > 1, x < 2} is a logical superset of
// X = {x ≠ 0, x > -1, x < 2}; X is not one of Y (nothing in X implies
// x > 1). Seen through the UCS: a stored X answers Y, a stored Y does not
// answer X.
func TestPaperDefinition1(t *testing.T) {
	x := []expr.Expr{expr.Ne(x32, c32(0)), gt(x32, -1), lt(x32, 2)}
	y := []expr.Expr{gt(x32, 1), lt(x32, 2)}
	if !green.LogicalSuperset(y, x) {
		t.Error("Y is not a logical superset of X")
	}
	if green.LogicalSuperset(x, y) {
		t.Error("X is a logical superset of Y")
	}
	s := green.NewStore()
	s.AddUnsat(x)
	if !s.FindUnsat(y) {
		t.Error("the UCS holding X does not find it a logical subset of Y")
	}
	s = green.NewStore()
	s.AddUnsat(y)
	if s.FindUnsat(x) {
		t.Error("the UCS holding Y finds it a logical subset of X")
	}
}

// The reduction example: x+y+3 ≥ 0 ∧ x+y+5 ≥ 0 ∧ x+y−4 ≤ 0 ∧ x+y ≠ 0 ∧
// x+y+6 ≠ 0 ∧ x+y−4 ≠ 0 reduces to x+y ≥s -3 ∧ x+y ≤s 3 ∧ x+y ≠ 0 at
// every width from 5 bits up (doc.go derives it). At 4 bits, where
// MAX = 7, x+y+5 ≥s 0 also means x+y ≤s 2, and the upper bound is 2.
func TestPaperReduction(t *testing.T) {
	for _, w := range []int{4, 5, 8, 16, 32, 64} {
		x, y := expr.BVVar("x", w), expr.BVVar("y", w)
		s := expr.Add(x, y)
		k := func(v int64) expr.Expr { return expr.Const(w, uint64(v)) }
		zero := k(0)
		q := []expr.Expr{
			expr.Sle(zero, expr.Add(s, k(3))),
			expr.Sle(zero, expr.Add(s, k(5))),
			expr.Sle(expr.Sub(s, k(4)), zero),
			expr.Ne(s, zero),
			expr.Ne(expr.Add(s, k(6)), zero),
			expr.Ne(expr.Sub(s, k(4)), zero),
		}
		hi := int64(3)
		if w == 4 {
			hi = 2
		}
		want := []expr.Expr{expr.Sle(k(-3), s), expr.Sle(s, k(hi)), expr.Ne(s, zero)}
		got, conflict := green.Reduce(q)
		if conflict || !sameSet(got, want) {
			t.Errorf("width %d: Reduce gives %v (conflict %v), want %v", w, got, conflict, want)
		}
		again, _ := green.Reduce(got)
		if !slices.Equal(again, got) {
			t.Errorf("width %d: Reduce is not idempotent: %v, then %v", w, got, again)
		}
	}
	// Each constraint alone: the offset moves into both bounds.
	atoms, _ := green.Canon(expr.Sle(c32(0), expr.Add(expr.Add(x32, expr.BVVar("y", 32)), c32(3))))
	if len(atoms) != 2 {
		t.Errorf("x+y+3 ≥s 0 gives atoms %v, want x+y ≥s -3 and x+y ≤s MAX-3", atoms)
	}
}

func sameSet(a, b []expr.Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for _, e := range a {
		if !slices.Contains(b, e) {
			return false
		}
	}
	return true
}

// The prefix policy (section 5): the SCS keeps the longer of two
// conjunctions one of which is a prefix of the other, the UCS the shorter,
// whichever comes first. Atoms of one T sort by kind (==, !=, ≥, ≤), so
// {x ≠ 5, x ≥u 2} is a prefix of {x ≠ 5, x ≥u 2, x ≤u 100}.
func TestTriePolicy(t *testing.T) {
	x := expr.BVVar("x", 8)
	k := func(v uint64) expr.Expr { return expr.Const(8, v) }
	ne5, ge2, le100 := expr.Ne(x, k(5)), expr.Ule(k(2), x), expr.Ule(x, k(100))
	short := []expr.Expr{ne5, ge2}
	long := []expr.Expr{ne5, ge2, le100}
	const shortS, longS = "!(x == 5) && (2 <=u x)", "!(x == 5) && (2 <=u x) && (x <=u 100)"

	type step struct {
		q     []expr.Expr
		model int64
	}
	cases := []struct {
		name       string
		steps      []step
		sat, unsat []string
		model      uint64 // the model FindSat(short) gives in the SCS
	}{
		{"short then long", []step{{short, 3}, {long, 4}}, []string{longS}, []string{shortS}, 4},
		{"long then short", []step{{long, 4}, {short, 3}}, []string{longS}, []string{shortS}, 4},
		{"the same twice", []step{{short, 3}, {short, 6}}, []string{shortS}, []string{shortS}, 3},
		{"diverging", []step{{short, 3}, {[]expr.Expr{ne5, le100}, 7}}, []string{shortS, "!(x == 5) && (x <=u 100)"}, []string{shortS, "!(x == 5) && (x <=u 100)"}, 3},
	}
	for _, c := range cases {
		s := green.NewStore()
		for _, st := range c.steps {
			s.AddSat(st.q, model(x, st.model))
			s.AddUnsat(st.q)
		}
		sat, unsat := s.Stored()
		if !slices.Equal(sat, c.sat) || !slices.Equal(unsat, c.unsat) {
			t.Errorf("%s: SCS %q, UCS %q; want %q and %q", c.name, sat, unsat, c.sat, c.unsat)
		}
		if m, ok := s.FindSat(short); !ok || m.Scalars[x] != c.model {
			t.Errorf("%s: FindSat(short) = %v, %v; want x = %d", c.name, m, ok, c.model)
		}
	}
}
