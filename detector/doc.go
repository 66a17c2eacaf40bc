// Package detector is gosymtest's redundant-state detector. It drops
// states that cannot reach code no test covers yet. It does so soundly: a
// state is dropped only when an explored subtree, with nothing cut,
// already shows everything it could do that matters for coverage.
//
// # The paper
//
// Bugrara and Engler, "Redundant State Detection for Dynamic Symbolic
// Execution" (USENIX ATC 2013). The detector is the boxed lines of their
// Algorithm 1. It follows §3.1 (relevant branches, through package cdg),
// §3.2 (relevant locations, through package slicing), §3.3 (state
// matching), §3.4 (dynamic refinement), §3.5 (single-valued locations),
// §3.6 (the relevant-search heuristic) and §3.7 (decision trees).
//
// # Contract
//
// [New] returns a machine.Config.Pruner: a function that makes one
// detector per engine. The detectors of a run share cdg's analysis and the
// mod analysis. The engine calls the machine.Pruner methods:
//
//   - Prepare(fn): the static analysis fn needs (its cdg.Relevance and the
//     mod sets), before fn's budget starts.
//   - Begin(fn): a new round of exploring fn. Everything learnt in earlier
//     rounds is dropped, since a round explores inputs of other sizes.
//   - Root(s): an initial state, before its first step.
//   - Forked(parent, child): child was copied from parent during its step.
//   - Stepped(s, events): the step s just took, with what it read and
//     wrote. It returns a machine.Verdict.
//   - Hurry(s): whether the searcher should favour s, because waiting
//     states wait for s's subtree to end.
//   - Recheck(s): the verdict again, for a state put off that the searcher
//     now runs.
//   - Ended(s, kind, tested): s's path ended; tested says its test replayed,
//     so its code is covered.
//
// The verdicts are Keep; Prune (the engine ends the state); Later (run it
// after the states that look less redundant); and Wait (it may match a
// snapshot not made yet). The detector reads states only through
// the machine's view of a state (AtPoint, ValueAt, Cond, Frozen). The engine
// knows nothing of the detector.
//
// [Options] switch parts off, so that each one's share can be measured:
// NoRefine, NoSearch, NoSingle, NoHurry and NoModSets. Options.Reach turns
// on the pruning of states that can reach nothing uncovered. A nil
// Config.Pruner (-prune none) turns everything off.
//
// # Relevant branches and locations (§3.1, §3.2)
//
// A static branch is relevant while it controls, in cdg's control
// dependence graph, a block no test enters. Coverage comes only from paths
// whose test replayed as predicted. So a block counts as covered only when
// an emitted test will cover it.
//
// Package slicing builds the dynamic dependence graph along the state
// tree. When every state below a point has ended with nothing cut, it
// computes the point's relevant locations and publishes a snapshot. Its
// potential dependences are narrowed by a mod analysis: package pointer's
// type-based mod sets, where a write through *T may reach every object
// holding a T (modsets.go). Where the analysis gives up soundness
// (pointer.Result.ModComplete), the answer is "may write".
//
// # Matching (§3.3)
//
// After each step, a state that stands at a point is matched against the
// snapshots of the same context. A point is a block entry with its φs
// done and no panic in flight. The context (machine.Context) is the
// block, the stack of call sites, and what else decides the future. A
// state matches a snapshot when every relevant location holds the same
// value (the same hash-consed term) and the snapshot's relevant
// constraints are all among the state's. Then every feasible continuation
// of the state was feasible for the snapshot, whose subtree covered all it
// could. The state is dropped. Its other constraints share no variable
// with the relevant ones, so they cannot make a relevant outcome feasible.
//
// A dropped state that entered a block no test enters still gives a test.
// The engine runs its inputs concretely to the end. So pruning never loses
// the coverage of the stretch before the match.
//
// # Refinement and search (§3.4, §3.6)
//
// When tests cover code, some branches stop being relevant, and so do the
// locations they alone made relevant. Before a point's snapshots are
// matched, they are refined to the current relevance.
//
// A state that matches no sound snapshot but one of the unsound slice gets
// Later. A state that reaches a point whose first visit's subtree is still
// open gets Wait, once: it would probably match what that subtree leaves.
// Meanwhile the states of that subtree are hurried, so that it is likelier
// to end before the wait does (symbolic/search).
//
// # Single-valued locations (§3.5; single.go)
//
// A location that has held one value on every path of the round cannot
// tell a state from a snapshot. The decision trees leave it out. When a
// second value is written, the trees that left it out are rebuilt before
// their next match, with no re-slicing. This only saves work.
//
// # States that can reach nothing uncovered (reach.go)
//
// Few subtrees end within the budget in real packages: a state deep in a
// library call keeps forking after its function's code is covered. So a
// state that no snapshot matches is asked, through cdg.Relevance.CanCover,
// whether it can still reach code of the package that no test covers. One
// that cannot is put off (Later). With Options.Reach (-prune reach) it is
// pruned at once, with no snapshot. That keeps the coverage of blocks,
// which is all the paper keeps. But gosymtest also keeps a test for each
// new branch edge and kind of panic, which such a state may still give.
// So Reach is not the default.
//
// The Return that ends a tested path counts as covered (machine.State.Final).
// Without it, a block that only returns would stay uncovered for good.
//
// # Decision trees (§3.7; dtree.go)
//
// The snapshots of one context are indexed by a decision tree. A state
// finds the sets it may match with a few look-ups, instead of comparing
// itself with every set. A set maps locations to value keys (hashes). A
// node is labelled with a location. It has one edge per value of that
// location among the sets below it, and an undef edge to the sets that do
// not constrain it. A leaf holds identical sets.
//
// The search is sound, unlike the paper's rule 1. Where the state gives
// the label a value, the search follows that value's edge and also the
// undef edge: a set that does not constrain a location agrees with any
// value of it. (The paper's own example state matches {x=2, u=11}, which
// its rule misses.) Where the state lacks the label, only the undef edge
// is followed. Keys are hashes, so the tree offers candidates; the match
// confirms each one before it prunes.
//
// A node is split on the location with the most distinct values among its
// sets. Sets are inserted lazily, at the next search. When an insertion
// gives some location more values than a node's label, only that node's
// subtree is rebuilt. Once the label has four values or more, a rebuild
// waits until the other location has a quarter more, so two locations
// trading the lead cannot rebuild the tree at every insertion.
package detector
