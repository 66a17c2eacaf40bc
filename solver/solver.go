package solver

import (
	"context"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Query is a conjunction of Bool terms.
type Query struct {
	// Constraints are read as one conjunction. Their order does not change
	// the answer; it only decides how much an incremental solver can reuse
	// from the previous query (the longest common prefix).
	Constraints []expr.Expr
	// ResourceLimit bounds this one check in Z3's resource units (its
	// "rlimit", a count of solver steps); 0 means no bound. Unlike a
	// timeout it is deterministic: the same query, asked after the same
	// queries, with the same Z3, gets the same answer however loaded the
	// machine is. A check that exceeds it answers Unknown with a Reason
	// that says "resource limit".
	ResourceLimit uint64
}

// Response answers a query.
type Response struct {
	Result Result
	// Model is set on Sat. It gives every variable of the query a value
	// (model completion) and is plain Go data: no solver object outlives
	// the call that made it. Array variables are a Default plus Entries.
	Model *expr.Values
	// Reason says why the Result is Unknown: "timeout …", "canceled: …",
	// "resource limit …", Z3's own reason, or the text of an error.
	Reason string
}

// Solver answers queries. Implementations decorate one another, as in
// KLEE's solver chain: the innermost one is Z3 (NewZ3); later layers
// (independence slicing, caches) wrap a Solver and are Solvers themselves.
type Solver interface {
	// Check decides q. It never panics: failures are Unknown responses
	// with a Reason.
	Check(ctx context.Context, q Query) Response
	// Stats reports the work done so far.
	Stats() Stats
	// Close releases what the solver holds. A closed solver answers
	// Unknown.
	Close() error
}

// Stats count the work a solver did.
type Stats struct {
	// Queries is the number of queries that reached Z3; each is counted
	// once in Sat, Unsat or Unknown. Queries refused before Z3 (a closed
	// solver, an already cancelled context, a constraint that is not a
	// Bool term) are not counted.
	Queries             int64
	Sat, Unsat, Unknown int64
	// Time is the wall time spent in Z3 (translating, asserting, checking,
	// reading models) for the counted queries; UnknownTime is the part of
	// it spent on those answered Unknown. No layer reuses an Unknown the
	// clock caused (a timeout depends on the machine), so that part is
	// what caching cannot save.
	Time, UnknownTime time.Duration
	// Asserted is the number of constraints translated and asserted;
	// Reused is the number of constraints a query found already asserted
	// by an earlier one (incremental solving). Their ratio shows what
	// push/pop saves.
	Asserted, Reused int64
	// Escalated is the number of queries that the incremental solver did
	// not decide within Options.EscalateAfter and that went to a fresh,
	// non-incremental one, EscalationsDecided the number of those it
	// decided, and EscalatedTime the time the fresh solver took in all.
	Escalated, EscalationsDecided int64
	EscalatedTime                 time.Duration
	// Layers count the work of the chain's layers (NewChain), outermost
	// first; nil for a solver that is not a chain.
	Layers []LayerStats
}

// Options configure the Z3 backend.
type Options struct {
	// Timeout bounds one check; 0 means no bound. Z3 takes milliseconds,
	// so a positive Timeout below 1ms counts as 1ms.
	Timeout time.Duration
	// ResourceLimit is the Query.ResourceLimit of every query that does
	// not carry one of its own; 0 means none. It is the bound for a caller
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
	// instead of naming the quotient and remainder (z3_division.go). It is
	// the off switch that the differential tests compare against.
	PlainDivision bool
	// PlainSums translates every addition as Z3's own, at its width,
	// instead of summing the terms of a sum that provably fits in fewer
	// bits at that narrower width (z3_sum.go). It is the off switch that
	// the differential tests compare against.
	PlainSums bool
	// PlainLookups translates a read at a symbolic index, a chain of
	// if-then-elses on the index's values, link by link, instead of as a
	// decision tree on the index's bits (z3_lookup.go). It is the off
	// switch that the differential tests compare against.
	PlainLookups bool
}
