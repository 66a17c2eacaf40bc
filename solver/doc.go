// Package solver decides path conditions: it answers whether a conjunction
// of expr terms is satisfiable and, when it is, gives a model.
//
// # What is computed
//
// A Query is a list of Bool terms read as a conjunction. Check answers Sat
// with a model, Unsat, or Unknown with a reason (a timeout, an exceeded
// resource limit, a cancelled context, an error). A model gives every
// variable of the query a value (model completion: variables the solver
// left open get one too), so expr.Eval of every constraint under it is
// true. Models are copied into
// an expr.Values, arrays as a default value plus explicit entries.
//
// # The chain
//
// Solver is one small interface so that layers can wrap one another, as in
// KLEE's solver chain (Cadar, Dunbar & Engler, OSDI 2008): a layer may
// answer a query itself (a cache hit), rewrite it (keep only the
// constraints that share variables with the last one), or pass it on. The
// innermost layer is Z3. Later work adds the layers; each has a switch to
// turn it off and a test that compares answers with it on and off.
//
// # The Z3 backend
//
// Z3 is driven through our own cgo binding of its C API, written against
// Debian's libz3-dev 4.8.12 (NewZ3 refuses a Z3 older than 4.8); z3_api.h
// documents every call used. All cgo is in the z3_*.go files: the context
// and solver object (z3_context.go), the translation of terms
// (z3_translate.go) and the reading of models (z3_model.go); the policy
// (z3.go, interrupt.go) is plain Go. Terms are
// translated with a memo that lives for one query, so a subterm shared
// within the query is translated once; every operator of expr maps to the
// SMT-LIB operator with the same semantics.
//
// Queries from symbolic execution share long prefixes: a branch adds one
// constraint to its parent's path condition, and both sides of a branch
// are asked in turn. The backend keeps one Z3 scope (push) per asserted
// constraint and, for each query, pops back to the longest prefix it
// shares with what is asserted and pushes only the rest.
// Options.NoIncremental turns this off (every query starts from an emptied
// solver and pushes all its constraints); the tests check that both give
// the same answers.
//
// Z3's state wears, so the backend renews it: the solver object every 500
// checks and after a check that was stopped; the whole context every
// 10,000 checks and after any Z3 error. Besides what a solver object
// accumulates, Z3 interns the names of some internal objects in a
// process-wide symbol table that is never freed, numbered by a counter of
// the context; a fresh context reuses the numbers, which keeps that table
// bounded (see checksPerContext in z3.go).
//
// A query may carry a resource limit (Query.ResourceLimit): Z3's "rlimit",
// a count of solver steps, set on the solver object for that one check
// and removed after it. Z3 counts it from where the check starts, so it
// bounds each check alone. Unlike a timeout it is deterministic: the same
// queries in the same order get the same answers however loaded the
// machine is, which is what a caller needs whose output must not depend
// on the machine. A check that exceeds it answers Unknown ("resource
// limit …"); Z3 4.8.12 reports it as "canceled", like its own timeout,
// and the time the check took tells them apart.
//
// A check stops at Options.Timeout, and when the context is cancelled: a
// goroutine watches the context and calls Z3_solver_interrupt until the
// check returns (not Z3_interrupt, which in Z3 4.8 cancels the context for
// good if it arrives between checks).
//
// # Memory and errors
//
// The context is created with reference counting (Z3_mk_context_rc). Who
// frees what:
//
//   - every AST and sort a query makes is referenced as soon as Z3
//     returns it and released when the query ends (the translator's memo);
//     asserted formulas are kept alive by Z3's own references;
//   - models, function interpretations and their entries are referenced
//     while read and released before Check returns;
//   - the solver object and the parameters live until they are replaced or
//     Close, which also deletes the context and with it everything left;
//   - the one thing no Close frees is Z3's process-wide symbol table (the
//     names of variables and of Z3's internal objects), kept bounded as
//     said above.
//
// There are no finalizers: a Z3 must be closed. Z3's default error
// handler would abort the process, so it is replaced by none and the
// error code is read after every call that can fail: a Z3 error, like a
// timeout or a cancelled context, becomes an Unknown response with the
// reason, never a panic.
//
// # Concurrency
//
// A Z3 is not safe for concurrent use: use one per goroutine. Different Z3
// values have separate Z3 contexts and may be used in parallel.
package solver
