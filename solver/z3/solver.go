package z3

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Z3 state wears: the backend renews it after a number of checks.
//
// checksPerSolver: Z3's incremental core keeps state across push and pop
// (learned clauses, internalized terms), so one solver object used for
// ever grows, and on hard queries slows down. A fresh one costs about
// 4ms, or 7µs a query when amortized over 500. Over 10,000 path-shaped
// 16-bit queries, renewing every 50, 500 or 5,000 checks gave 735, 765
// and 852 queries/s with Z3 at 24, 27 and 32 MB; over 3,000 32-bit ones,
// every 500 took 8.6s and 42 MB, never 10.8s and 49 MB.
//
// checksPerContext: Z3 names some internal objects it creates while
// solving (array queries make about one a query) with a counter that
// belongs to the context, and interns those names in a process-wide
// symbol table that is never freed, not even when the context is deleted:
// about 50 bytes a query that no Close gives back. A fresh context starts
// the counter again and reuses the names already interned, which bounds
// the table. A fresh context costs about 16ms, or 2µs a query when
// amortized over 10,000.
//
// BenchmarkSolverLifetime and BenchmarkQueriesMemory are the measurements.
const (
	checksPerSolver  = 500
	checksPerContext = 10_000
)

// Solver is the solver.Solver backed by Z3, through one Z3 context of its
// own.
//
// A Solver is not safe for concurrent use: give each goroutine its own. It
// must be closed; there is no finalizer.
type Solver struct {
	opts  Options
	c     *z3Context // nil once closed
	tr    *translator
	stats solver.Stats
	// stack holds what the solver has asserted, in order: entry i was
	// asserted in scope i+1 (one push each).
	stack []asserted
	// checks and contextChecks count the checks made with the current
	// solver object and context, which are renewed after checksPerSolver
	// and checksPerContext of them (fields so that tests can change them).
	checks, checksPerSolver         int
	contextChecks, checksPerContext int
	// flatFailures counts the escalated queries the fresh solver did not
	// decide (escalate.go).
	flatFailures int
}

// asserted is one constraint in the solver, with its variables so that
// a later query that reuses it still knows what its model must cover.
type asserted struct {
	constraint expr.Expr
	vars       []expr.Expr
}

// Options configure the Z3 backend.
type Options struct {
	// Timeout bounds one check; 0 means no bound. Z3 takes milliseconds,
	// so a positive Timeout below 1ms counts as 1ms.
	Timeout time.Duration
	// ResourceLimit is the solver.Query.ResourceLimit of every query that
	// does not carry one of its own; 0 means none. It is the bound for a caller
	// whose results must not depend on the machine, as Timeout's do: the
	// tests that explore every fixture use it, so that a query Z3 cannot
	// decide (a product of two 64-bit inputs) ends at the same point on
	// every run instead of holding the run for minutes. Like a query's
	// own limit, it turns escalation off.
	ResourceLimit uint64
	// NoIncremental turns off the reuse of asserted prefixes: every query
	// is solved by an emptied solver. It is the off switch that the
	// differential tests compare against.
	NoIncremental bool
	// EscalateAfter is the share, in Z3's resource units, of a check that
	// the incremental solver gets; a query it has not decided by then is
	// tried by a fresh solver object without scopes, which Z3 gives to its
	// non-incremental engine, before a new incremental solver goes on
	// (see escalate.go). 0: never.
	EscalateAfter uint64
	// PlainDivision translates a division or remainder by a constant as
	// Z3's own operator, which Z3 bit-blasts into a divider circuit,
	// instead of naming the quotient and remainder (division.go). It is
	// the off switch that the differential tests compare against.
	PlainDivision bool
	// PlainSums translates every addition as Z3's own, at its width,
	// instead of summing the terms of a sum that provably fits in fewer
	// bits at that narrower width (sum.go). It is the off switch that
	// the differential tests compare against.
	PlainSums bool
	// PlainLookups translates a read at a symbolic index, a chain of
	// if-then-elses on the index's values, link by link, instead of as a
	// decision tree on the index's bits (lookup.go). It is the off
	// switch that the differential tests compare against.
	PlainLookups bool
}

var _ solver.Solver = (*Solver)(nil)

// New makes a Z3 backend. Close it when done.
func New(opts Options) (*Solver, error) {
	c, err := newZ3Context(opts.Timeout)
	if err != nil {
		return nil, err
	}
	z := &Solver{opts: opts, c: c, tr: newTranslator(c, opts), checksPerSolver: checksPerSolver, checksPerContext: checksPerContext}
	if err := z.standingLimit(); err != nil {
		c.close()
		return nil, err
	}
	return z, nil
}

// Stats implements solver.Solver.
func (z *Solver) Stats() solver.Stats { return z.stats }

