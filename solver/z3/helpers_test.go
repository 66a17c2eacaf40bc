package z3

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

var bg = context.Background()

func newZ3(t testing.TB, opts Options) *Solver {
	t.Helper()
	z, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { z.Close() })
	return z
}

func query(constraints ...expr.Expr) solver.Query { return solver.Query{Constraints: constraints} }

// requireModel fails unless r is Sat with a model that gives every
// variable of the query a value and makes every constraint true.
func requireModel(t testing.TB, q solver.Query, r solver.Response) {
	t.Helper()
	if err := exprtest.CheckModel(q.Constraints, r.Model); r.Result != solver.Sat || err != nil {
		t.Fatalf("got %v (%s), want sat with a model for %v: %v", r.Result, r.Reason, q.Constraints, err)
	}
}

// opsIn adds the operators of e to seen.
func opsIn(e expr.Expr, seen map[expr.Op]bool) {
	seen[e.Op()] = true
	for i := range e.NumArgs() {
		opsIn(e.Arg(i), seen)
	}
}

// agree asks the translation under test (on) and Z3's own (off) cases
// queries, each a constraint from next behind a random part of the Sat
// constraints before it, so that scopes are kept from one query to the
// next. It fails when the two disagree or a model does not satisfy its
// query, and gives the count of each answer; a query that either leaves
// unknown is logged, not compared.
func agree(t *testing.T, label string, on, off *Solver, r *rand.Rand, cases int, next func() expr.Expr) map[solver.Result]int {
	t.Helper()
	counts := map[solver.Result]int{}
	var prefix []expr.Expr
	for range cases {
		c := next()
		if len(prefix) >= 3 || r.IntN(3) == 0 {
			prefix = prefix[:r.IntN(len(prefix)+1)]
		}
		q := query(append(prefix[:len(prefix):len(prefix)], c)...)
		a, b := on.Check(bg, q), off.Check(bg, q)
		if a.Result == solver.Unknown || b.Result == solver.Unknown {
			t.Logf("%s: %v (%s), plain %v (%s), for %v", label, a.Result, a.Reason, b.Result, b.Reason, q.Constraints)
			counts[solver.Unknown]++
			continue
		}
		if a.Result != b.Result {
			t.Fatalf("%s: %v, plain %v, for %v", label, a.Result, b.Result, q.Constraints)
		}
		counts[a.Result]++
		if a.Result == solver.Sat {
			requireModel(t, q, a)
			prefix = append(prefix, c)
		}
	}
	return counts
}

// requireExactOnBytes checks a term over the byte x for every value of x:
// with x pinned, the term equal to the value expr.Eval gives it is Sat,
// and different from it Unsat. label names the term in a failure.
func requireExactOnBytes(t *testing.T, z *Solver, x, term expr.Expr, label string) {
	t.Helper()
	for v := range uint64(256) {
		pin := expr.Eq(x, expr.Const(8, v))
		want := expr.Const(8, expr.Eval(term, &expr.Values{Scalars: map[expr.Expr]uint64{x: v}}))
		if r := z.Check(bg, query(pin, expr.Eq(term, want))); r.Result != solver.Sat {
			t.Fatalf("%s at x = %d, equal to %d: got %v (%s), want sat", label, v, want.Value(), r.Result, r.Reason)
		}
		if r := z.Check(bg, query(pin, expr.Ne(term, want))); r.Result != solver.Unsat {
			t.Fatalf("%s at x = %d, not %d: got %v (%s), want unsat", label, v, want.Value(), r.Result, r.Reason)
		}
	}
}
