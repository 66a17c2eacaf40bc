package solver

import (
	"context"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Result is a solver's verdict on a query.
type Result int

const (
	// Unknown: the solver could not decide (timeout, cancellation, error).
	Unknown Result = iota
	// Sat: the constraints have a model.
	Sat
	// Unsat: no assignment satisfies the constraints.
	Unsat
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// Query is a conjunction of Bool terms.
type Query struct {
	Constraints []expr.Expr
}

// Response answers a query.
type Response struct {
	Result Result
	// Model gives every variable of the query a value, on Sat.
	Model *expr.Values
	// Reason says why the Result is Unknown.
	Reason string
}

// Solver answers queries. Implementations may wrap one another.
type Solver interface {
	// Check decides q. It never panics: failures are Unknown responses.
	Check(ctx context.Context, q Query) Response
	Stats() Stats
	Close() error
}

// Stats count the work a solver did.
type Stats struct {
	// Queries is the number of queries that reached Z3.
	Queries             int64
	Sat, Unsat, Unknown int64
	// Time is the time spent in Z3.
	Time time.Duration
}

// Options configure the Z3 backend.
type Options struct {
	// Timeout bounds one check; 0 means no bound.
	Timeout time.Duration
	// NoIncremental turns off the reuse of asserted prefixes: every query
	// is solved from an empty solver.
	NoIncremental bool
}