// Close releases the solver and deletes the Z3 context. Closing twice is
// harmless.
func (z *Solver) Close() error {
	if z.c == nil {
		return nil
	}
	z.tr.release()
	z.c.close()
	z.c, z.tr, z.stack = nil, nil, nil
	return nil
}

// Check implements solver.Solver.
func (z *Solver) Check(ctx context.Context, q solver.Query) (resp solver.Response) {
	if z.c == nil {
		return unknown("solver is closed")
	}
	if err := ctx.Err(); err != nil {
		return unknown("canceled: " + err.Error())
	}
	for i, c := range q.Constraints {
		switch {
		case !c.IsValid():
			return unknown(fmt.Sprintf("constraint %d is the zero Expr, not a Bool term", i))
		case !c.Sort().IsBool():
			return unknown(fmt.Sprintf("constraint %d is not a Bool term but a %v", i, c.Sort()))
		}
	}
	start := time.Now()
	defer func() {
		// A bug in the binding must not take the run down. The solver's
		// scopes may be half built, so it starts over.
		if r := recover(); r != nil {
			z.afterError()
			resp = unknown(fmt.Sprintf("internal error: %v", r))
		}
		z.tr.release()
		z.count(resp, time.Since(start))
	}()
	return z.solve(ctx, q)
}

func unknown(reason string) solver.Response {
	return solver.Response{Result: solver.Unknown, Reason: reason}
}

func (z *Solver) count(r solver.Response, elapsed time.Duration) {
	z.stats.Queries++
	z.stats.Time += elapsed
	switch r.Result {
	case solver.Sat:
		z.stats.Sat++
	case solver.Unsat:
		z.stats.Unsat++
	default:
		z.stats.Unknown++
		z.stats.UnknownTime += elapsed
	}
}

// solve asserts the query, checks it and reads the model.
func (z *Solver) solve(ctx context.Context, q solver.Query) solver.Response {
	vars, err := z.load(ctx, q.Constraints)
	if err != nil {
		z.afterError()
		return unknown(err.Error())
	}
	z.checks++
	z.contextChecks++
	checkStart := time.Now()
	limit, escalating := z.escalationLimit(q)
	result, reason, err := z.checkLimited(ctx, limit)
	if escalating && err == nil && result == solver.Unknown && ctx.Err() == nil {
		if resp, decided := z.escalate(ctx, q.Constraints, vars, time.Since(checkStart)); decided {
			return resp // the incremental solver and its limits are as they were
		}
		result, reason, err = z.resumeAfresh(ctx, q.Constraints, time.Since(checkStart))
	}
	checkTime := time.Since(checkStart)
	switch {
	case err != nil:
		z.afterError()
		return unknown(err.Error())
	case result == solver.Unsat:
		return solver.Response{Result: solver.Unsat}
	case result == solver.Sat:
		model, err := z.tr.model(vars)
		if err != nil {
			z.afterError()
			return unknown(err.Error())
		}
		return solver.Response{Result: solver.Sat, Model: model}
	}
	// A check that was stopped leaves a solver we do not reuse.
	if err := z.renewSolver(); err != nil {
		z.afterError()
	}
	return unknown(z.explainUnknown(ctx, z.queryLimit(q), checkTime, reason))
}

// checkLimited is checkInterruptibly within limit resource units (0:
// none). The solver object's parameters hold the standing limit
// (Options.ResourceLimit, or else Options.EscalateAfter, or none); a
// check with another sets its own and puts the standing one back after
// it. Only then: Z3_solver_set_params
// reconfigures the solver, which costs more than a small check (setting
// and removing a limit around each of strs.CountVowels' 12,760 checks
// took its solver time from 9.3s to 30.8s).
func (z *Solver) checkLimited(ctx context.Context, limit uint64) (solver.Result, string, error) {
	if limit == z.standing() {
		return z.checkInterruptibly(ctx)
	}
	if err := z.c.setLimits(limit, 0); err != nil {
		return solver.Unknown, "", err
	}
	result, reason, err := z.checkInterruptibly(ctx)
	if rerr := z.standingLimit(); err == nil {
		err = rerr
	}
	return result, reason, err
}

// standingLimit gives the solver object its standing resource limit
// (none if 0), which every check but those with a limit of their own
// runs with.
func (z *Solver) standingLimit() error { return z.c.setLimits(z.standing(), 0) }

