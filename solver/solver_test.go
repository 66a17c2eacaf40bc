package solver

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

func newZ3(t testing.TB, opts Options) *Z3 {
	t.Helper()
	z, err := NewZ3(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { z.Close() })
	return z
}

// checkModel requires every constraint to evaluate to true under the model.
func checkModel(t *testing.T, q Query, r Response) {
	t.Helper()
	if r.Model == nil {
		t.Fatalf("sat without a model for %v", q.Constraints)
	}
	for _, c := range q.Constraints {
		if !expr.EvalBool(c, r.Model) {
			t.Fatalf("model %v does not satisfy %v", r.Model.Scalars, c)
		}
	}
}

func TestSatAndUnsat(t *testing.T) {
	x, y := expr.BVVar("x", 32), expr.BVVar("y", 32)
	a, b := expr.BVVar("a", 8), expr.BVVar("b", 8)
	mem := expr.ArrayVar("mem", 8, 8)
	p := expr.BoolVar("p")
	c := func(w int, v uint64) expr.Expr { return expr.Const(w, v) }
	cases := []struct {
		name string
		q    []expr.Expr
		want Result
	}{
		{"signed guard with overflow", []expr.Expr{expr.Slt(c(32, 1000), x), expr.Slt(c(32, 1000), y), expr.Slt(expr.Mul(x, y), c(32, 10))}, Sat},
		{"unsigned cannot go below zero", []expr.Expr{expr.Ult(x, c(32, 0))}, Unsat},
		{"signed and unsigned disagree", []expr.Expr{expr.Slt(a, c(8, 0)), expr.Ult(c(8, 100), a)}, Sat},
		{"division toward zero", []expr.Expr{expr.Eq(expr.SDiv(a, c(8, 2)), c(8, 0xfd)), expr.Slt(a, c(8, 0))}, Sat},
		{"remainder sign", []expr.Expr{expr.Slt(expr.SRem(a, c(8, 3)), c(8, 0)), expr.Sle(c(8, 0), a)}, Unsat},
		{"shift past width", []expr.Expr{expr.Ne(expr.Shl(a, b), c(8, 0)), expr.Ule(c(8, 8), b)}, Unsat},
		{"arithmetic shift sign", []expr.Expr{expr.Eq(expr.AShr(a, c(8, 7)), c(8, 0xff))}, Sat},
		{"extract and concat", []expr.Expr{expr.Eq(expr.Concat(expr.Extract(x, 15, 8), a), c(16, 0xab12)), expr.Eq(expr.Extract(x, 7, 0), c(8, 1))}, Sat},
		{"sign extension", []expr.Expr{expr.Eq(expr.SExt(a, 32), c(32, 0xffffff80))}, Sat},
		{"ite", []expr.Expr{expr.Eq(expr.Ite(p, a, b), c(8, 7)), expr.Ne(a, c(8, 7)), expr.Ne(b, c(8, 7))}, Unsat},
		{"array read after write", []expr.Expr{expr.Eq(expr.Select(expr.Store(mem, a, c(8, 5)), b), c(8, 6)), expr.Eq(a, b)}, Unsat},
		{"array model", []expr.Expr{expr.Eq(expr.Select(mem, c(8, 3)), c(8, 9)), expr.Eq(expr.Select(mem, a), c(8, 4))}, Sat},
		{"constant array", []expr.Expr{expr.Eq(expr.Select(expr.ConstArray(mem.Sort(), a), b), c(8, 42))}, Sat},
		{"empty query", nil, Sat},
	}
	z := newZ3(t, Options{})
	for _, tc := range cases {
		q := Query{Constraints: tc.q}
		r := z.Check(context.Background(), q)
		if r.Result != tc.want {
			t.Errorf("%s: got %v (%s), want %v", tc.name, r.Result, r.Reason, tc.want)
			continue
		}
		if r.Result == Sat {
			checkModel(t, q, r)
		}
	}
}

// TestRoundTripEightBit is the acceptance test: random terms over one or two
// 8-bit variables either come back with a model that makes them true, or
// are Unsat, and then no assignment of the variables makes them true.
func TestRoundTripEightBit(t *testing.T) {
	z := newZ3(t, Options{})
	r := rand.New(rand.NewPCG(1, 2))
	x, y := expr.BVVar("x", 8), expr.BVVar("y", 8)
	var sat, unsat int
	for _, vars := range [][]expr.Expr{{x}, {x, y}} {
		g := &exprtest.Gen{R: r, Vars: vars}
		cases := 1500
		if len(vars) == 2 {
			cases = 400 // brute force is 65,536 assignments each
		}
		for i := 0; i < cases; i++ {
			term := g.Bool(3)
			q := Query{Constraints: []expr.Expr{term}}
			resp := z.Check(context.Background(), q)
			switch resp.Result {
			case Sat:
				sat++
				checkModel(t, q, resp)
			case Unsat:
				unsat++
				if witness, found := bruteForce(term, vars); found {
					t.Fatalf("Unsat, but %v satisfies %v", witness, term)
				}
			default:
				t.Fatalf("unknown (%s) for %v", resp.Reason, term)
			}
		}
	}
	if sat < 100 || unsat < 100 {
		t.Errorf("the generator is lopsided: %d sat, %d unsat", sat, unsat)
	}
}

