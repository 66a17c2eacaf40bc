package z3

import (
	"context"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestAssertStopsWithItsContext: a context that ends while the query's
// constraints are being asserted stops the asserting, not only the check
// (an assert can run for minutes: canceller). The stop says why, and the
// solver answers the next query from a new context.
func TestAssertStopsWithItsContext(t *testing.T) {
	z := newZ3(t, Options{})
	x := expr.BVVar("x", 8)
	first := query(expr.Ult(x, expr.Const(8, 9)))
	requireModel(t, first, z.Check(bg, first))

	ctx, cancel := context.WithCancel(bg)
	cancel()
	err := z.assertInterruptibly(ctx, []expr.Expr{expr.Ult(expr.Const(8, 3), x)})
	if err == nil || !strings.Contains(err.Error(), "canceled") || !strings.Contains(err.Error(), "asserting") {
		t.Fatalf("asserting under a cancelled context: %v, want a cancel while asserting", err)
	}
	z.afterError()
	second := query(first.Constraints[0], expr.Ult(expr.Const(8, 3), x))
	requireModel(t, second, z.Check(bg, second))
}
