package z3

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

func TestSatAndUnsat(t *testing.T) {
	x, y := expr.BVVar("x", 32), expr.BVVar("y", 32)
	a, b := expr.BVVar("a", 8), expr.BVVar("b", 8)
	mem := expr.ArrayVar("mem", 8, 8)
	other := expr.ArrayVar("other", 8, 8)
	p, q := expr.BoolVar("p"), expr.BoolVar("q")
	c8 := func(v uint64) expr.Expr { return expr.Const(8, v) }
	c32 := func(v uint64) expr.Expr { return expr.Const(32, v) }
	cases := []struct {
		name string
		q    []expr.Expr
		want solver.Result
	}{
		{"empty query", nil, solver.Sat},
		{"false", []expr.Expr{expr.False}, solver.Unsat},
		{"boolean contradiction", []expr.Expr{expr.Or(p, q), expr.Not(p), expr.Not(q)}, solver.Unsat},
		{"boolean ite", []expr.Expr{expr.Ite(p, q, expr.Not(q)), p}, solver.Sat},
		{"signed guards with overflow", []expr.Expr{expr.Slt(c32(1000), x), expr.Slt(c32(1000), y), expr.Slt(expr.Mul(x, y), c32(10))}, solver.Sat},
		{"unsigned cannot go below zero", []expr.Expr{expr.Ult(x, expr.Add(x, y)), expr.Eq(y, c32(0))}, solver.Unsat},
		{"addition wraps", []expr.Expr{expr.Ult(expr.Add(x, c32(1)), x)}, solver.Sat},
		{"signed and unsigned disagree", []expr.Expr{expr.Slt(a, c8(0)), expr.Ult(c8(100), a)}, solver.Sat},
		{"signed order is not unsigned", []expr.Expr{expr.Slt(a, b), expr.Ult(b, a)}, solver.Sat},
		{"sle is total", []expr.Expr{expr.Not(expr.Sle(a, b)), expr.Not(expr.Sle(b, a))}, solver.Unsat},
		{"ule antisymmetric", []expr.Expr{expr.Ule(a, b), expr.Ule(b, a), expr.Ne(a, b)}, solver.Unsat},
		{"division truncates toward zero", []expr.Expr{expr.Eq(expr.SDiv(a, c8(2)), c8(0xfd)), expr.Slt(a, c8(0))}, solver.Sat},
		{"no odd multiple of 2", []expr.Expr{expr.Eq(expr.Mul(a, c8(2)), c8(7))}, solver.Unsat},
		{"remainder takes the dividend's sign", []expr.Expr{expr.Slt(expr.SRem(a, c8(3)), c8(0)), expr.Sle(c8(0), a)}, solver.Unsat},
		{"unsigned remainder below divisor", []expr.Expr{expr.Ne(b, c8(0)), expr.Ule(b, expr.URem(a, b))}, solver.Unsat},
		{"udiv by zero is all ones", []expr.Expr{expr.Eq(b, c8(0)), expr.Ne(expr.UDiv(a, b), c8(0xff))}, solver.Unsat},
		{"urem by zero is the dividend", []expr.Expr{expr.Eq(b, c8(0)), expr.Ne(expr.URem(a, b), a)}, solver.Unsat},
		{"sdiv by zero of a negative is one", []expr.Expr{expr.Eq(b, c8(0)), expr.Slt(a, c8(0)), expr.Ne(expr.SDiv(a, b), c8(1))}, solver.Unsat},
		{"shift past the width", []expr.Expr{expr.Ne(expr.Shl(a, b), c8(0)), expr.Ule(c8(8), b)}, solver.Unsat},
		{"logical shift fills zeros", []expr.Expr{expr.Slt(expr.LShr(a, b), c8(0)), expr.Ne(b, c8(0))}, solver.Unsat},
		{"arithmetic shift keeps the sign", []expr.Expr{expr.Eq(expr.AShr(a, b), c8(0xff)), expr.Ule(c8(9), b)}, solver.Sat},
		{"arithmetic shift of a positive", []expr.Expr{expr.Slt(expr.AShr(a, b), c8(0)), expr.Sle(c8(0), a)}, solver.Unsat},
		{"bitwise identities", []expr.Expr{expr.Ne(expr.BitXor(a, b), expr.BitAnd(expr.BitOr(a, b), expr.BitNot(expr.BitAnd(a, b))))}, solver.Unsat},
		{"negation is complement plus one", []expr.Expr{expr.Ne(expr.Neg(a), expr.Add(expr.BitNot(a), c8(1)))}, solver.Unsat},
		{"extract and concat", []expr.Expr{expr.Eq(expr.Concat(expr.Extract(x, 15, 8), a), expr.Const(16, 0xab12)), expr.Eq(expr.Extract(x, 7, 0), c8(1))}, solver.Sat},
		{"sign extension", []expr.Expr{expr.Eq(expr.SExt(a, 32), c32(0xffffff80))}, solver.Sat},
		{"zero extension has no sign", []expr.Expr{expr.Slt(expr.ZExt(a, 32), c32(0))}, solver.Unsat},
		{"ite picks a side", []expr.Expr{expr.Eq(expr.Ite(p, a, b), c8(7)), expr.Ne(a, c8(7)), expr.Ne(b, c8(7))}, solver.Unsat},
		{"array read after write", []expr.Expr{expr.Ne(expr.Select(expr.Store(mem, a, c8(5)), b), c8(5)), expr.Eq(a, b)}, solver.Unsat},
		{"array write elsewhere", []expr.Expr{expr.Eq(expr.Select(expr.Store(mem, a, c8(5)), b), c8(6)), expr.Ne(a, b)}, solver.Sat},
		{"array model", []expr.Expr{expr.Eq(expr.Select(mem, c8(3)), c8(9)), expr.Eq(expr.Select(mem, a), c8(4))}, solver.Sat},
		{"constant array", []expr.Expr{expr.Eq(expr.Select(expr.ConstArray(mem.Sort(), a), b), c8(42))}, solver.Sat},
		{"constant array is constant", []expr.Expr{expr.Ne(expr.Select(expr.ConstArray(mem.Sort(), a), b), a)}, solver.Unsat},
		{"ite over arrays", []expr.Expr{expr.Eq(expr.Select(expr.Ite(p, mem, other), a), c8(1)), expr.Eq(expr.Select(other, a), c8(2)), expr.Not(p)}, solver.Unsat},
		{"array equality", []expr.Expr{expr.Eq(mem, expr.ConstArray(mem.Sort(), c8(7))), expr.Ne(expr.Select(mem, a), c8(7))}, solver.Unsat},
		{"array equality sat", []expr.Expr{expr.Eq(mem, expr.Store(other, a, b)), expr.Eq(expr.Select(mem, c8(2)), c8(3))}, solver.Sat},
		{"64-bit", []expr.Expr{expr.Eq(expr.Mul(expr.BVVar("w", 64), expr.Const(64, 3)), expr.Const(64, 0x8000000000000001))}, solver.Sat},
		{"1-bit", []expr.Expr{expr.Eq(expr.Add(expr.BVVar("bit", 1), expr.Const(1, 1)), expr.Const(1, 0))}, solver.Sat},
	}
	z := newZ3(t, Options{})
	for _, tc := range cases {
		q := query(tc.q...)
		r := z.Check(bg, q)
		if r.Result != tc.want {
			t.Errorf("%s: got %v (%s), want %v", tc.name, r.Result, r.Reason, tc.want)
			continue
		}
		if r.Result == solver.Sat {
			requireModel(t, q, r)
		} else if r.Model != nil {
			t.Errorf("%s: a model with %v", tc.name, r.Result)
		}
	}
	st := z.Stats()
	if st.Queries != int64(len(cases)) || st.Sat+st.Unsat+st.Unknown != st.Queries || st.Unknown != 0 {
		t.Errorf("stats %+v after %d decided queries", st, len(cases))
	}
}

