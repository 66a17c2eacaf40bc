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
// variable of the query a value and makes every constraint true.
func requireModel(t testing.TB, q Query, r Response) {
	t.Helper()
	if err := exprtest.CheckModel(q.Constraints, r.Model); r.Result != Sat || err != nil {
		t.Fatalf("got %v (%s), want sat with a model for %v: %v", r.Result, r.Reason, q.Constraints, err)
	}
}
