package solver

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// reinterruptEvery is how often a cancelled check is interrupted again
// until it returns. An interrupt that arrives before Z3 has installed the
// check's handler finds nothing to stop and is lost; repeating it makes
// cancellation reliable.
const reinterruptEvery = 5 * time.Millisecond

// checkInterruptibly runs the check and, if ctx is done before it
// returns, interrupts Z3.
func (z *Z3) checkInterruptibly(ctx context.Context) (Result, string, error) {
	if ctx.Done() == nil { // the context can never be cancelled
		return z.c.check()
	}
	w := watch(ctx, z.c.interrupter())
	defer w.stop()
	return z.c.check()
}

// watcher interrupts a check when its context is done. The mutex and the
// running flag make sure no interrupt is sent after stop returns, when
// the solver object may be replaced. (An interrupt between the end of the
// check and stop is harmless: Z3_solver_interrupt does nothing then.)
type watcher struct {
	mu      sync.Mutex
	running bool
	done    chan struct{} // closed by stop
	exited  chan struct{} // closed when the goroutine ends
}

func watch(ctx context.Context, interrupt func()) *watcher {
	w := &watcher{running: true, done: make(chan struct{}), exited: make(chan struct{})}
	go func() {
		defer close(w.exited)
		select {
		case <-w.done:
			return
		case <-ctx.Done():
		}
		tick := time.NewTicker(reinterruptEvery)
		defer tick.Stop()
		for {
			w.mu.Lock()
			if w.running {
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

// stop ends the watch. When it returns, interrupt is not running and will
// not be called again.
func (w *watcher) stop() {
	w.mu.Lock()
	w.running = false
	w.mu.Unlock()
	close(w.done)
	<-w.exited
}

// assertInterruptibly asserts the constraints, one scope each, and stops
// Z3 when ctx is done or when the solver's timeout has passed: an assert
// is part of a check's work, and can take as long (canceller). A stop is
// an error that says why, and leaves the context cancelled: the caller
// must replace it.
func (z *Z3) assertInterruptibly(ctx context.Context, constraints []expr.Expr) error {
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
	w := watch(bounded, z.c.canceller())
	var err error
	for _, c := range constraints {
		if bounded.Err() != nil {
			break
		}
		if err = z.assertScoped(c); err != nil {
			break
		}
	}
	w.stop()
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("canceled: %v (while asserting the query)", ctx.Err())
	case bounded.Err() != nil:
		return fmt.Errorf("timeout after %v while asserting the query", z.opts.Timeout)
	}
	return err
}