// TestEveryOperatorTranslates fails when an operator of expr has no Z3
// translation, or a wrong one: each operator appears in a query that pins
// the operands, so only the right semantics gives the expected answer.
func TestEveryOperatorTranslates(t *testing.T) {
	x, y := expr.BVVar("x", 16), expr.BVVar("y", 16)
	p := expr.BoolVar("p")
	mem := expr.ArrayVar("mem", 8, 16)
	pin := []expr.Expr{expr.Eq(x, expr.Const(16, 0xfff3)), expr.Eq(y, expr.Const(16, 5)), p} // x = -13
	c := func(v uint64) expr.Expr { return expr.Const(16, v) }
	idx := expr.Trunc(x, 8)
	checks := map[expr.Op]expr.Expr{
		expr.OpConst:      expr.Eq(x, c(0xfff3)),
		expr.OpVar:        p,
		expr.OpNot:        expr.Not(expr.Ult(x, y)),
		expr.OpAnd:        expr.And(p, expr.Ult(y, x)),
		expr.OpOr:         expr.Or(expr.Ult(x, y), p),
		expr.OpEq:         expr.Eq(y, c(5)),
		expr.OpIte:        expr.Eq(expr.Ite(p, x, y), c(0xfff3)),
		expr.OpAdd:        expr.Eq(expr.Add(x, y), c(0xfff8)),
		expr.OpSub:        expr.Eq(expr.Sub(y, x), c(18)),
		expr.OpMul:        expr.Eq(expr.Mul(x, y), c(0xffbf)),
		expr.OpUDiv:       expr.Eq(expr.UDiv(x, y), c(0xfff3/5)),
		expr.OpSDiv:       expr.Eq(expr.SDiv(x, y), c(0xfffe)), // -13 / 5 = -2
		expr.OpURem:       expr.Eq(expr.URem(x, y), c(0xfff3%5)),
		expr.OpSRem:       expr.Eq(expr.SRem(x, y), c(0xfffd)), // -13 % 5 = -3
		expr.OpBitAnd:     expr.Eq(expr.BitAnd(x, y), c(0xfff3&5)),
		expr.OpBitOr:      expr.Eq(expr.BitOr(x, y), c(0xfff3|5)),
		expr.OpBitXor:     expr.Eq(expr.BitXor(x, y), c(0xfff3^5)),
		expr.OpShl:        expr.Eq(expr.Shl(x, y), c(0xfff3<<5&0xffff)),
		expr.OpLShr:       expr.Eq(expr.LShr(x, y), c(0xfff3>>5)),
		expr.OpAShr:       expr.Eq(expr.AShr(x, y), c(0xffff)),
		expr.OpBitNot:     expr.Eq(expr.BitNot(x), c(12)),
		expr.OpNeg:        expr.Eq(expr.Neg(x), c(13)),
		expr.OpUlt:        expr.Ult(y, x),
		expr.OpUle:        expr.Ule(y, x),
		expr.OpSlt:        expr.Slt(x, y),
		expr.OpSle:        expr.Sle(x, y),
		expr.OpZExt:       expr.Eq(expr.ZExt(x, 32), expr.Const(32, 0xfff3)),
		expr.OpSExt:       expr.Eq(expr.SExt(x, 32), expr.Const(32, 0xfffffff3)),
		expr.OpExtract:    expr.Eq(expr.Extract(x, 11, 4), expr.Const(8, 0xff)),
		expr.OpConcat:     expr.Eq(expr.Concat(x, y), expr.Const(32, 0xfff30005)),
		expr.OpSelect:     expr.Eq(expr.Select(mem, idx), expr.Select(mem, expr.Const(8, 0xf3))),
		expr.OpStore:      expr.Eq(expr.Select(expr.Store(mem, idx, y), expr.Const(8, 0xf3)), c(5)),
		expr.OpConstArray: expr.Eq(expr.Select(expr.Store(expr.ConstArray(mem.Sort(), y), expr.Const(8, 1), x), idx), c(5)),
	}
	z := newZ3(t, Options{})
	for _, op := range expr.Ops() {
		term, ok := checks[op]
		if !ok {
			t.Errorf("no test for operator %v", op)
			continue
		}
		seen := map[expr.Op]bool{}
		opsIn(term, seen)
		if !seen[op] {
			t.Errorf("the test term %v for %v folded the operator away", term, op)
			continue
		}
		// The term holds for the pinned operands, and its negation does not.
		q := query(append(pin[:3:3], term)...)
		requireModel(t, q, z.Check(bg, q))
		if r := z.Check(bg, query(append(pin[:3:3], expr.Not(term))...)); r.Result != solver.Unsat {
			t.Errorf("%v: the negation of %v is %v (%s), want unsat", op, term, r.Result, r.Reason)
		}
	}
}

