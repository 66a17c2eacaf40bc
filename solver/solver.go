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

// unknown is the Unknown response with reason.
func unknown(reason string) Response { return Response{Result: Unknown, Reason: reason} }

// Solver answers queries. Implementations decorate one another, as in
// KLEE's solver chain: the innermost one is Z3 (package solver/z3); later
// layers (independence slicing, caches) wrap a Solver and are Solvers
// themselves.
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
	// not decide within z3.Options.EscalateAfter and that went to a fresh,
	// non-incremental one, EscalationsDecided the number of those it
	// decided, and EscalatedTime the time the fresh solver took in all.
	Escalated, EscalationsDecided int64
	EscalatedTime                 time.Duration
	// Layers count the work of the chain's layers (NewChain), outermost
	// first; nil for a solver that is not a chain.
	Layers []LayerStats
}
