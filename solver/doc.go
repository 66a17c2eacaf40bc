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
// answer a query itself, rewrite it, or pass it on. NewChain assembles
// them in front of Z3 (chain.go), outermost first:
//
//   - fast (fastpath.go) drops constant-true constraints and repeats,
//     and answers Unsat for a constant-false constraint or a constraint
//     beside its negation (!c, or a comparison with its operands
//     swapped: !(a < b) is b <= a); nothing left is Sat with an empty
//     model.
//   - indep (independence.go) splits the constraints into groups that
//     share variables, transitively (array variables included), asks
//     each group on its own, in the order of the query, and joins their
//     models: Unsat if a group is, Unknown if one is and none is Unsat.
//     A branch changes one group; the others are asked again as they
//     were, and the caches below answer them.
//   - cache (cache.go, cachekey.go, cacheentry.go) answers a query asked
//     before, exactly. Its key is the premise (every constraint but the
//     last) as a set and the last constraint's atom; a query and its
//     negation share one entry with two slots, as in KLEE's caching
//     solver. Keys are SHA-256 hashes over the terms' structure (op,
//     sort, constants, names), computed bottom-up and memoized: stable
//     across processes, unlike memory addresses, and without the
//     collisions a 64-bit Expr.Hash would risk in a shared store. With a
//     Store (store.go) the layer loads its scope's entries before its
//     first query and saves those it added when the chain closes, in a
//     small versioned binary form (models with their arrays, and
//     resource-limit Unknowns); a Store that fails is not fatal: the
//     layer goes on without it and StoreErr says why.
//   - trie (trielayer.go, package green) is GreenTrie's reuse by
//     implication (Jia, Ghezzi & Ye, seed 004). The query is reduced
//     first (the atoms on one term merged into an interval and excluded
//     points; an empty one is Unsat with no solver); then a stored Unsat
//     query that it implies atom by atom makes it Unsat, and a stored Sat
//     query that implies it gives its model. The reduced form is only
//     for the look-up and the store: what goes on is the query as built,
//     so that Z3 keeps reusing the prefix it shares with the last one.
//     Package green's doc says why its atoms and rules are sound for
//     Go's wrapping integers.
//   - cex (cexcache.go) is KLEE's counterexample cache over sets of
//     constraints: a stored Unsat subset gives Unsat; a stored model
//     that satisfies the query gives Sat, trying those filed under the
//     query's last constraint (the models of its supersets among them)
//     and the few most recent. Indexes keep lookups away from a scan of
//     everything stored.
//   - subst (subst.go) replaces each compound term that a constraint of
//     the query equates to a constant by that constant in the other
//     constraints, as KLEE's constraint manager does, and folds what
//     becomes constant: false answers Unsat, true is left out. The
//     rewritten query is equivalent to the query, so Z3's answer to it
//     is the query's. text/tabwriter's writePadding at -seed 1 asked a
//     query Z3 left Unknown after 75 s; rewritten, it is Unsat in 1.6 s.
//   - narrow (narrow.go) takes a query that multiplies, divides or takes
//     a remainder of two bit-vectors wider than 16 bits, which Z3
//     bit-blasts into 64-bit multipliers and dividers, and asks it first
//     with every bit-vector cut to 16 bits (within a small resource
//     limit). A model of that, each variable sign-extended back, answers
//     the query when every constraint of the query holds on it; anything
//     else goes on to Z3 as it was. It reuses nothing: it is in the chain
//     as a fast path to a model. text/tabwriter at -max-work 500000:
//     solver time 19.4 s without it, 9.4 s with it.
//
// What every layer keeps to:
//
//   - Every reused model is evaluated against the query (expr.Eval of
//     every constraint) before it is given; one that fails, or that
//     cannot be evaluated (an equality of arrays), is a miss. It is cut
//     down to the query's variables, each with a value, as Z3's would be.
//   - Sat and Unsat answers are reused whatever the resource limit; an
//     Unknown only when it is a resource-limit Unknown for the same
//     limit (deterministic, unlike a timeout), and then before a Sat or
//     Unsat answer the same query got later, so that a rerun from a
//     Store replays the first run's answers in order.
//   - Everything is per chain, and gosymtest makes one chain per
//     function, so that what a function's exploration gets never depends
//     on which functions ran before it; the Store is scoped by function
//     for the same reason.
//   - A layer's answer is right, not necessarily the one Z3 would have
//     given: a different model steers the parts of the engine that follow
//     models (boundary cases, readable inputs), never which paths exist.
//
// Each layer counts the queries that reach it, those it answers itself
// and its own time, not counting the layers below (LayerStats);
// Stats.Queries stays the count of what reached Z3. ChainOptions.Off
// leaves layers out. ChainOptions.Validate checks every answer a layer
// gives, and the models indep joins, against a Z3 of the chain's own
// (validate.go; the core's state must not depend on it): a model by
// evaluation, an Unsat by asking Z3; a wrong answer is counted
// (LayerStats.Wrong) and Z3's is returned. MemStore is a Store in memory
// for the tests.
//
// The tests: a unit test per layer; every layer, alone and together, on
// random path-shaped query streams against Z3 with validation on; the
// explorations of the fixture packages with the chain, each layer alone
// and Z3 alone, which must find the same paths and coverage, and their
// rerun from a Store, which must ask Z3 nothing and write the same tests
// (engine_test.go); BenchmarkChain replays their recorded queries.
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
// SMT-LIB operator with the same semantics, but for a division or
// remainder by a small constant: Z3 would bit-blast it into a divider
// circuit, so the translation names its quotient and remainder, defined
// by a multiplication that cannot wrap (z3_division.go; it made the
// solver time of encoding/base32 at -max-work 500000 5.7 times smaller),
// and for a sum whose terms are bounded so that it fits in fewer bits, as
// a count over a string's bytes does: it is summed at that width and zero
// extended (z3_sum.go); and for a read at a symbolic index, a chain of
// if-then-elses on the index's values: it is a decision tree on the
// index's bits (z3_lookup.go; it made text/scanner's solver time at
// -max-work 500000 4.5 times smaller). Options.PlainDivision,
// Options.PlainSums and Options.PlainLookups turn these off.
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
// and the time the check took tells them apart. Options.ResourceLimit
// gives every query without a limit of its own that one.
//
// Z3 has two engines, and each is much faster than the other on some
// queries: the incremental core that push and pop use, and the tactic
// engine (bit-blasting into a SAT solver for bit vectors) that a fresh
// solver without scopes gets. With Options.EscalateAfter, a check that
// the incremental core has not decided within that many resource units
// is tried by a fresh solver set aside beside it, within a share of its
// own, before the incremental core goes on (escalate.go).
//
// A check stops at Options.Timeout, and when the context is cancelled: a
// goroutine watches the context and calls Z3_solver_interrupt until the
// check returns (not Z3_interrupt, which in Z3 4.8 cancels the context for
// good if it arrives between checks). Asserting the query is bounded the
// same way, since Z3 rewrites each assertion as it takes it and that can
// run for minutes on a deep term; only Z3_interrupt reaches an assert, so
// a stopped assert answers Unknown and the solver goes on in a new
// context (interrupt.go). Z3 4.8.12 can lose an interrupt that arrives as
// a check starts, and then nothing stops the check: no check starts once
// its context is done, and a check that ignores the interrupts for
// forceAfter is stopped with Z3_interrupt as well, and its context
// replaced.
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
