package pick

import (
	"context"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestCanonicalModelIsTheConditions: two solvers that give different
// models of the same condition give the same canonical model, and it has
// the most readable value of each variable, settled in turn: the
// shortest length, a text byte's letter or else the least lowercase
// letter, capital, digit or printable character, the signed integer
// nearest zero (positive first), the least unsigned one, false before
// true.
func TestCanonicalModelIsTheConditions(t *testing.T) {
	z3 := z3test.New(t)
	length := expr.BVVar("len(s)", 64)
	s0 := expr.BVVar(elem("s", 0), 8)
	s1 := expr.BVVar(elem("s", 1), 8)
	s2 := expr.BVVar(elem("s", 2), 8)
	x := expr.BVVar("x", 64)
	n := expr.BVVar("n", 32)
	b := expr.BoolVar("b")
	t0 := expr.BVVar(elem("t", 0), 8)
	tlen := expr.BVVar("len(t)", 64)
	c8 := func(v byte) expr.Expr { return expr.Const(8, uint64(v)) }
	c64 := func(v int64) expr.Expr { return expr.Const(64, uint64(v)) }
	cond := []expr.Expr{
		expr.Ule(c64(3), length), expr.Ule(length, c64(16)),
		expr.Ne(s0, c8('a')),
		expr.Ult(c8(' '), s1), expr.Ult(s1, c8('A')),
		expr.Ult(c8(' '), s2), expr.Ult(s2, c8('0')),
		expr.Or(expr.Slt(x, c64(-3)), expr.Slt(c64(5), x)),
		expr.Ult(expr.Const(32, 7), n), expr.Ne(n, expr.Const(32, 8)),
		expr.Eq(b, expr.Ult(expr.Const(32, 8), n)),
		// The length is settled first, though mentioned last: t[0] need
		// not be readable when t is empty.
		expr.Or(expr.Eq(t0, c8('x')), expr.Ule(c64(3), tlen)),
	}
	want := map[expr.Expr]uint64{length: 3, s0: 'b', s1: '0', s2: '!', x: uint64(^uint64(3)), n: 9, b: 1, tlen: 0, t0: 'x'}

	models := map[string]*expr.Values{}
	for name, s := range map[string]solver.Solver{"z3": z3, "other": z3test.OtherModels{Solver: z3}} {
		p := &Picker{Check: checkWith(s), Signed: func(name string) bool { return name == "x" }}
		resp := p.Canonical(cond)
		if resp.Result != solver.Sat {
			t.Fatalf("%s: canonical model: %v %s", name, resp.Result, resp.Reason)
		}
		for _, c := range cond {
			if !expr.EvalBool(c, resp.Model) {
				t.Errorf("%s: the canonical model breaks %v", name, c)
			}
		}
		for v, w := range want {
			if got := resp.Model.Scalar(v); got != w {
				t.Errorf("%s: %s = %d in the canonical model, want %d", name, v.Name(), int64(got), int64(w))
			}
		}
		models[name] = z3First(t, s, cond)
	}
	// The test shows something only if the two solvers' own models differ.
	same := true
	for _, v := range expr.Vars(cond...) {
		same = same && models["z3"].Scalar(v) == models["other"].Scalar(v)
	}
	if same {
		t.Fatal("the two solvers gave the same model: nothing is shown")
	}
}

func z3First(t *testing.T, s solver.Solver, cond []expr.Expr) *expr.Values {
	t.Helper()
	resp := s.Check(context.Background(), solver.Query{Constraints: cond})
	if resp.Result != solver.Sat {
		t.Fatalf("condition: %v", resp.Result)
	}
	return resp.Model
}

// TestValueKeyIsABijection: the keys of a signed variable run 0, 1, −1,
// 2, −2, … and value inverts key at every width, the extremes included;
// the key as a term evaluates to the same key.
func TestValueKeyIsABijection(t *testing.T) {
	for _, w := range []int{1, 8, 16, 64} {
		v := expr.BVVar("x", w)
		k := valueKey{v: v, width: w, signed: true}
		m := mask(w)
		order := []uint64{0, 1, m, 2, m - 1}
		for key, x := range order {
			if w == 1 && key > 1 {
				break
			}
			if got := k.key(x & m); got != uint64(key) {
				t.Errorf("width %d: key(%d) = %d, want %d", w, int64(x), got, key)
			}
		}
		for _, x := range []uint64{0, 1, m, m >> 1, m>>1 + 1, 12345 & m} {
			key := k.key(x)
			if back := k.value(key); back != x {
				t.Errorf("width %d: value(key(%#x)) = %#x", w, x, back)
			}
			term := expr.Eval(k.term(), &expr.Values{Scalars: map[expr.Expr]uint64{v: x}})
			if term != key {
				t.Errorf("width %d: the key term of %#x is %#x, key says %#x", w, x, term, key)
			}
		}
	}
}

// checkWith is s's Check, as a Picker asks it.
func checkWith(s solver.Solver) func(solver.Query) solver.Response {
	return func(q solver.Query) solver.Response { return s.Check(context.Background(), q) }
}