// bruteForce tries every assignment of the 8-bit variables.
func bruteForce(term expr.Expr, vars []expr.Expr) (map[expr.Expr]uint64, bool) {
	n := 1 << (8 * len(vars))
	for k := 0; k < n; k++ {
		env := &expr.Values{Scalars: map[expr.Expr]uint64{}}
		for i, v := range vars {
			env.Scalars[v] = uint64(k>>(8*i)) & 0xff
		}
		if expr.EvalBool(term, env) {
			return env.Scalars, true
		}
	}
	return nil, false
}

func TestWideModelsSatisfy(t *testing.T) {
	z := newZ3(t, Options{Timeout: 5 * time.Second})
	r := rand.New(rand.NewPCG(3, 4))
	for _, w := range []int{16, 32, 64} {
		g := &exprtest.Gen{R: r, Vars: []expr.Expr{expr.BVVar("x", w), expr.BVVar("y", w)}, Array: expr.ArrayVar("m", 8, w)}
		for i := 0; i < 150; i++ {
			q := Query{Constraints: []expr.Expr{g.Bool(3), g.Bool(2)}}
			resp := z.Check(context.Background(), q)
			if resp.Result == Sat {
				checkModel(t, q, resp)
			}
		}
	}
}

// TestEveryOperatorTranslates fails when an operator of expr has no Z3
// translation: each appears in a satisfiable query whose model is checked.
func TestEveryOperatorTranslates(t *testing.T) {
	x, y := expr.BVVar("x", 16), expr.BVVar("y", 16)
	p := expr.BoolVar("p")
	mem := expr.ArrayVar("mem", 8, 16)
	terms := map[expr.Op]expr.Expr{}
	add := func(e expr.Expr) { terms[e.Op()] = e }
	add(expr.Const(16, 3))
	add(x)
	add(expr.Not(p))
	add(expr.And(p, expr.Ult(x, y)))
	add(expr.Or(p, expr.Ult(x, y)))
	add(expr.Eq(x, y))
	add(expr.Ite(p, x, y))
	for _, f := range []func(a, b expr.Expr) expr.Expr{expr.Add, expr.Sub, expr.Mul, expr.UDiv, expr.SDiv, expr.URem, expr.SRem, expr.BitAnd, expr.BitOr, expr.BitXor, expr.Shl, expr.LShr, expr.AShr} {
		add(f(x, y))
	}
	add(expr.BitNot(x))
	add(expr.Neg(x))
	add(expr.Ult(x, y))
	add(expr.Ule(x, y))
	add(expr.Slt(x, y))
	add(expr.Sle(x, y))
	add(expr.ZExt(x, 32))
	add(expr.SExt(x, 32))
	add(expr.Extract(x, 11, 4))
	add(expr.Concat(x, y))
	add(expr.Select(mem, expr.Trunc(x, 8)))
	add(expr.Store(mem, expr.Trunc(x, 8), y))
	add(expr.ConstArray(mem.Sort(), y))
	z := newZ3(t, Options{})
	for _, op := range expr.Ops() {
		term, ok := terms[op]
		if !ok {
			t.Errorf("no test term for operator %v", op)
			continue
		}
		var c expr.Expr
		switch {
		case term.Sort().IsBool():
			c = expr.Or(term, expr.Not(term))
		case term.Sort().IsArray():
			c = expr.Eq(term, term)
			c = expr.Eq(expr.Select(term, expr.Const(8, 1)), expr.Select(term, expr.Const(8, 1)))
		default:
			c = expr.Eq(term, expr.Const(term.Width(), 5))
		}
		q := Query{Constraints: []expr.Expr{c}}
		resp := z.Check(context.Background(), q)
		if resp.Result == Unknown {
			t.Errorf("%v: unknown: %s", op, resp.Reason)
		}
		if resp.Result == Sat {
			checkModel(t, q, resp)
		}
	}
}

// hardQuery takes Z3 about 20 seconds on these machines: a product of two
// 64-bit hash finalisers (multiply, xor-shift) must hit a constant.
func hardQuery() Query {
	mix := func(v expr.Expr) expr.Expr {
		v = expr.BitXor(v, expr.LShr(v, expr.Const(64, 33)))
		v = expr.Mul(v, expr.Const(64, 0xff51afd7ed558ccd))
		v = expr.BitXor(v, expr.LShr(v, expr.Const(64, 33)))
		v = expr.Mul(v, expr.Const(64, 0xc4ceb9fe1a85ec53))
		return expr.BitXor(v, expr.LShr(v, expr.Const(64, 33)))
	}
	x, y := expr.BVVar("x", 64), expr.BVVar("y", 64)
	return Query{Constraints: []expr.Expr{
		expr.Eq(expr.Mul(mix(x), mix(y)), expr.Const(64, 0x123456789abcdef1)),
		expr.Ult(x, y),
	}}
}

