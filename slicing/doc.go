// Package slicing keeps, for one exploration round, the state tree of the
// symbolic executor and the dynamic dependence graph along it, and
// computes the relevant location sets of Bugrara and Engler's redundant
// state detector ("Redundant State Detection for Dynamic Symbolic
// Execution", §3.2) at every match point of a path, once every state
// forked below the point has ended. For each such point it publishes a
// Snapshot, which package detector stores and matches states against
// (§3.3).
//
// # The state tree (§3.2.1, §3.2.2)
//
// A Graph has one node per stretch of a path between forks (tree.go).
// Fork closes the parent's node and opens two children, one for each
// state; the events of every later step go to the stepping state's
// current node, so a node's events are shared by every state below it.
// A node counts its pending children. When a path ends, its leaf node is
// sliced; a node whose last child finished is sliced next, with the
// union of its children's sets at their starts (steps 1 and 2), and so
// on up (finish.go). A node is freed once sliced. If any path below a
// node ended incomplete (not by return or panic, or concretized), the
// node and its ancestors publish nothing: a point's set must account for
// every continuation.
//
// # Dynamic dependences (§3.2.1)
//
// Locations are symbolic.Locs: registers of an activation, whole objects,
// deferred calls, the panic. A string register is read in parts where
// the engine can tell (its length, a byte at a constant index: KLEE's
// locations are bytes), so that a parser's state at byte k does not
// depend on the constraints of the bytes it has consumed; a write of a
// register defines all its parts. Data dependences come from each
// event's Reads and Writes; calls write the callee's parameters and
// returns the caller's register, so they are ordinary data dependences.
//
// Control dependences are computed forward, as events arrive (state.go):
// the dynamic control parent of an event is, in its activation, the most
// recent instance of a static branch that cdg says controls the event's
// segment (cdg.Func.Controllers); when none has run (the segment runs
// whenever its function is entered) it is the control parent of the
// event that pushed the activation, which carries control dependence
// into callees. Dynamic branches are If instructions and cdg's implicit
// branches (instructions for which cdg.MayPanic holds); an instance is
// named by its event. Per-activation state is shared between forked
// states and copied on first change.
//
// Potential dependences (static.go, modsets.go): a branch is potentially
// relevant when a segment decided, transitively, by an outcome the path
// did not take holds an instruction that may write a non-register
// location of the relevant set, and always for an implicit branch, whose
// panic outcome runs deferred calls. Without a mod analysis
// (Options.Mod nil) any instruction that may write memory or the defer
// stack (stores, calls, sends, allocations: anything not known to be
// pure) may write every such location. With one, the objects of the set
// are narrowed by their contents just before the branch (their type):
// an allocation writes none of them (they exist already), a store, map
// update, send, receive, select or call one only when Options.Mod says
// it may; a panic or a call may also run a deferred call and resume, so
// they write every object when an activation of the path may hold a
// deferred call; anything else, the defer stack and the panic, and an
// object whose contents before the branch are not known (made after it
// by a step that is no allocation, or hidden by an opaque step) are
// written as without the analysis.
// Registers are assigned once in SSA, so the only "assignment not along
// the path" to a register is a φ's choice of incoming edge; see below.
//
// # Slicing (§3.2.2, steps 3 to 5; slice.go)
//
// Walking a path backwards with L (relevant locations) and C (relevant
// control set: dynamic branch instances):
//
//   - Step 3, at a path end: L is empty. C is empty after a return; after
//     a panic that leaves the function under test, an embedded halt
//     (§3.2.3's expanded step 3), C holds the raising instruction if it
//     is a branch and the dynamic branch that controls it.
//   - Step 4, at a dynamic branch: it leaves C; it is relevant when its
//     static branch is relevant now (cdg.Relevance, which shrinks as
//     tested paths cover code: Algorithm 1, line 16), when it was in C,
//     or when it is potentially relevant. A relevant branch adds its
//     reads to L and its control parent to C. A decision at an
//     instruction that is no branch cdg knows (an "unknown decision") is
//     relevant, always.
//   - Step 5, at any other event that writes a location of L: the
//     registers it writes leave L (they are defined here); an object it
//     writes stays (most writes update part of it) unless the event
//     allocates it (Alloc, MakeSlice, MakeMap, MakeChan: before that the
//     object does not exist); its reads join L and its control parent
//     joins C.
//   - φs: a φ whose register is in L reads the operand of the edge taken
//     (data) and, since the choice of edge matters, puts a marker on the
//     φ block's immediate dominator: until the walk meets the latest
//     entry into that block in the same activation, every branch of the
//     activation is relevant. This makes c relevant before the first if
//     of `x := 0; if c { x = 1 }; if x == 1 {...}`.
//   - Loops (loops.go): Go's SSA has no φ at a loop exit, so code after a
//     loop reads the header's φ directly, and the loop's last test chose
//     that instance. A relevant register defined in a block on a cycle
//     makes relevant every branch of its activation from whose untaken
//     side that block can be reached again.
//   - An opaque event reads everything: L is unusable (top) at it and
//     before it on the path, and those points publish nothing.
//
// # Inter-path slicing (§3.2.4, step 6)
//
// Pruned ends a path at its last point, where the detector matched it to
// a snapshot: the path counts as complete, and its set at that point is
// the snapshot's (depths mapped back to the path's activations), with
// the dynamic branch that controls the point in C. The point itself
// publishes no snapshot of its own.
//
// # Snapshots (§3.2, §3.3)
//
// At each match point (after the step Step reported it with), the point's
// relevant set is L just after that step. A Snapshot names its locations
// by stack depth at the point, holds the value each had there (the last
// write on the path before the point, else the root state's value) and
// the relevant constraints Δ|L: the conjuncts of the path condition at
// the point that share a variable with those values, closed transitively
// over shared variables (snapshot.go). A point where L holds a register
// of an activation not on its stack publishes nothing, and neither does
// one where an opaque event came after the last write of a relevant
// location (it may have written it unseen): soundness first.
//
// # Dynamic refinement (§3.4; prov.go)
//
// Every entry of L and C carries its provenance: the relevant static
// branches (step 4's first reason) at the start of the chains of
// dependences that brought it in, as an interned set; a reason that is
// no static branch (an unknown decision, a halt) is "always". A
// Snapshot keeps each location's provenance and the path condition at
// its point, and Snapshot.Refine drops the locations whose branches have
// all stopped being relevant, and their constraints, without slicing
// again. Epoch counts the coverings that made some branch irrelevant, so
// that the detector refines a point's snapshots only when something
// changed. Options.NoRefine turns provenance off (everything is always).
//
// # The search heuristic's unsound sets (§3.6)
//
// With Options.Unsound, each node is sliced a second time through data
// and control dependences only (no potential dependences, no loop
// exits), and those snapshots are published with Snapshot.Unsound set.
// They are for the searcher's priorities alone, never for pruning.
//
// Not here: single-valued locations (§3.5).
package slicing
