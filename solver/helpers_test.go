package solver

import (
	"context"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

var bg = context.Background()

// PlainZ3 makes a plain Z3 (z3.New(z3.Options{})). Package solver cannot
// import solver/z3, which imports it; z3_test.go, an external test file
// of this package, can, and sets PlainZ3 before the tests run.
var PlainZ3 func() (Solver, error)

// newZ3 is a plain Z3, closed at the end of the test.
func newZ3(t testing.TB) Solver {
	t.Helper()
	z, err := PlainZ3()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { z.Close() })
	return z
}

func query(constraints ...expr.Expr) Query { return Query{Constraints: constraints} }

// requireModel fails unless r is Sat with a model that gives every
// variable of the query a value and makes every constraint true, as
// expr.Eval computes it.
func requireModel(t testing.TB, q Query, r Response) {
	t.Helper()
	if r.Result != Sat {
		t.Fatalf("got %v (%s), want sat for %v", r.Result, r.Reason, q.Constraints)
	}
	if r.Model == nil {
		t.Fatalf("sat without a model for %v", q.Constraints)
	}
	for _, v := range expr.Vars(q.Constraints...) {
		_, scalar := r.Model.Scalars[v]
		_, array := r.Model.Arrays[v]
		if !scalar && !array {
			t.Fatalf("the model has no value for %v; query %v", v, q.Constraints)
		}
	}
	for _, c := range q.Constraints {
		if hasArrayEq(c) {
			continue // expr.Eval does not compare arrays
		}
		if !expr.EvalBool(c, r.Model) {
			t.Fatalf("the model (%v, arrays %v) does not satisfy %v", r.Model.Scalars, r.Model.Arrays, c)
		}
	}
}

func hasArrayEq(e expr.Expr) bool {
	if e.Op() == expr.OpEq && e.Arg(0).Sort().IsArray() {
		return true
	}
	for i := range e.NumArgs() {
		if hasArrayEq(e.Arg(i)) {
			return true
		}
	}
	return false
}

// explorer makes query sequences shaped like symbolic execution: it picks
// a pending path (depth first, now and then an older one, so the solver
// must backtrack far), asks both sides of a random branch condition, and
// keeps the feasible sides as new pending paths. Paths and the pending
// list are bounded, so a long run holds a bounded number of terms.
type explorer struct {
	g                    *exprtest.Gen
	maxDepth, maxPending int
	pending              [][]expr.Expr
}

func newExplorer(g *exprtest.Gen) *explorer {
	return &explorer{g: g, maxDepth: 24, maxPending: 64}
}

// step asks the two queries of one branch through ask.
func (e *explorer) step(ask func(Query) Result) {
	if len(e.pending) == 0 {
		e.pending = append(e.pending, nil) // start over from the root
	}
	i := len(e.pending) - 1
	if e.g.R.IntN(4) == 0 {
		i = e.g.R.IntN(len(e.pending))
	}
	path := e.pending[i]
	e.pending = append(e.pending[:i], e.pending[i+1:]...)
	cond := randomBool(e.g, 2)
	for _, side := range []expr.Expr{cond, expr.Not(cond)} {
		q := query(append(path[:len(path):len(path)], side)...)
		if ask(q) == Sat && len(q.Constraints) < e.maxDepth && len(e.pending) < e.maxPending {
			e.pending = append(e.pending, q.Constraints)
		}
	}
}

// randomBool is a random Bool term from g. Now and then it is a shape
// exprtest does not make: a Bool-sorted ite, or a read of a store over a
// constant array (exprtest's constant arrays are always read directly,
// which expr folds away).
func randomBool(g *exprtest.Gen, depth int) expr.Expr {
	if depth > 1 {
		switch g.R.IntN(10) {
		case 0:
			return expr.Ite(g.Bool(depth-1), g.Bool(depth-1), g.Bool(depth-1))
		case 1:
			if g.Array.IsValid() {
				sort := g.Array.Sort()
				index := func() expr.Expr { return expr.Trunc(expr.ZExt(g.BV(1), 64), sort.IndexWidth()) }
				arr := expr.Store(expr.ConstArray(sort, g.BV(depth-1)), index(), g.BV(depth-1))
				return expr.Eq(expr.Select(arr, index()), g.BV(depth-1))
			}
		}
	}
	return g.Bool(depth)
}