func TestTimeoutGivesUnknown(t *testing.T) {
	query := hardQuery()
	a := expr.BVVar("a", 32)
	z := newZ3(t, Options{Timeout: 50 * time.Millisecond})
	resp := z.Check(context.Background(), query)
	if resp.Result != Unknown || !strings.Contains(resp.Reason, "timeout") {
		t.Fatalf("got %v (%q), want unknown because of the timeout", resp.Result, resp.Reason)
	}
	// The solver is still usable after a timeout.
	if r := z.Check(context.Background(), Query{Constraints: []expr.Expr{expr.Eq(a, expr.Const(32, 3))}}); r.Result != Sat {
		t.Fatalf("after a timeout: %v (%s)", r.Result, r.Reason)
	}
}

func TestCanceledContext(t *testing.T) {
	z := newZ3(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	resp := z.Check(ctx, Query{Constraints: []expr.Expr{expr.BoolVar("p")}})
	if resp.Result != Unknown || !strings.Contains(resp.Reason, "canceled") {
		t.Fatalf("got %v (%q), want unknown: canceled", resp.Result, resp.Reason)
	}
	// Cancelling during a long check interrupts Z3.
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	resp = z.Check(ctx, hardQuery())
	if resp.Result != Unknown || !strings.Contains(resp.Reason, "canceled") {
		t.Fatalf("got %v (%q), want unknown: canceled", resp.Result, resp.Reason)
	}
	if r := z.Check(context.Background(), Query{Constraints: []expr.Expr{expr.BoolVar("p")}}); r.Result != Sat {
		t.Fatalf("after an interrupt: %v (%s)", r.Result, r.Reason)
	}
}

func TestMisuseIsUnknownNotPanic(t *testing.T) {
	z := newZ3(t, Options{})
	resp := z.Check(context.Background(), Query{Constraints: []expr.Expr{expr.BVVar("x", 8)}})
	if resp.Result != Unknown || resp.Reason == "" {
		t.Fatalf("a non-Bool constraint gave %v (%q)", resp.Result, resp.Reason)
	}
	if r := z.Check(context.Background(), Query{Constraints: []expr.Expr{expr.BoolVar("p")}}); r.Result != Sat {
		t.Fatalf("solver unusable after misuse: %v (%s)", r.Result, r.Reason)
	}
	z.Close()
	if r := z.Check(context.Background(), Query{}); r.Result != Unknown {
		t.Fatalf("a closed solver answered %v", r.Result)
	}
	if err := z.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

// TestIncrementalMatchesFresh is the differential test of prefix reuse:
// query sequences shaped like symbolic execution (each extends or branches
// off an earlier one) get the same answers with and without it.
func TestIncrementalMatchesFresh(t *testing.T) {
	inc := newZ3(t, Options{})
	fresh := newZ3(t, Options{NoIncremental: true})
	r := rand.New(rand.NewPCG(5, 6))
	g := &exprtest.Gen{R: r, Vars: []expr.Expr{expr.BVVar("x", 16), expr.BVVar("y", 16)}}
	paths := [][]expr.Expr{nil}
	for i := 0; i < 400; i++ {
		base := paths[r.IntN(len(paths))]
		q := append(append([]expr.Expr(nil), base...), g.Bool(2))
		a := inc.Check(context.Background(), Query{Constraints: q})
		b := fresh.Check(context.Background(), Query{Constraints: q})
		if a.Result != b.Result {
			t.Fatalf("query %d: incremental %v, fresh %v", i, a.Result, b.Result)
		}
		if a.Result == Sat {
			checkModel(t, Query{Constraints: q}, a)
			paths = append(paths, q)
		}
	}
}

// TestNoLeak checks Z3's own memory estimate: after the first queries have
// warmed caches up, many more must not make it grow much.
func TestNoLeak(t *testing.T) {
	z := newZ3(t, Options{})
	g := &exprtest.Gen{R: rand.New(rand.NewPCG(7, 8)), Vars: []expr.Expr{expr.BVVar("x", 32), expr.BVVar("y", 32)}}
	run := func(n int) {
		for i := 0; i < n; i++ {
			z.Check(context.Background(), Query{Constraints: []expr.Expr{g.Bool(2)}})
		}
	}
	run(200)
	warm := EstimatedAllocBytes()
	run(2000)
	after := EstimatedAllocBytes()
	if after > warm+warm/2+(4<<20) {
		t.Fatalf("Z3 memory grew from %d to %d bytes over 2000 queries", warm, after)
	}
}
