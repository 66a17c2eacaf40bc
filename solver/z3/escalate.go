package z3

import (
	"context"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Escalation: a second engine for the queries the incremental one finds
// hard.
//
// Z3 has two engines behind one solver object. Once a scope has been
// pushed, it solves with its incremental core (the SMT kernel), which is
// what makes the many small queries of a path cheap: the shared prefix
// stays asserted. A fresh solver asserted without scopes is given to the
// tactic engine that Z3 picks for the query's logic instead (for bit
// vectors, simplification, equation solving and bit-blasting into a SAT
// solver). On small queries that engine costs more than the incremental
// core; on some queries the incremental core gets lost. A string's count
// of a byte (strings.Count, strings.Fields) is a sum of sixteen 64-bit
// ite terms; "len(s) ≤ 16 ∧ count(s, ' ')+1 > 32" took the incremental
// core 2.4s to refute and the tactic engine 13ms. Over the 34 queries of
// edlib's exploration at -max-work 200000 that took the incremental
// core over 100ms (92s in all), the tactic engine took 0.45s.
//
// The other way round happens too: a chain of 64-bit divisions by ten
// (strconv's digits) is bit-blasted once by the incremental core, whose
// prefix keeps it from one query to the next, and from scratch by the
// tactic engine at every query: 1-2s each on efaceview.LocalKinds, where
// the incremental core averages 0.25s.
//
// So a check gets Options.EscalateAfter resource units in the
// incremental solver. A query still undecided then is solved
// from scratch by a fresh solver object without scopes, set aside beside
// the incremental one, within flatShare times Options.EscalateAfter
// units. If that one does not decide it either, it is dropped, and so is
// the incremental solver object: a new one, the query's constraints
// asserted one scope each, goes on with the query for what is left of the
// timeout. The old one has shown that it is lost on this query, and what
// it learned from the queries before can be why. In html.EscapeString's
// exploration (-max-work 500000, every cache on), the incremental solver
// that had answered the queries the caches let through did not refute
// "len(s) + 4·(count of '"' + count of '&') ≤ 32 ∧ len(s) ≥ 40" within the
// 15s timeout, nor did the fresh solver without scopes within its share;
// a new incremental solver did in 1.4-2.3s, and the package's solver
// time went from 32.6s to 21.2s. After
// maxFlatFailures such failures the solver stops escalating: the queries
// of one exploration look alike, and where the tactic engine fails on
// them, as on LocalKinds' divisions or tabwriter's 64-bit divisions by
// the tab width (0.6-1s each in its share), each try costs both shares
// for nothing. Resource units, not time, decide the hand-overs, so which
// engine answers does not depend on the machine's load. A query that
// carries its own ResourceLimit is not escalated: its caller asked for an
// answer within that bound or none.

// flatShare is how many times Options.EscalateAfter the fresh solver
// gets. edlib's hard queries need up to 16 times (at 4 or 8 times half
// of them were still left to the incremental solver), and more makes the
// fresh solver decide LocalKinds' divisions too, slowly: at 64 times it
// decided all 119 it was given, and that function's solver time went from
// 87s to 138s.
const flatShare = 16

// maxFlatFailures is how many escalations the fresh solver may fail to
// decide before the solver stops escalating.
const maxFlatFailures = 2

// escalationLimit is the resource limit of q's check in the incremental
// solver, and whether an Unknown there is escalated.
func (z *Solver) escalationLimit(q solver.Query) (limit uint64, escalating bool) {
	if limit := z.queryLimit(q); limit > 0 || z.share() == 0 {
		return limit, false
	}
	return z.share(), true
}

// queryLimit is q's own resource limit, or else Options.ResourceLimit.
func (z *Solver) queryLimit(q solver.Query) uint64 {
	if q.ResourceLimit > 0 {
		return q.ResourceLimit
	}
	return z.opts.ResourceLimit
}

// escalate solves constraints, whose variables are vars, with a fresh
// solver object asserted without scopes, within its share of resource
// units and what is left of the timeout after spent. It reports whether
// that solver decided the query; the incremental solver is as it was.
// Only an Unknown of the fresh solver's own counts as its failure, not a
// cancelled context or a Z3 error.
func (z *Solver) escalate(ctx context.Context, constraints, vars []expr.Expr, spent time.Duration) (resp solver.Response, decided bool) {
	start := time.Now()
	failed := false
	defer func() {
		z.stats.Escalated++
		z.stats.EscalatedTime += time.Since(start)
		switch {
		case decided:
			z.stats.EscalationsDecided++
		case failed:
			z.flatFailures++
		}
	}()
	left, ok := z.timeLeft(spent)
	if !ok {
		return solver.Response{}, false
	}
	err := z.c.aside(func() error {
		if err := z.c.setLimits(flatShare*z.share(), left); err != nil {
			return err
		}
		for _, c := range constraints {
			if err := z.tr.assert(c); err != nil {
				return err
			}
		}
		result, _, err := z.checkInterruptibly(ctx)
		switch {
		case err != nil:
			return err
		case result == solver.Unsat:
			resp, decided = solver.Response{Result: solver.Unsat}, true
		case result == solver.Sat:
			model, err := z.tr.model(vars)
			if err != nil {
				return err
			}
			resp, decided = solver.Response{Result: solver.Sat, Model: model}, true
		default:
			failed = ctx.Err() == nil
		}
		return nil
	})
	if err != nil {
		// A Z3 error in the set-aside solver says nothing against the
		// incremental one, which goes on.
		return solver.Response{}, false
	}
	return resp, decided
}

// resumeAfresh goes on checking the query in a new incremental solver
// object, its constraints asserted one scope each (as load would), for
// what is left of the timeout after spent.
func (z *Solver) resumeAfresh(ctx context.Context, constraints []expr.Expr, spent time.Duration) (solver.Result, string, error) {
	if err := z.renewSolver(); err != nil {
		return solver.Unknown, "", err
	}
	if err := z.assertInterruptibly(ctx, constraints); err != nil {
		return solver.Unknown, "", err
	}
	return z.resume(ctx, spent)
}

// resume goes on checking the query in the incremental solver with no
// resource limit, for what is left of the timeout after spent, and then
// gives the solver its standing limits back.
func (z *Solver) resume(ctx context.Context, spent time.Duration) (solver.Result, string, error) {
	left, ok := z.timeLeft(spent)
	if !ok {
		return solver.Unknown, "timeout", nil
	}
	if err := z.c.setLimits(0, left); err != nil {
		return solver.Unknown, "", err
	}
	result, reason, err := z.checkInterruptibly(ctx)
	if rerr := z.c.setLimits(z.standing(), z.opts.Timeout); err == nil {
		err = rerr
	}
	return result, reason, err
}

// timeLeft is what remains of the timeout after spent (0 when there is
// no timeout), and false when less than minTimeLeft does.
func (z *Solver) timeLeft(spent time.Duration) (time.Duration, bool) {
	if z.opts.Timeout == 0 {
		return 0, true
	}
	left := z.opts.Timeout - spent
	return left, left >= minTimeLeft
}

// minTimeLeft is the least time a check is started with. Z3's timer
// stops a check through the same handler as an interrupt, and a timer
// that fires while the check is starting is lost as an interrupt can be
// (forceAfter); the check would then run unbounded. A timer of a few
// milliseconds can fire that early on a loaded machine.
const minTimeLeft = 10 * time.Millisecond

// standing is the resource limit the solver object keeps between checks,
// so that the checks that use it need not set one:
// Options.ResourceLimit, or else the share of escalation.
func (z *Solver) standing() uint64 {
	if z.opts.ResourceLimit > 0 {
		return z.opts.ResourceLimit
	}
	return z.share()
}

// share is the resource limit of a check in the incremental solver
// before it is escalated: Options.EscalateAfter until the fresh solver
// has failed maxFlatFailures times, then 0 (none, no escalation).
func (z *Solver) share() uint64 {
	if z.flatFailures >= maxFlatFailures {
		return 0
	}
	return z.opts.EscalateAfter
}
