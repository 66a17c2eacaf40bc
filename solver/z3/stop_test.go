package z3

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// semiprime asks Z3 to factor 3538334777 × 2767054501 into two 32-bit
// factors above 1 (zero-extended to 64 bits, so the product cannot
// overflow). Z3 4.8.12 does not finish within 20 seconds.
func semiprime() (solver.Query, expr.Expr) {
	x, y := expr.BVVar("x", 32), expr.BVVar("y", 32)
	one := expr.Const(32, 1)
	return query(
		expr.Ult(one, x),
		expr.Ult(one, y),
		expr.Eq(expr.Mul(expr.ZExt(x, 64), expr.ZExt(y, 64)), expr.Const(64, 3538334777*2767054501)),
	), x
}

func TestTimeoutGivesUnknown(t *testing.T) {
	hard, x := semiprime()
	z := newZ3(t, Options{Timeout: 50 * time.Millisecond})
	r := z.Check(bg, hard)
	if r.Result != solver.Unknown || !strings.Contains(r.Reason, "timeout") {
		t.Fatalf("got %v (%q), want unknown because of the timeout", r.Result, r.Reason)
	}
	if st := z.Stats(); st.Queries != 1 || st.Unknown != 1 {
		t.Errorf("stats after a timeout: %+v", st)
	}
	// The solver stays usable, on the same prefix and on new ones.
	q := query(hard.Constraints[0], expr.Eq(x, expr.Const(32, 3)))
	requireModel(t, q, z.Check(bg, q))
	q = query(expr.Ult(x, expr.Const(32, 2)), expr.Ult(expr.Const(32, 2), x))
	if r := z.Check(bg, q); r.Result != solver.Unsat {
		t.Fatalf("after a timeout: %v (%s), want unsat", r.Result, r.Reason)
	}
}

func TestCanceledContext(t *testing.T) {
	hard, x := semiprime()
	z := newZ3(t, Options{})
	ctx, cancel := context.WithCancel(bg)
	cancel()
	r := z.Check(ctx, query(expr.BoolVar("p")))
	if r.Result != solver.Unknown || !strings.Contains(r.Reason, "canceled") {
		t.Fatalf("already cancelled: got %v (%q), want unknown: canceled", r.Result, r.Reason)
	}
	if z.Stats().Queries != 0 {
		t.Errorf("a query refused before Z3 was counted: %+v", z.Stats())
	}
	// A context that ends during the check interrupts Z3, which would
	// otherwise run for more than 20 seconds.
	ctx, cancel = context.WithTimeout(bg, 100*time.Millisecond)
	defer cancel()
	r = z.Check(ctx, hard)
	if r.Result != solver.Unknown || !strings.Contains(r.Reason, "canceled") || !strings.Contains(r.Reason, "deadline") {
		t.Fatalf("cancelled during the check: got %v (%q), want unknown: canceled", r.Result, r.Reason)
	}
	q := query(hard.Constraints[0], expr.Eq(x, expr.Const(32, 3)))
	requireModel(t, q, z.Check(bg, q))
}

// TestStrayInterruptIsHarmless: the watcher may interrupt just after a
// check has returned. That must not affect what the solver does next.
// (With Z3_interrupt instead of Z3_solver_interrupt, Z3 4.8.12 fails every
// later push with "push canceled".)
func TestStrayInterruptIsHarmless(t *testing.T) {
	z := newZ3(t, Options{})
	x := expr.BVVar("x", 8)
	first := query(expr.Ult(x, expr.Const(8, 9)))
	requireModel(t, first, z.Check(bg, first))
	z.c.interrupter()() // no check is running
	second := query(first.Constraints[0], expr.Ult(expr.Const(8, 3), x))
	requireModel(t, second, z.Check(bg, second))
	z.c.interrupter()()
	third := query(expr.Eq(x, expr.Const(8, 200)))
	requireModel(t, third, z.Check(bg, third))
}

