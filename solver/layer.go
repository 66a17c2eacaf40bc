package solver

import (
	"context"
	"time"
)

// layer is what every layer of the chain shares: the solver it passes
// queries on to, its counts, and the chain's validator.
//
// A layer's Time is the wall time of its Check less the time spent in
// inner (pass) and in validation, so that each layer is charged for its
// own work only.
type layer struct {
	inner Solver
	stats LayerStats
	// elsewhere accumulates the time spent below the layer or validating
	// during the current Check.
	elsewhere time.Duration
	// validate, when set, checks an answer the layer gave itself.
	validate *validator
}

// enter starts counting one query; the returned func stops the clock.
func (l *layer) enter() func() {
	l.stats.Queries++
	start, before := time.Now(), l.elsewhere
	return func() { l.stats.Time += time.Since(start) - (l.elsewhere - before) }
}

// pass asks the inner solver, outside the layer's own time.
func (l *layer) pass(ctx context.Context, q Query) Response {
	start := time.Now()
	r := l.inner.Check(ctx, q)
	l.elsewhere += time.Since(start)
	return r
}

// answer is a response the layer gives itself: it is counted and, with
// validation on, checked (a wrong one is replaced by Z3's).
func (l *layer) answer(ctx context.Context, q Query, r Response) Response {
	l.stats.Answered++
	return l.checked(ctx, q, r)
}

// checked validates r when validation is on, outside the layer's time.
func (l *layer) checked(ctx context.Context, q Query, r Response) Response {
	if l.validate == nil {
		return r
	}
	start := time.Now()
	right, wrong := l.validate.check(ctx, q, r)
	l.elsewhere += time.Since(start)
	if wrong {
		l.stats.Wrong++
	}
	return right
}

// Stats implements Solver: the inner solver's (the core's, in the end).
func (l *layer) Stats() Stats { return l.inner.Stats() }

// Close implements Solver: it closes the inner solver.
func (l *layer) Close() error { return l.inner.Close() }
