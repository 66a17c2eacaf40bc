package z3

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

// randomQuery is one to three random constraints.
func randomQuery(g *exprtest.Gen, depth int) solver.Query {
	n := 1 + g.R.IntN(3)
	q := solver.Query{Constraints: make([]expr.Expr, n)}
	for i := range q.Constraints {
		q.Constraints[i] = g.RichBool(depth)
	}
	return q
}

// TestRoundTripEightBit checks the binding against brute force. Random
// queries over one or two 8-bit variables either come back Sat with a
// model under which expr.Eval makes every constraint true, or come back
// Unsat, and then trying all 256 or 65,536 assignments finds none that
// does. Queries over
// an array as well are checked in the Sat direction, which brings every
// operator of expr into the test.
func TestRoundTripEightBit(t *testing.T) {
	z := newZ3(t, Options{})
	r := rand.New(rand.NewPCG(1, 2))
	x, y := expr.BVVar("x", 8), expr.BVVar("y", 8)
	seen := map[expr.Op]bool{}
	counts := map[solver.Result]int{}
	suites := []struct {
		vars  []expr.Expr
		cases int
	}{
		{[]expr.Expr{x}, 3000},
		{[]expr.Expr{x, y}, 400}, // brute force is 65,536 evaluations a query
	}
	for _, s := range suites {
		g := &exprtest.Gen{R: r, Vars: s.vars}
		for i := 0; i < s.cases; i++ {
			q := randomQuery(g, 3)
			for _, c := range q.Constraints {
				opsIn(c, seen)
			}
			resp := z.Check(bg, q)
			counts[resp.Result]++
			switch resp.Result {
			case solver.Sat:
				requireModel(t, q, resp)
			case solver.Unsat:
				if witness, found := bruteForce(q, s.vars); found {
					t.Fatalf("unsat, but %v satisfies %v", witness, q.Constraints)
				}
			default:
				t.Fatalf("unknown (%s) for %v", resp.Reason, q.Constraints)
			}
		}
	}
	g := &exprtest.Gen{R: r, Vars: []expr.Expr{x, y}, Array: expr.ArrayVar("m", 8, 8)}
	for i := 0; i < 1000; i++ {
		q := randomQuery(g, 3)
		for _, c := range q.Constraints {
			opsIn(c, seen)
		}
		resp := z.Check(bg, q)
		counts[resp.Result]++
		if resp.Result == solver.Sat {
			requireModel(t, q, resp)
		} else if resp.Result == solver.Unknown {
			t.Fatalf("unknown (%s) for %v", resp.Reason, q.Constraints)
		}
	}
	for _, op := range expr.Ops() {
		if !seen[op] {
			t.Errorf("no generated query used operator %v", op)
		}
	}
	// Both directions must be exercised for the test to mean anything.
	if counts[solver.Sat] < 1000 || counts[solver.Unsat] < 1000 {
		t.Errorf("the generator is lopsided: %v", counts)
	}
	t.Logf("%v; %d checks, %v in Z3", counts, z.Stats().Queries, z.Stats().Time)
}

// bruteForce tries every assignment of the 8-bit variables.
func bruteForce(q solver.Query, vars []expr.Expr) (map[expr.Expr]uint64, bool) {
	env := &expr.Values{Scalars: map[expr.Expr]uint64{}}
	for k := 0; k < 1<<(8*len(vars)); k++ {
		for i, v := range vars {
			env.Scalars[v] = uint64(k>>(8*i)) & 0xff
		}
		if holds(q, env) {
			return env.Scalars, true
		}
	}
	return nil, false
}

func holds(q solver.Query, env expr.Assignment) bool {
	ev := expr.NewEvaluator(env)
	for _, c := range q.Constraints {
		if ev.Eval(c) != 1 {
			return false
		}
	}
	return true
}

// TestRoundTripWide checks the Sat direction at the other widths, where
// brute force is out of reach: every model must satisfy its query.
func TestRoundTripWide(t *testing.T) {
	z := newZ3(t, Options{Timeout: 5 * time.Second})
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ width, cases, depth int }{{16, 400, 3}, {32, 300, 3}, {64, 200, 2}} {
		g := &exprtest.Gen{R: r, Vars: []expr.Expr{expr.BVVar("x", tc.width), expr.BVVar("y", tc.width)}, Array: expr.ArrayVar("m", 8, tc.width)}
		counts := map[solver.Result]int{}
		for i := 0; i < tc.cases; i++ {
			q := randomQuery(g, tc.depth)
			resp := z.Check(bg, q)
			counts[resp.Result]++
			if resp.Result == solver.Sat {
				requireModel(t, q, resp)
			}
		}
		if counts[solver.Sat] < tc.cases/2 || counts[solver.Unknown] > tc.cases/50 {
			t.Errorf("width %d: %v; too few models checked", tc.width, counts)
		}
		t.Logf("width %d: %v", tc.width, counts)
	}
}

// TestPinnedAgreesWithEval checks both directions at every width, odd
// ones included: with each variable pinned to a random value (and the
// array to a random constant array with one store), Z3 must answer Sat
// exactly when expr.Eval makes the random term true under those values.
func TestPinnedAgreesWithEval(t *testing.T) {
	z := newZ3(t, Options{Timeout: 5 * time.Second})
	r := rand.New(rand.NewPCG(17, 18))
	for _, w := range []int{1, 5, 8, 13, 16, 32, 33, 63, 64} {
		x, y := expr.BVVar("x", w), expr.BVVar("y", w)
		g := &exprtest.Gen{R: r, Vars: []expr.Expr{x, y}}
		if w >= 8 { // exprtest indexes arrays with the low 8 bits of a term
			g.Array = expr.ArrayVar("m", 8, w)
		}
		counts := map[solver.Result]int{}
		for i := 0; i < 300; i++ {
			env := &expr.Values{Scalars: map[expr.Expr]uint64{}, Arrays: map[expr.Expr]expr.ArrayValue{}}
			var pins []expr.Expr
			for _, v := range g.Vars {
				val := r.Uint64() & (1<<w - 1)
				env.Scalars[v] = val
				pins = append(pins, expr.Eq(v, expr.Const(w, val)))
			}
			if g.Array.IsValid() {
				def, at, val := r.Uint64(), r.Uint64()&0xff, r.Uint64()
				sort := g.Array.Sort()
				pinned := expr.Store(expr.ConstArray(sort, expr.Const(w, def)), expr.Const(8, at), expr.Const(w, val))
				pins = append(pins, expr.Eq(g.Array, pinned))
				env.Arrays[g.Array] = expr.ArrayValue{Default: expr.Const(w, def).Value(), Entries: map[uint64]uint64{at: expr.Const(w, val).Value()}}
			}
			term := g.RichBool(3)
			want := solver.Unsat
			if expr.EvalBool(term, env) {
				want = solver.Sat
			}
			q := query(append(pins, term)...)
			resp := z.Check(bg, q)
			counts[resp.Result]++
			if resp.Result != want {
				t.Fatalf("width %d: Z3 says %v (%s), expr.Eval says %v, for %v under %v %v", w, resp.Result, resp.Reason, want, term, env.Scalars, env.Arrays)
			}
			if resp.Result == solver.Sat {
				requireModel(t, q, resp)
			}
		}
		if counts[solver.Sat] < 50 || counts[solver.Unsat] < 50 {
			t.Errorf("width %d: lopsided %v", w, counts)
		}
	}
}
