// Package slicing keeps the state tree of one exploration round and the
// dynamic dependence graph along it. From them it computes the relevant
// location sets of the redundant-state detector, and publishes one
// Snapshot per match point once every state forked below the point has
// ended. Package detector stores the snapshots and matches states
// against them.
//
// # The paper
//
// Bugrara and Engler, "Redundant State Detection for Dynamic Symbolic
// Execution" (USENIX ATC 2013): §3.2 (relevant locations), §3.2.1 (the
// dynamic dependence graph), §3.2.2 (dynamic slicing, steps 1 to 5),
// §3.2.3 (halts), §3.2.4 (inter-path slicing, step 6), §3.4 (dynamic
// refinement) and §3.6 (the unsound sets of the search heuristic). The
// detector does §3.3, §3.5 and §3.7.
//
// # Contract
//
// [New] makes the [Graph] of one round, from cdg's analysis and the
// function's cdg.Relevance. The detector then feeds it what the engine
// reports:
//
//   - Root starts the path of an initial state; Fork starts a child's.
//   - Step appends the events of one step (machine.Event: what it read
//     and wrote). A non-nil [Point] says the state now stands at a match
//     point.
//   - End ends a path. complete says it returned or panicked with nothing
//     cut; tested says its test replayed, so its code is covered.
//   - Pruned ends a path that matched a snapshot; Unreaching ends one that
//     can reach no uncovered code.
//
// Each snapshot goes to Options.Publish. A [Snapshot] holds the point's
// context, its relevant locations with their values, and the relevant
// constraints ([Snapshot.Constraints]). [Snapshot.Refine] shrinks it when
// coverage grows. [Mark], Below and StatesBelow let the detector ask which
// states descend from a point, and whether all of them have ended.
//
// # The state tree
//
// The tree has one node per stretch of a path between forks (tree.go).
// Fork closes the parent's node and opens one child per state. Events go
// to the stepping state's current node, so a node's events are shared by
// every state below it. When a path ends, its leaf is sliced. A node whose
// last child has finished is sliced next, from the union of its
// children's sets (steps 1 and 2), and so on up (finish.go). If any path
// below a node ended incomplete, the node and its ancestors publish
// nothing: a point's set must account for every continuation.
//
// # Dynamic dependences
//
// Locations are machine.Locs: registers of an activation, whole objects,
// deferred calls, the panic. A string register is read in parts where the
// engine can tell: its length, a byte at a constant index. (KLEE's
// locations are bytes.) So a parser's state at byte k does not depend on
// the bytes it has consumed. Data dependences come from each event's Reads
// and Writes. Calls write the callee's parameters and returns write the
// caller's register, so they are ordinary data dependences.
//
// Control dependences are computed forward, as events arrive (state.go).
// The control parent of an event is the latest instance, in its
// activation, of a static branch that controls the event's segment
// (cdg.Func.Controllers). When none has run, it is the control parent of
// the call that pushed the activation. Dynamic branches are If
// instructions and cdg's implicit branches.
//
// Potential dependences (static.go, modsets.go). A branch is potentially
// relevant when the outcome the path did not take decides, transitively,
// a segment with an instruction that may write a non-register location of
// the relevant set. An implicit branch is always potentially relevant:
// its panic outcome runs deferred calls. Without Options.Mod, anything
// not known to be pure may write every such object. With it, an object is
// written only when ModSets.MayWrite says so. A panic or call may also run
// a deferred call and resume, so it writes every object while a deferred
// call is pending. Registers are assigned once in SSA: the only write off
// the path to a register is a φ's choice of edge.
//
// # Slicing (slice.go)
//
// The walk goes backwards along a path with L, the relevant locations, and
// C, the relevant dynamic branch instances.
//
//   - Step 3, at a path end: L is empty. C is empty after a return. After
//     a panic that leaves the function under test, an embedded halt, C
//     holds the raising instruction if it is a branch, and the branch that
//     controls it (§3.2.3).
//   - Step 4, at a dynamic branch: it leaves C. It is relevant when its
//     static branch is relevant now (cdg.Relevance), when it was in C, or
//     when it is potentially relevant. A relevant branch adds its reads to
//     L and its control parent to C. A decision at an instruction cdg does
//     not know as a branch is always relevant.
//   - Step 5, at an event that writes a location of L: the registers it
//     writes leave L. An object stays, since most writes update part of
//     it, unless the event allocates it. The event's reads join L, and its
//     control parent joins C.
//   - φs: a φ whose register is in L reads the operand of the edge taken.
//     The choice of edge matters too, so every branch of the activation is
//     relevant back to the latest entry into the immediate dominator of
//     the φ's block. That makes c relevant in
//     `x := 0; if c { x = 1 }; if x == 1 {...}`.
//   - Loops (loops.go): Go's SSA has no φ at a loop exit. A relevant
//     register defined on a cycle makes relevant every branch of its
//     activation from whose untaken side the cycle can be reached again.
//   - An opaque event reads everything: L is unusable at and before it,
//     and those points publish nothing.
//
// Step 6 (§3.2.4): Pruned ends a path at the point where it matched. The
// path counts as complete, and its set there is the snapshot's.
//
// # Snapshots
//
// A snapshot names its locations by stack depth at the point. It holds
// the value each had there: the last write before the point, else the
// root state's value. Its relevant constraints are Δ|L: the conjuncts of
// the path condition that share a variable with those values, closed
// transitively (snapshot.go). A point publishes nothing when L holds a
// register of an activation not on its stack, or when an opaque event came
// after the last write of a relevant location. Soundness comes first.
//
// # Dynamic refinement (§3.4; prov.go)
//
// Every entry of L and C carries its provenance: the relevant static
// branches that brought it in. A reason that is no static branch (an
// unknown decision, a halt) is "always". Snapshot.Refine drops the
// locations whose branches have all stopped being relevant, and their
// constraints, without slicing again. Epoch counts the coverings that
// made some branch irrelevant, so the detector refines only when
// something changed. Options.NoRefine turns provenance off.
//
// # The unsound sets (§3.6)
//
// With Options.Unsound, each node is sliced a second time through data and
// control dependences only. Those snapshots have Snapshot.Unsound set.
// They steer the searcher's priorities and never prune.
package slicing
