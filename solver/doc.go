// Package solver decides path conditions. It answers whether a
// conjunction of expr terms is satisfiable and, when it is, gives a model.
//
// The package is plain Go. The Z3 binding is package solver/z3, the only
// package of gosymtest that uses cgo. The packages that only need the
// contract (symbolic, detector, slicing, report, store) do not link Z3.
//
// # The papers
//
// The chain follows KLEE: Cadar, Dunbar and Engler, "KLEE: Unassisted and
// Automatic Generation of High-Coverage Tests for Complex Systems
// Programs" (OSDI 2008), §3.3. Solvers decorate one another. A layer may
// answer a query itself, rewrite it, or pass it on. Constraint
// independence, the counterexample cache and constraint set
// simplification come from there.
//
// The trie layer follows GreenTrie: Jia, Ghezzi and Ying, "Enhancing
// Reuse of Constraint Solutions to Improve Symbolic Execution" (ISSTA
// 2015), Theorem 1 and §6. Package green holds its atoms, rules and
// L-Tries.
//
// # Contract
//
// A Query is a list of Bool terms, read as one conjunction. Their order
// does not change the answer. It only decides how much an incremental
// core can reuse.
//
// Solver.Check answers with a Response:
//
//   - Sat, with a Model. The model gives every variable of the query a
//     value, and expr.Eval of every constraint under it is true. It is
//     plain Go data (expr.Values).
//   - Unsat.
//   - Unknown, with a Reason: a timeout, an exceeded resource limit, a
//     cancelled context, an error.
//
// Check never panics. A closed solver answers Unknown. Stats counts the
// work. Query.ResourceLimit bounds one check in Z3's resource units.
// Unlike a timeout it is deterministic: the same queries in the same order
// get the same answers on any machine.
//
// # The chain
//
// NewChain puts layers in front of a core solver, usually a *z3.Solver.
// A query meets them in this order (Layers):
//
//  1. fast (fastpath.go) drops constant-true constraints and repeats. A
//     constant-false constraint, or one beside its negation, is Unsat.
//  2. indep (independence.go) splits the constraints into groups that
//     share no variable. It asks each group on its own and joins the
//     models. A branch changes one group; the caches answer the others.
//  3. cache (cache.go, cachekey.go, cacheentry.go) answers a query it has
//     seen before. Its key is the premise as a set plus the last
//     constraint's atom, hashed with SHA-256 over the terms' structure. A
//     query and its negation share one entry, as in KLEE. With a Store,
//     the entries outlive the run.
//  4. trie (trielayer.go) is GreenTrie's reuse by implication. A stored
//     Sat query that implies this one gives its model. A stored Unsat
//     query that this one implies gives Unsat.
//  5. cex (cexcache.go) is KLEE's counterexample cache. A stored Unsat
//     subset gives Unsat. A stored model that satisfies the query gives
//     Sat.
//  6. subst (subst.go) replaces a term that the query equates to a
//     constant by that constant in the other constraints, and folds. The
//     rewritten query is equivalent.
//  7. narrow (narrow.go) asks a query that multiplies or divides wide
//     bit-vectors at 16 bits first, within a small resource limit. A model
//     of that, widened, answers the query when it satisfies it.
//
// The trie layer looks queries up in a reduced form but passes them on as
// built, so the core keeps reusing the prefix it shares with the last
// query.
//
// Every layer keeps to these rules:
//
//   - A reused model is evaluated against the query before it is given.
//     One that fails, or cannot be evaluated, is a miss. It is cut down
//     to the query's variables.
//   - Sat and Unsat are reused whatever the resource limit. An Unknown is
//     reused only for a resource limit, and only for the same limit.
//   - State is per chain. gosymtest makes one chain per function, so a
//     function's answers never depend on which functions ran before.
//   - A layer's answer is right, but its model may differ from Z3's. A
//     model steers boundary cases and readable inputs, never which paths
//     exist.
//
// # Chain options and stats
//
// ChainOptions.Off leaves layers out, to measure each one's share.
//
// ChainOptions.Validate checks every answer a layer gives against a
// solver of its own, made by ChainOptions.Oracle on first use
// (validate.go). The core never sees those queries, so its state does not
// depend on validation. A model is checked by evaluation, an Unsat by
// asking the oracle. A wrong answer is counted (LayerStats.Wrong) and
// replaced by the oracle's.
//
// ChainOptions.Store keeps the cache layer's answers across runs, under
// ChainOptions.Scope, the function's full name. The chain loads its
// scope before the first query and saves what it added on Close. A Store
// that fails is not fatal; StoreErr says why. Package store has the
// implementations; MemStore is one in memory, for tests.
//
// Stats are the core's, so Stats.Queries counts what reached Z3.
// Stats.Layers adds each layer's queries, answers and own time.
//
// # Tests
//
// Each layer has unit tests over a recording core. Random path-shaped
// query streams go through each layer alone and the whole chain, with
// validation, against a plain Z3. The fixture explorations
// (engine_test.go) must find the same paths and coverage with the chain
// as with Z3 alone, and a rerun from a Store must ask Z3 nothing.
// BenchmarkChain replays their queries.
//
// The tests need Z3, but package solver cannot import solver/z3, which
// imports it. An external test file (z3_test.go) hands the internal tests
// one.
package solver
