package z3

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// spaceCount is what strings.Count(s, " ") leaves on a path through a
// string of at most 16 bytes, plus one, the way the executor builds it:
// a sum of one ite per byte. It asks that the sum be above more, which
// is unsatisfiable for more ≥ 17 and satisfiable below. It is hard for
// the incremental core with the sum at 64 bits, as Z3's own translation
// leaves it (Options.PlainSums); summed narrow it is easy
// (TestCountsAreSummedNarrow), so the escalation tests translate it plain.
func spaceCount(more uint64) solver.Query {
	n := expr.BVVar("len(s)", 64)
	sum := expr.Const(64, 1)
	for i := range 16 {
		b := expr.BVVar(fmt.Sprintf("s[%d]", i), 8)
		space := expr.And(expr.Ult(expr.Const(64, uint64(i)), n), expr.Eq(b, expr.Const(8, ' ')))
		sum = expr.Add(sum, expr.Ite(space, expr.Const(64, 1), expr.Const(64, 0)))
	}
	return query(expr.Ule(n, expr.Const(64, 16)), expr.Ult(expr.Const(64, more), sum))
}

// TestSpaceCountIsHardIncrementally: the fixture of TestEscalation is one
// that the incremental solver does not decide within the share it gets
// there, so that escalating is what decides it below.
func TestSpaceCountIsHardIncrementally(t *testing.T) {
	z := newZ3(t, Options{PlainSums: true})
	for _, more := range []uint64{32, 12} {
		q := spaceCount(more)
		q.ResourceLimit = escalateAfterInTests
		if r := z.Check(bg, q); r.Result != solver.Unknown || !strings.Contains(r.Reason, "resource limit") {
			t.Fatalf("more than %d: got %v (%q), want unknown: resource limit", more, r.Result, r.Reason)
		}
	}
}

const escalateAfterInTests = 20_000

// TestEscalation: a query the incremental solver does not decide within
// Options.EscalateAfter is decided by the fresh, unscoped one, Sat with
// a model that satisfies it or Unsat, and counted; the incremental solver
// is left as it was, its prefix reused by the next queries; a query
// decided within the share, or one with its own resource limit, is not
// escalated.
func TestEscalation(t *testing.T) {
	z := newZ3(t, Options{EscalateAfter: escalateAfterInTests, PlainSums: true})

	if r := z.Check(bg, spaceCount(32)); r.Result != solver.Unsat {
		t.Fatalf("more than 32 spaces in 16 bytes: %v (%s), want unsat", r.Result, r.Reason)
	}
	sat := spaceCount(12)
	requireModel(t, sat, z.Check(bg, sat))
	s := z.Stats()
	if s.Escalated != 2 || s.EscalationsDecided != 2 || s.EscalatedTime <= 0 || s.EscalatedTime > s.Time {
		t.Fatalf("after two hard queries: Escalated %d, decided %d, in %v of %v; want 2, 2, in a positive part of the time",
			s.Escalated, s.EscalationsDecided, s.EscalatedTime, s.Time)
	}
	if s.Reused != 1 {
		t.Fatalf("the second hard query reused %d constraints of the first, want 1 (len(s) ≤ 16)", s.Reused)
	}

	// Easy queries after it: solved incrementally, the second reusing the
	// first's prefix, and not escalated.
	x := expr.BVVar("x", 32)
	first := query(expr.Ult(x, expr.Const(32, 100)))
	second := query(first.Constraints[0], expr.Ult(expr.Const(32, 90), x))
	requireModel(t, first, z.Check(bg, first))
	requireModel(t, second, z.Check(bg, second))
	if s := z.Stats(); s.Escalated != 2 || s.Reused != 2 {
		t.Fatalf("after two easy queries: Escalated %d, Reused %d, want 2 and 2", s.Escalated, s.Reused)
	}

	// Its own limit is the caller's bound: not escalated.
	limited := spaceCount(32)
	limited.ResourceLimit = escalateAfterInTests
	if r := z.Check(bg, limited); r.Result != solver.Unknown {
		t.Fatalf("with its own resource limit: %v, want unknown", r.Result)
	}
	if s := z.Stats(); s.Escalated != 2 {
		t.Fatalf("a query with its own limit was escalated: Escalated %d, want 2", s.Escalated)
	}
}

// TestEscalationFallsBack: when the fresh solver does not decide the
// query within its share either, a new incremental solver object goes on
// with it and decides it; after maxFlatFailures such failures, queries
// are no longer escalated. Factoring in 32 bits takes Z3 about 170,000
// units, far above both shares here.
func TestEscalationFallsBack(t *testing.T) {
	z := newZ3(t, Options{EscalateAfter: 1000, PlainSums: true})
	q := factors(32, 12, 101, 103)
	stopped := z.c.solver
	requireModel(t, q, z.Check(bg, q))
	if s := z.Stats(); s.Escalated != 1 || s.EscalationsDecided != 0 || s.Unknown != 0 {
		t.Fatalf("Escalated %d, decided %d, Unknown %d; want 1, 0, 0", s.Escalated, s.EscalationsDecided, s.Unknown)
	}
	// The object the share stopped is not the one that went on: what it
	// learned before may be what got it lost.
	if z.c.solver == stopped {
		t.Fatal("the incremental solver object that the share stopped went on with the query")
	}
	// The new one holds the query's scopes, which the next query reuses.
	q = query(q.Constraints[0], expr.Eq(expr.BVVar("x", 32), expr.Const(32, 7)))
	requireModel(t, q, z.Check(bg, q))
	if s := z.Stats(); s.Reused != 1 {
		t.Fatalf("Reused %d after the fallback, want 1", s.Reused)
	}
	for i := uint64(1); i <= maxFlatFailures+1; i++ {
		q := factors(32, 12, 101+i, 103+i)
		requireModel(t, q, z.Check(bg, q))
	}
	if s := z.Stats(); s.Escalated != maxFlatFailures || s.EscalationsDecided != 0 {
		t.Fatalf("after %d hard queries: Escalated %d, decided %d; want %d, 0", maxFlatFailures+2, s.Escalated, s.EscalationsDecided, maxFlatFailures)
	}
}

// TestEscalationKeepsTheBounds: the timeout bounds a check through both
// hand-overs, and a context that ends during it stops whichever solver is
// running; the incremental solver stays usable after either.
func TestEscalationKeepsTheBounds(t *testing.T) {
	hard, x := semiprime()
	easy := query(hard.Constraints[0], expr.Eq(x, expr.Const(32, 3)))

	z := newZ3(t, Options{Timeout: 50 * time.Millisecond, EscalateAfter: 1000, PlainSums: true})
	if r := z.Check(bg, hard); r.Result != solver.Unknown || !strings.Contains(r.Reason, "timeout") {
		t.Fatalf("got %v (%q), want unknown because of the timeout", r.Result, r.Reason)
	}
	if s := z.Stats(); s.Escalated != 1 {
		t.Fatalf("Escalated %d, want 1", s.Escalated)
	}
	requireModel(t, easy, z.Check(bg, easy))

	z = newZ3(t, Options{EscalateAfter: 1000, PlainSums: true})
	ctx, cancel := context.WithTimeout(bg, 100*time.Millisecond)
	defer cancel()
	if r := z.Check(ctx, hard); r.Result != solver.Unknown || !strings.Contains(r.Reason, "deadline") {
		t.Fatalf("cancelled during the check: got %v (%q), want unknown: canceled", r.Result, r.Reason)
	}
	requireModel(t, easy, z.Check(bg, easy))
}
