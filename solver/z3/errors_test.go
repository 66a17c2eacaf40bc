package z3

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestZ3ErrorBecomesUnknown provokes real Z3 errors, which the default
// handler would turn into an abort, and checks that they come back as
// Unknown responses or Go errors and leave the solver usable.
func TestZ3ErrorBecomesUnknown(t *testing.T) {
	z := newZ3(t, Options{})
	x := expr.BVVar("x", 8)
	a, b := expr.Ult(x, expr.Const(8, 9)), expr.Ult(expr.Const(8, 3), x)
	q := query(a, b)
	requireModel(t, q, z.Check(bg, q))

	// Make our record claim one scope more than Z3 has: the next query
	// pops them all, and Z3 refuses to pop more scopes than there are.
	z.stack = append(z.stack, asserted{constraint: expr.BoolVar("phantom")})
	r := z.Check(bg, query(expr.Eq(x, expr.Const(8, 1))))
	if r.Result != solver.Unknown || !strings.Contains(r.Reason, "z3:") {
		t.Fatalf("a failed pop gave %v (%q), want unknown with Z3's error", r.Result, r.Reason)
	}
	requireModel(t, q, z.Check(bg, q))

	// Asserting a bit-vector is a sort error in Z3.
	if err := z.tr.assert(x); err == nil || !strings.Contains(err.Error(), "z3:") {
		t.Fatalf("asserting a bit-vector gave %v, want Z3's error", err)
	}
	z.tr.release()
	if st := z.Stats(); st.Unknown != 1 || st.Queries != 3 {
		t.Errorf("stats %+v", st)
	}
}
