package solver

import (
	"context"
	"sync"
	"time"
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
