// Package z3 is the Z3 backend of package solver: a solver.Solver
// through our own cgo binding of Z3's C API. It is the only package of
// gosymtest that uses cgo.
//
// New(Options) makes a Solver with one Z3 context of its own. Close it
// when done; there is no finalizer. A Solver is not safe for concurrent
// use: give each goroutine its own. Separate Solvers may run in parallel.
//
// # The binding
//
// It is written against Debian's libz3-dev 4.8.12; New refuses a Z3
// older than 4.8. Version gives the full version linked in, which names
// the persistent store's namespace. The cgo is in context.go (the context
// and solver object), translate.go (terms), model.go (models), and the
// special translations below. The policy (solver.go, escalate.go,
// interrupt.go) is plain Go.
//
// Every operator of expr maps to the SMT-LIB operator with the same
// semantics, with three exceptions:
//
//   - A division or remainder by a small constant names its quotient and
//     remainder, defined by a multiplication that cannot wrap, instead of
//     a divider circuit (division.go).
//   - A sum whose bounded terms fit in fewer bits is summed at that width
//     and zero-extended (sum.go). Counts over a string's bytes are such
//     sums.
//   - A read at a symbolic index, a chain of if-then-elses on the index,
//     becomes a decision tree on the index's bits (lookup.go).
//
// Options.PlainDivision, PlainSums and PlainLookups turn them off, for the
// differential tests.
//
// # Incremental solving
//
// Queries from symbolic execution share long prefixes. The solver keeps
// one scope (push) per asserted constraint. For each query it pops back to
// the longest prefix it shares with what is asserted, and pushes the
// rest. Options.NoIncremental starts every query from an emptied solver.
//
// Z3's state wears, so it is renewed: the solver object every 500 checks
// and after a stopped check, the context every 10,000 checks and after an
// error. A fresh context also bounds Z3's process-wide symbol table
// (checksPerContext in solver.go).
//
// # Limits and escalation
//
// Query.ResourceLimit, or else Options.ResourceLimit, bounds a check in
// Z3's resource units; an exceeded one answers Unknown ("resource limit").
// Options.Timeout bounds a check in time.
//
// Z3 has two engines: the incremental core behind push and pop, and the
// tactic engine a fresh solver without scopes gets. Each is much faster on
// some queries. With Options.EscalateAfter, a query the incremental core
// has not decided within that many units goes to a fresh solver set aside
// beside it, then to a new incremental one (escalate.go). Resource units,
// not time, decide the hand-overs.
//
// # Stopping
//
// A check stops at the timeout and when its context is done. A goroutine
// interrupts Z3 until the check returns. Z3 4.8.12 can lose an interrupt
// that lands as a check starts, so a check that ignores interrupts for a
// while has its whole context cancelled, and then replaced. Asserting is
// bounded the same way (interrupt.go).
//
// # Memory and errors
//
// The context counts references. Every term and sort a query makes is
// released when the query ends. Models are released before Check returns.
// Close deletes the context and what is left in it.
//
// Z3's default error handler would abort the process. It is replaced by
// none, and the error code is read after every call that can fail. A Z3
// error, like a timeout, becomes an Unknown response with its reason,
// never a panic.
package z3