// TestModelCompletion: a variable the solver has no reason to assign
// still gets a value, including one only in an earlier, reused constraint.
func TestModelCompletion(t *testing.T) {
	x, y := expr.BVVar("x", 8), expr.BVVar("y", 8)
	mem := expr.ArrayVar("mem", 8, 8)
	z := newZ3(t, Options{})
	// Z3 can simplify these to true and leave x and mem out of its model;
	// expr does not fold them.
	read := expr.Select(mem, y)
	free := expr.And(
		expr.Ule(expr.BitAnd(x, expr.Const(8, 0x0f)), expr.Const(8, 0x0f)),
		expr.Or(expr.Ult(read, expr.Const(8, 5)), expr.Ule(expr.Const(8, 5), read)))
	if got := expr.Vars(free); len(got) != 3 {
		t.Fatalf("expr folded the test term to %v", free)
	}
	q := query(free)
	requireModel(t, q, z.Check(bg, q))
	q = query(free, expr.Eq(expr.BVVar("z", 8), expr.Const(8, 3)))
	requireModel(t, q, z.Check(bg, q))
	if z.Stats().Reused != 1 {
		t.Fatalf("the second query did not reuse the first constraint: %+v", z.Stats())
	}
}

func TestArrayModels(t *testing.T) {
	mem := expr.ArrayVar("mem", 8, 32)
	a := expr.BVVar("a", 8)
	c8 := func(v uint64) expr.Expr { return expr.Const(8, v) }
	c32 := func(v uint64) expr.Expr { return expr.Const(32, v) }
	z := newZ3(t, Options{})
	// Entries at constant and symbolic indices, and an equality that pins
	// the whole array to a constant array with one store.
	q := query(
		expr.Eq(expr.Select(mem, c8(3)), c32(9)),
		expr.Eq(expr.Select(mem, a), c32(4)),
		expr.Ne(a, c8(3)),
	)
	r := z.Check(bg, q)
	requireModel(t, q, r)
	whole := expr.Eq(mem, expr.Store(expr.ConstArray(mem.Sort(), c32(7)), c8(200), c32(1)))
	q = query(whole)
	r = z.Check(bg, q)
	requireModel(t, q, r)
	got := r.Model.Arrays[mem]
	for i := uint64(0); i < 256; i++ {
		want := uint64(7)
		if i == 200 {
			want = 1
		}
		if v := r.Model.Element(mem, i); v != want {
			t.Fatalf("mem[%d] = %d in the model %+v, want %d", i, v, got, want)
		}
	}
}