func TestWatcherInterruptsUntilStopped(t *testing.T) {
	var calls atomic.Int64
	interrupt := func() { calls.Add(1) }

	w := watch(bg, interrupt, nil)
	time.Sleep(3 * reinterruptEvery)
	w.stop()
	if n := calls.Load(); n != 0 {
		t.Fatalf("interrupted %d times without a cancelled context", n)
	}

	ctx, cancel := context.WithCancel(bg)
	cancel()
	w = watch(ctx, interrupt, nil)
	for calls.Load() < 3 { // it repeats the interrupt while the check runs
		time.Sleep(reinterruptEvery)
	}
	w.stop()
	after := calls.Load()
	time.Sleep(3 * reinterruptEvery)
	if n := calls.Load(); n != after {
		t.Fatalf("interrupted %d more times after stop", n-after)
	}
}

// TestWatcherForcesAnUnheededInterrupt: Z3 can lose an interrupt (see
// forceAfter), and then ignores every later one. When the check goes on
// for forceAfter after the first interrupt, the watcher forces it, once,
// and stop says so; a check that ends in time is not forced.
func TestWatcherForcesAnUnheededInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(bg)
	cancel()

	var interrupts, forces, interruptsBefore atomic.Int64
	forced := make(chan struct{})
	start := time.Now()
	w := watch(ctx, func() { interrupts.Add(1) }, func() {
		if forces.Add(1) == 1 {
			interruptsBefore.Store(interrupts.Load())
			close(forced)
		}
	})
	select {
	case <-forced:
	case <-time.After(100 * forceAfter):
		w.stop()
		t.Fatalf("not forced after %v of unheeded interrupts (%d sent)", 100*forceAfter, interrupts.Load())
	}
	if took := time.Since(start); took < forceAfter {
		t.Errorf("forced after %v, before forceAfter (%v)", took, forceAfter)
	}
	if interruptsBefore.Load() < 1 {
		t.Error("forced before any interrupt; it should interrupt until then")
	}
	time.Sleep(3 * reinterruptEvery)
	if !w.stop() {
		t.Error("stop does not report the forced check")
	}
	if n := forces.Load(); n != 1 {
		t.Errorf("forced %d times, want once", n)
	}

	// A check that ends at the first interrupt.
	heeded := make(chan struct{})
	var once atomic.Bool
	w = watch(ctx, func() {
		if once.CompareAndSwap(false, true) {
			close(heeded)
		}
	}, func() { t.Error("forced a check that heeded the interrupt") })
	<-heeded
	if w.stop() {
		t.Error("stop reports a forced check that was not forced")
	}
}

// TestNoCheckStartsOnceCancelled: a check whose context is already done
// is not started (an interrupt sent as it starts can be lost), and the
// context is not cancelled for it.
func TestNoCheckStartsOnceCancelled(t *testing.T) {
	z, _ := afterOneQuery(t)
	ctx, cancel := context.WithCancel(bg)
	cancel()
	result, reason, err := z.checkInterruptibly(ctx)
	if result != solver.Unknown || reason != "not started" || err != nil {
		t.Fatalf("check with a done context: %v, %q, %v; want unknown, not started", result, reason, err)
	}
	if z.c.cancelled {
		t.Fatal("the context was cancelled for a check that never ran")
	}
}

// TestForcedContextIsReplaced: after a check was forced, the context
// stays cancelled (every push fails), so the next query gets a new one.
func TestForcedContextIsReplaced(t *testing.T) {
	z, first := afterOneQuery(t)
	x := expr.BVVar("x", 8) // afterOneQuery's
	// What a forced check leaves (checkInterruptibly).
	z.c.canceller()()
	z.c.cancelled = true
	second := query(first.Constraints[0], expr.Ult(expr.Const(8, 3), x))
	requireModel(t, second, z.Check(bg, second))
	if z.c.cancelled {
		t.Fatal("the solver still uses the cancelled context")
	}
}

// afterOneQuery is a Z3 that has answered one query, x < 9 over a byte
// x, and so holds a scope: what the stop tests start from.
func afterOneQuery(t *testing.T) (*Solver, solver.Query) {
	t.Helper()
	z := newZ3(t, Options{})
	q := query(expr.Ult(expr.BVVar("x", 8), expr.Const(8, 9)))
	requireModel(t, q, z.Check(bg, q))
	return z, q
}
