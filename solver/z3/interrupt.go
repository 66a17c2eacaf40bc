package z3

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// reinterruptEvery is how often a cancelled check is interrupted again
// until it returns. An interrupt that arrives before Z3 has installed the
// check's handler finds nothing to stop and is lost; repeating it makes
// cancellation reliable.
const reinterruptEvery = 5 * time.Millisecond

// checkInterruptibly runs the check and, if ctx is done before it
// returns, interrupts Z3. A check is not started once ctx is done: an
// interrupt that lands while a check starts can be lost (forceAfter),
// and the watcher would send one at once.
func (z *Solver) checkInterruptibly(ctx context.Context) (solver.Result, string, error) {
	if ctx.Done() == nil { // the context can never be cancelled
		return z.c.check()
	}
	if ctx.Err() != nil {
		return solver.Unknown, "not started", nil
	}
	w := watch(ctx, z.c.interrupter(), z.c.canceller())
	result, reason, err := z.c.check()
	if w.stop() {
		z.c.cancelled = true
		return solver.Unknown, "", fmt.Errorf("canceled: %v (Z3 did not heed the interrupt within %v, so its context was cancelled)", ctx.Err(), forceAfter)
	}
	return result, reason, err
}

// forceAfter is how long a check may go on after its first interrupt
// before the watcher cancels the whole Z3 context instead. Z3 4.8.12
// loses an interrupt that lands while a check is starting: the check
// installs its handler, which acts once, and then pushes its resource
// limit, which clears the cancel flag the handler had set. Later
// interrupts, and the check's own timeout, find the handler spent, and
// the check runs on without a bound (a one-function run at -budget 2s
// hung for 19 minutes in a check that began as its budget ran out).
// Cancelling the context sets that flag directly, and the check polls
// it; the context must be replaced afterwards (canceller).
const forceAfter = 100 * time.Millisecond

// watcher interrupts a check when its context is done, and forces it
// (force) when the interrupts go unheeded for forceAfter. The mutex and
// the running flag make sure neither is sent after stop returns, when
// the solver object may be replaced. (An interrupt between the end of
// the check and stop is harmless: Z3_solver_interrupt does nothing then.)
type watcher struct {
	mu      sync.Mutex
	running bool
	forced  bool          // force was called
	done    chan struct{} // closed by stop
	exited  chan struct{} // closed when the goroutine ends
}

// watch starts watching ctx. force may be nil: interrupt is all there is.
func watch(ctx context.Context, interrupt, force func()) *watcher {
	w := &watcher{running: true, done: make(chan struct{}), exited: make(chan struct{})}
	go func() {
		defer close(w.exited)
		select {
		case <-w.done:
			return
		case <-ctx.Done():
		}
		deadline := time.Now().Add(forceAfter)
		tick := time.NewTicker(reinterruptEvery)
		defer tick.Stop()
		for {
			w.mu.Lock()
			if w.running {
				if force != nil && !w.forced && !time.Now().Before(deadline) {
					force()
					w.forced = true
				}
				interrupt()
			}
			w.mu.Unlock()
			select {
			case <-w.done:
				return
			case <-tick.C:
			}
		}
	}()
	return w
}

// stop ends the watch and reports whether the check had to be forced.
// When it returns, neither interrupt nor force is running, and neither
// will be called again.
func (w *watcher) stop() (forced bool) {
	w.mu.Lock()
	w.running = false
	w.mu.Unlock()
	close(w.done)
	<-w.exited
	return w.forced
}

// assertInterruptibly asserts the constraints, one scope each, and stops
// Z3 when ctx is done or when the solver's timeout has passed: an assert
// is part of a check's work, and can take as long (canceller). A stop is
// an error that says why, and leaves the context cancelled: the caller
// must replace it.
func (z *Solver) assertInterruptibly(ctx context.Context, constraints []expr.Expr) error {
	if len(constraints) == 0 {
		return nil
	}
	bounded := ctx
	if z.opts.Timeout > 0 {
		var cancel context.CancelFunc
		bounded, cancel = context.WithTimeout(ctx, z.opts.Timeout)
		defer cancel()
	}
	// The watcher interrupts only once bounded is done, so bounded's
	// error alone says whether asserting was stopped.
	err := z.assertWatched(bounded, constraints)
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("canceled: %v (while asserting the query)", ctx.Err())
	case bounded.Err() != nil:
		return fmt.Errorf("timeout after %v while asserting the query", z.opts.Timeout)
	}
	return err
}

// assertWatched asserts the constraints, one scope each, until one fails
// or bounded is done, and stops Z3 when it is. The watch ends however
// asserting does, a panic included (Check recovers from one, and then
// deletes the context, which a watcher left running would cancel).
func (z *Solver) assertWatched(bounded context.Context, constraints []expr.Expr) error {
	w := watch(bounded, z.c.canceller(), nil)
	defer w.stop()
	for _, c := range constraints {
		if bounded.Err() != nil {
			return nil
		}
		if err := z.assertScoped(c); err != nil {
			return err
		}
	}
	return nil
}
