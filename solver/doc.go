// Package solver decides path conditions: it answers whether a conjunction
// of expr terms is satisfiable and, when it is, gives a model.
//
// # The chain
//
// Solver is one small interface so that layers can wrap one another, as in
// KLEE's solver chain (Cadar, Dunbar & Engler, OSDI 2008): a layer may
// answer a query itself (a cache hit), rewrite it (keep only the
// constraints that share variables with the question), or pass it on. The
// innermost layer is Z3. Later work adds the layers; each has a switch to
// turn it off and a test that compares answers with it on and off.
//
// # The Z3 backend
//
// Z3 is driven through our own cgo binding of its C API (Debian's
// libz3-dev, Z3 4.8 or later; z3_api.h documents every call used). Terms
// are translated with a memo that lives for one query, so a subterm shared
// within the query is translated once.
//
// Queries from symbolic execution share long prefixes: a branch adds one
// constraint to its parent's path condition. The backend keeps one Z3 scope
// (push) per asserted constraint and, for each query, pops back to the
// longest prefix it shares with what is asserted and pushes only the rest.
// Options.NoIncremental turns this off (every query starts from an empty
// solver); the tests check that both give the same answers.
//
// Models are read with model completion, so every variable of the query has
// a value, and copied into an expr.Values before the Z3 model is released:
// nothing from Z3 outlives a call.
//
// # Memory and errors
//
// The context is created with reference counting (Z3_mk_context_rc). Every
// AST the binding makes is counted up while it is used and down when the
// query ends; the sorts are kept for the backend's life and released by
// Close, which also deletes the context. There are no finalizers: a Z3 must
// be closed. Z3's default error handler would abort the process, so it is
// replaced by none and every call that can fail is checked: a Z3 error, like
// a timeout or a cancelled context, becomes an Unknown response with the
// reason, never a panic.
//
// A Z3 is not safe for concurrent use: use one per goroutine.
package solver