// TestVariableNames: variables are told apart by name and sort, and names
// Z3 cannot take as C strings still work.
func TestVariableNames(t *testing.T) {
	z := newZ3(t, Options{})
	x8, x16 := expr.BVVar("x", 8), expr.BVVar("x", 16)
	q := query(expr.Eq(x8, expr.Const(8, 1)), expr.Eq(x16, expr.Const(16, 2)))
	requireModel(t, q, z.Check(bg, q))
	// With NUL bytes cut off, both would be "a" and this would be unsat.
	n1, n2 := expr.BVVar("a\x00one", 8), expr.BVVar("a\x00two", 8)
	q = query(expr.Eq(n1, expr.Const(8, 1)), expr.Eq(n2, expr.Const(8, 2)))
	requireModel(t, q, z.Check(bg, q))
	// The escaped form of a name must not collide with a literal name.
	lit := expr.BVVar(z3Name("a\x00one"), 8)
	q = query(expr.Eq(n1, expr.Const(8, 1)), expr.Eq(lit, expr.Const(8, 3)))
	requireModel(t, q, z.Check(bg, q))
	if z3Name("plain") != "plain" {
		t.Errorf("an ordinary name was rewritten to %q", z3Name("plain"))
	}
}

func TestInvalidQueriesAreUnknown(t *testing.T) {
	z := newZ3(t, Options{})
	for name, c := range map[string]expr.Expr{"bit-vector": expr.BVVar("x", 8), "zero Expr": {}} {
		r := z.Check(bg, query(expr.BoolVar("p"), c))
		if r.Result != solver.Unknown || !strings.Contains(r.Reason, "not a Bool") {
			t.Errorf("a %s constraint gave %v (%q)", name, r.Result, r.Reason)
		}
	}
	if z.Stats().Queries != 0 {
		t.Errorf("refused queries were counted as reaching Z3: %+v", z.Stats())
	}
	if r := z.Check(bg, query(expr.BoolVar("p"))); r.Result != solver.Sat {
		t.Fatalf("unusable after refusing a query: %v (%s)", r.Result, r.Reason)
	}
}

func TestClosedSolver(t *testing.T) {
	z, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	z.Check(bg, query(expr.BoolVar("p")))
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if r := z.Check(bg, query(expr.BoolVar("p"))); r.Result != solver.Unknown || !strings.Contains(r.Reason, "closed") {
		t.Fatalf("a closed solver answered %v (%q)", r.Result, r.Reason)
	}
	if err := z.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if z.Stats().Queries != 1 {
		t.Errorf("stats lost or miscounted after Close: %+v", z.Stats())
	}
}

// TestSolverInterfaceDecorates shows the chain's shape: a decorator is a
// Solver over a Solver.
func TestSolverInterfaceDecorates(t *testing.T) {
	inner := newZ3(t, Options{})
	var s solver.Solver = &countingSolver{inner: inner}
	s.Check(bg, query(expr.BoolVar("p")))
	if s.(*countingSolver).calls != 1 || s.Stats().Sat != 1 {
		t.Fatalf("decorator did not pass the query on: %+v", s.Stats())
	}
}

type countingSolver struct {
	inner solver.Solver
	calls int
}

func (c *countingSolver) Check(ctx context.Context, q solver.Query) solver.Response {
	c.calls++
	return c.inner.Check(ctx, q)
}
func (c *countingSolver) Stats() solver.Stats { return c.inner.Stats() }
func (c *countingSolver) Close() error        { return c.inner.Close() }

// Version names the library the binding runs on, which the store's
// namespace separates answers by.
func TestVersion(t *testing.T) {
	v := Version()
	var major, minor int
	if _, err := fmt.Sscanf(v, "%d.%d.", &major, &minor); err != nil || major < minZ3Major || major == minZ3Major && minor < minZ3Minor {
		t.Errorf("Version() = %q, want a version of at least %d.%d", v, minZ3Major, minZ3Minor)
	}
}
