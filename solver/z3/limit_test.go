package z3

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestOptionsResourceLimit: Options.ResourceLimit bounds every query
// that has no limit of its own, before and after one that has, and is
// not escalated even with Options.EscalateAfter; a query's own limit
// takes its place for that query.
func TestOptionsResourceLimit(t *testing.T) {
	z := newZ3(t, Options{ResourceLimit: escalateAfterInTests, EscalateAfter: 100 * escalateAfterInTests, PlainSums: true})
	bounded := func(when string) {
		t.Helper()
		r := z.Check(bg, spaceCount(32))
		if r.Result != solver.Unknown || !strings.Contains(r.Reason, "resource limit of 20000") {
			t.Fatalf("%s: got %v (%q), want unknown: resource limit of 20000", when, r.Result, r.Reason)
		}
	}
	bounded("first query")

	easy := query(expr.Eq(expr.BVVar("x", 8), expr.Const(8, 7)))
	easy.ResourceLimit = 50_000_000
	requireModel(t, easy, z.Check(bg, easy))
	bounded("after a query with a limit of its own")

	own := spaceCount(32)
	own.ResourceLimit = 50_000_000
	if r := z.Check(bg, own); r.Result != solver.Unsat {
		t.Fatalf("with a limit of its own: got %v (%q), want unsat", r.Result, r.Reason)
	}
	if n := z.Stats().Escalated; n != 0 {
		t.Errorf("%d queries escalated, want none", n)
	}
}
