package z3

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestResourceLimit: a query that needs real work answers Unknown under
// a tiny resource limit, the same every time, and is decided without
// one; the limit binds only the query that carries it.
func TestResourceLimit(t *testing.T) {
	for _, noInc := range []bool{false, true} {
		z := newZ3(t, Options{NoIncremental: noInc})
		q := factors(64, 20, 1009, 1013)
		q.ResourceLimit = 1000
		for i := 0; i < 2; i++ {
			r := z.Check(bg, q)
			if r.Result != solver.Unknown || !strings.Contains(r.Reason, "resource limit") {
				t.Fatalf("incremental %v, try %d: got %v (%q), want unknown: resource limit", !noInc, i, r.Result, r.Reason)
			}
		}
		q.ResourceLimit = 0
		requireModel(t, q, z.Check(bg, q))
		// The prefix asserted under the limit is reused without it.
		q = query(q.Constraints[0], expr.Eq(expr.BVVar("x", 64), expr.Const(64, 5)))
		requireModel(t, q, z.Check(bg, q))
	}
}

// TestResourceLimitPerCheck: the limit counts the work of one check, not
// of all the checks so far. Factoring 101×103 in 32 bits takes Z3 4.8.12
// about 170,000 units from an emptied solver; ten checks in a row under
// 1,000,000 each all succeed, though together they use more.
func TestResourceLimitPerCheck(t *testing.T) {
	z := newZ3(t, Options{NoIncremental: true})
	q := factors(32, 12, 101, 103)
	q.ResourceLimit = 1_000_000
	for i := 0; i < 10; i++ {
		if r := z.Check(bg, q); r.Result != solver.Sat {
			t.Fatalf("check %d: %v (%s), want sat within the limit", i, r.Result, r.Reason)
		}
	}
}

// factors asks for two factors above 1 and below 2^bits of p×q in w-bit
// arithmetic: nonlinear, so Z3 bit-blasts the multiplication.
func factors(w, bits int, p, q uint64) solver.Query {
	x, y := expr.BVVar("x", w), expr.BVVar("y", w)
	one, bound := expr.Const(w, 1), expr.Const(w, 1<<bits)
	return query(
		expr.Ult(one, x), expr.Ult(one, y),
		expr.Ult(x, bound), expr.Ult(y, bound),
		expr.Eq(expr.Mul(x, y), expr.Const(w, p*q)),
	)
}

// TestUnknownTime: the time of the checks answered Unknown is counted
// apart (Stats.UnknownTime), within Time, and a decided check adds none
// of it.
func TestUnknownTime(t *testing.T) {
	z := newZ3(t, Options{})
	q := factors(64, 20, 1009, 1013)
	q.ResourceLimit = 1000
	if r := z.Check(bg, q); r.Result != solver.Unknown {
		t.Fatalf("got %v, want unknown under the resource limit", r.Result)
	}
	st := z.Stats()
	if st.Unknown != 1 || st.UnknownTime <= 0 || st.UnknownTime != st.Time {
		t.Fatalf("after one unknown: %d unknown in %v of %v; want 1, all of the time", st.Unknown, st.UnknownTime, st.Time)
	}
	q.ResourceLimit = 0
	requireModel(t, q, z.Check(bg, q))
	after := z.Stats()
	if after.UnknownTime != st.UnknownTime || after.Time <= st.Time {
		t.Errorf("a decided check: unknown time %v → %v, time %v → %v; want the first unchanged, the second grown",
			st.UnknownTime, after.UnknownTime, st.Time, after.Time)
	}
}
