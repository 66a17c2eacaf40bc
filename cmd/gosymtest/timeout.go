package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"
)

// -timeout bounds the run's exploration as a whole. The exploration
// context gets the run's deadline, so that when the time is up the
// functions in flight are cut as by an interrupt, and those not started
// are not; the tests of the functions explored by then are validated and
// written, which -timeout does not cut (a run that stopped without its
// tests would have spent its time for nothing).
//
// So that the functions explored last are not the ones cut, the time left
// is shared among the functions left: each gets at most its share of it
// as its budget (runClock.budget), and one that finishes early leaves
// what it did not use to those after it.

// timeoutReason is the skip reason of a target that -timeout cut, in
// flight or before it started; like an interrupted target's, its paths
// are left out.
const timeoutReason = "cut by -timeout before its exploration finished"

// errTimeout is the cause of the exploration context's end when -timeout
// ran out (an interrupt's is context.Canceled).
var errTimeout = errors.New("-timeout ran out")

// withTimeout is ctx bounded to end timeout after began, with errTimeout
// as its cause; ctx itself for a timeout of 0 (no bound).
func withTimeout(ctx context.Context, began time.Time, timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithDeadlineCause(ctx, began.Add(timeout), errTimeout)
}

// cutReason is the skip reason of a target whose exploration ctx's end
// cut or prevented: -timeout's or an interrupt's.
func cutReason(ctx context.Context) string {
	if errors.Is(context.Cause(ctx), errTimeout) {
		return timeoutReason
	}
	return interruptedReason
}

// runClock shares the time left before the run's deadline among the
// functions left to explore. It is safe for concurrent use.
type runClock struct {
	mu       sync.Mutex
	deadline time.Time // zero: no -timeout
	workers  int       // -p
	left     int       // functions not started yet
	now      func() time.Time
}

// newRunClock is the clock of a run that explores functions on workers
// goroutines before ctx's deadline (none: every function gets the whole
// -budget).
func newRunClock(ctx context.Context, workers, functions int) *runClock {
	deadline, _ := ctx.Deadline()
	return &runClock{deadline: deadline, workers: max(1, workers), left: functions, now: time.Now}
}

// budget is the budget of a function that starts now: perFunc (-budget),
// or less when the run's deadline is near, its share of the time left,
// time left × workers ÷ functions left, this one included. It is always
// positive (machine.Config.Budget takes 0 for no budget): a function
// that starts after the deadline has a context that has ended anyway.
func (c *runClock) budget(perFunc time.Duration) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.left
	if c.left > 0 {
		c.left--
	}
	if c.deadline.IsZero() || n == 0 {
		return perFunc
	}
	share := time.Duration(float64(c.deadline.Sub(c.now())) * float64(c.workers) / float64(n))
	return max(min(perFunc, share), 1)
}

// logTimeout says, when -timeout ended the exploration, how many of the
// targets were explored and which it cut.
func logTimeout(ctx context.Context, log zerolog.Logger, results []explored) {
	if !errors.Is(context.Cause(ctx), errTimeout) {
		return
	}
	explored := 0
	var cut []string
	for _, r := range results {
		switch {
		case r.summary != nil:
			explored++
		case r.skipped == timeoutReason:
			cut = append(cut, r.pkg+"."+r.name)
		}
	}
	msg := fmt.Sprintf("timeout: explored %d of %d functions", explored, len(results))
	if len(cut) > 0 {
		msg += "; cut: " + strings.Join(cut, ", ")
	}
	log.Warn().Int("explored", explored).Int("functions", len(results)).Int("cut", len(cut)).Msg(msg)
}