// explainUnknown turns Z3's reason for Unknown into ours. Z3 reports its
// own timeout as "timeout" or as "canceled" (4.8.12 uses both), an
// exceeded resource limit as "canceled" too, and our interrupt as
// "interrupted"; the context, the query's limit, the options and the
// time the check took say which it was.
func (z *Solver) explainUnknown(ctx context.Context, limit uint64, took time.Duration, z3reason string) string {
	timedOut := z.opts.Timeout > 0 && took >= z.opts.Timeout
	switch {
	case ctx.Err() != nil:
		return "canceled: " + ctx.Err().Error() + " (z3: " + z3reason + ")"
	case limit > 0 && !timedOut && (z3reason == "canceled" || strings.Contains(z3reason, "resource limit")):
		return fmt.Sprintf("resource limit of %d exceeded (z3: %s)", limit, z3reason)
	case z.opts.Timeout > 0 && (z3reason == "timeout" || z3reason == "canceled"):
		return "timeout after " + z.opts.Timeout.String() + " (z3: " + z3reason + ")"
	}
	return "z3: " + z3reason
}

// load makes the solver hold exactly the constraints, one scope each, and
// returns their variables. Incrementally, it keeps the longest prefix
// already asserted, pops the rest and pushes only the new constraints;
// otherwise it empties the solver and pushes them all.
func (z *Solver) load(ctx context.Context, constraints []expr.Expr) ([]expr.Expr, error) {
	if err := z.renew(); err != nil {
		return nil, err
	}
	keep := 0
	if z.opts.NoIncremental {
		// A fresh solver state, asserted the same way: only the reuse
		// differs. (Asserting without scopes would switch Z3 4.8 to its
		// non-incremental tactic engine: a different engine, and some
		// twenty times slower on small queries.)
		if err := z.c.reset(); err != nil {
			return nil, err
		}
		z.stack = z.stack[:0]
	} else {
		keep = commonPrefix(z.stack, constraints)
		if pop := len(z.stack) - keep; pop > 0 {
			// Shrink our record first: if Z3 fails, the solver is discarded
			// anyway.
			z.stack = z.stack[:keep]
			if err := z.c.pop(pop); err != nil {
				return nil, err
			}
		}
	}
	z.stats.Reused += int64(keep)
	// A stopped assert leaves Z3 cancelled for good; solve then starts
	// over with a new context, as after any error.
	if err := z.assertInterruptibly(ctx, constraints[keep:]); err != nil {
		return nil, err
	}
	return z.stackVars(), nil
}

// assertScoped pushes a scope and asserts c in it.
func (z *Solver) assertScoped(c expr.Expr) error {
	if err := z.c.push(); err != nil {
		return err
	}
	if err := z.tr.assert(c); err != nil {
		return err
	}
	z.stack = append(z.stack, asserted{constraint: c, vars: expr.Vars(c)})
	z.stats.Asserted++
	return nil
}

// commonPrefix is the number of leading constraints already asserted in
// the same order. Terms are hash-consed, so == is structural equality.
func commonPrefix(stack []asserted, constraints []expr.Expr) int {
	n := 0
	for n < len(stack) && n < len(constraints) && stack[n].constraint == constraints[n] {
		n++
	}
	return n
}

// stackVars lists the variables of everything asserted, each once.
func (z *Solver) stackVars() []expr.Expr {
	var vars []expr.Expr
	seen := make(map[expr.Expr]bool)
	for _, a := range z.stack {
		for _, v := range a.vars {
			if !seen[v] {
				seen[v] = true
				vars = append(vars, v)
			}
		}
	}
	return vars
}

// renew replaces the context or the solver object when it has answered
// its share of checks, and the context when it was cancelled for good.
func (z *Solver) renew() error {
	switch {
	case z.c.cancelled, z.contextChecks >= z.checksPerContext:
		return z.renewContext()
	case z.checks >= z.checksPerSolver:
		return z.renewSolver()
	}
	return nil
}

// renewSolver replaces the solver object, forgetting what it asserted,
// and the context with it when that was cancelled for good.
func (z *Solver) renewSolver() error {
	if z.c.cancelled {
		return z.renewContext()
	}
	z.stack, z.checks = z.stack[:0], 0
	if err := z.c.replaceSolver(); err != nil {
		return err
	}
	return z.standingLimit()
}

// renewContext replaces the whole context, and the solver with it.
func (z *Solver) renewContext() error {
	c, err := newZ3Context(z.opts.Timeout)
	if err != nil {
		return err
	}
	z.tr.release()
	z.c.close()
	z.c, z.tr = c, newTranslator(c, z.opts)
	z.stack, z.checks, z.contextChecks = z.stack[:0], 0, 0
	return z.standingLimit()
}

// afterError starts over after a Z3 error or a bug, so that nothing half
// done carries over: with a new context if one can be made, else with a
// new solver object. If neither can, later checks fail and say why.
func (z *Solver) afterError() {
	if z.renewContext() != nil {
		_ = z.renewSolver()
	}
}
