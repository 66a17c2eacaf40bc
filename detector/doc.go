// Package detector is gosymtest's redundant-state detector, after Bugrara
// and Engler, "Redundant State Detection for Dynamic Symbolic Execution"
// (the boxed lines of their Algorithm 1). It drops every state that
// cannot reach code no test covers yet, and it does so soundly: a state
// is dropped only when an explored subtree, with nothing cut, already
// shows everything it could do that matters for coverage.
//
// # How it hooks into the engine
//
// The engine (package symbolic) calls a symbolic.Pruner: Begin for each
// round of a function, Root for each initial state, Forked, Stepped after
// every step with the step's events (what it read and wrote), and Ended.
// New returns the Config.Pruner that makes one detector per engine. The
// detector reads states only through symbolic's exported view (AtPoint,
// ValueAt, Cond), and the engine knows nothing of the detector.
//
// # Relevant branches (§3.1)
//
// A static branch is relevant while it controls, through the control
// dependence graph of package cdg, a block no test enters. Coverage
// comes from paths whose test replayed as predicted, never from paths
// merely entered, so a block counts as covered only when an emitted test
// will cover it.
//
// # Relevant locations (§3.2)
//
// Package slicing builds the dynamic dependence graph along the state
// tree and, when every state forked below a point has ended with nothing
// cut (a path that returned or panicked, with no branch side left
// undecided and no value pinned on the way; an input built only in part
// cuts nothing, since it is built so for every state alike), computes
// the point's relevant locations: the registers, objects,
// deferred calls and panic that may decide a relevant branch further on,
// through data, control and potential dependences (narrowed by a mod
// analysis: modsets.go), with φs depending on
// the branches that chose their edge, halts (panics) on the branches
// that control them, and pruned paths taking the relevant set of the
// snapshot that pruned them (inter-path slicing, §3.2.4). Each such point
// becomes a snapshot: its context, its relevant locations with the values
// they held, and its relevant constraints (the conjuncts of its path
// condition that share variables with those values, transitively).
//
// # Matching (§3.3)
//
// After each step, a state that stands at a point (a block entry, its φs
// done, no panic in flight) is matched against the snapshots of the same
// context (symbolic.Context: the block, the stack of call sites, and what
// else decides the future besides locations). It matches one when every
// relevant location holds the same value (the same hash-consed terms) and
// the snapshot's relevant constraints are all among the state's. Then the
// state's every feasible continuation was feasible for the snapshot,
// whose subtree covered all it could: the state is dropped. The
// constraints that involve other variables share none with the relevant
// ones, so they cannot make a relevant outcome feasible for the state
// that was infeasible for the snapshot.
//
// # Refinement and search (§3.4, §3.6)
//
// When tested paths cover code, some branches stop being relevant, and
// with them the locations they alone made relevant (slicing keeps each
// location's provenance). Before a point's snapshots are matched, they
// are refined to the current relevance and the point's tree is rebuilt
// if any shrank. A state that matches no sound snapshot but one of the
// unsound slice (data and control dependences only) gets the verdict
// Later: the searcher runs it after states that look less redundant. A
// state that reaches a point whose first visit's subtree is still open
// gets Wait, once: it would probably match the snapshot that subtree
// leaves, so the searcher runs it after the others for a while, and
// then as any other, since some subtrees stay open for good (search.go).
// While it waits, the states of that subtree are hurried (Hurry): the
// searcher favours them, so that the subtree is likelier to end, and the
// snapshot to be made, before the wait does. A subtree is hurried once,
// until the first wait for it is over.
//
// # Single-valued locations (§3.5)
//
// A location that has held one value on every path of the round so far
// (every write, and every initial state, gave it that value) cannot
// tell a state from a snapshot, so the decision trees and the
// comparisons leave it out. The snapshot keeps it all the same: when a
// second value is written, the trees that left it out are rebuilt
// before their next match, with no re-slicing. single.go says why a
// state at a point always holds the value (and never nothing) at such a
// location. Its relevant constraints stay, so this only saves work.
//
// # Covered code, and states that can reach nothing uncovered
//
// The covered code includes the Return that ends each tested path,
// which the engine reports with the path's end (symbolic.State.Final)
// rather than as a step: without it a block that only returns would stay
// uncovered for good, and so would the branches that lead there stay
// relevant.
//
// A snapshot shows that a state is redundant only once a subtree like it
// has ended, and in real packages few do within the budget: a state deep
// in a library call keeps forking after the function's own code is
// covered. So the detector asks cdg whether a state that no snapshot
// matches can still reach, from where each of its frames goes on, code
// of the package that no test covers (cdg.Relevance.CanCover, over the
// flow edges: the package's code is what its tests are measured on). A
// state that cannot is put off, like one that matches an unsound set
// (reach.go). With Options.Reach (-prune reach) it is pruned instead,
// before matching, with no snapshot, and its path ends with nothing
// relevant ahead. That keeps the coverage of blocks, which is all the
// paper's detector keeps; but gosymtest also keeps a test for each new
// branch edge and each new kind of panic, and such a state may still
// give one (a nil io.Writer that panics inside io.WriteString, after the
// package's code is all covered). Matching keeps those better, since a
// halt makes the branches that decide it relevant for good (§3.2.3), so
// pruning them is not the default.
//
// # Switches, and the tests of pruned states
//
// Options.NoRefine, Options.NoSearch, Options.NoSingle,
// Options.NoHurry and Options.NoModSets turn each off, so that its share
// can be measured (with NoSearch no state waits, so none is hurried;
// without mod sets every write under a branch outcome not taken may
// reach every object), and Options.Reach turns
// the pruning of states that can reach nothing uncovered on; a nil
// Config.Pruner (-prune none) turns everything off.
//
// A pruned state that entered a block no test enters yet still gives a
// test: the engine runs its inputs concretely to the end (Algorithm 1
// computes test inputs for a pruned state too), so pruning never loses
// the coverage of the stretch before the match.
//
// # Decision trees (§3.7)
//
// The relevant constraint sets recorded at one context-sensitive point
// are indexed by a decision tree (tree in dtree.go), so that a state
// finds the sets it may match with few look-ups of its values instead of
// comparing itself with every set. A set is a map from locations to value
// keys (hashes of the values); a state matches a set when it gives every
// location of the set that value. A non-leaf node is labelled with a
// location and has one edge per value of that location among the sets
// below it, plus an undef edge to the sets that do not constrain it; a
// leaf holds identical sets.
//
// The search is sound, unlike the paper's rule 1: where the state gives
// the label a value, it follows that value's edge and also the undef
// edge, since a set that does not constrain a location agrees with any
// value of it (the paper's own example state matches set {x=2, u=11},
// which its search misses). Where the state lacks the label, only the
// undef edge is followed. Each location is looked up at most once per
// search.
//
// Value keys are hashes, so the tree offers candidates: the caller's match
// confirms each (SameValue on the snapshot's values) before it prunes.
//
// Construction follows the paper: a node is split on the location with
// the most distinct values among its sets (ties to the location seen
// first), sets are inserted lazily at the next search, and when an
// insertion gives some location more distinct values than a node's
// label, only that node's subtree is rebuilt. Once the label has four
// values or more, a rebuild waits until the other location has a quarter
// more, so that locations trading the lead cannot rebuild the tree at
// every insertion.
package detector
