// Package cdg computes post-dominators and static control dependence for
// SSA functions, within a function and across calls. It serves the
// redundant-state detector.
//
// # The paper
//
// Bugrara and Engler, "Redundant State Detection for Dynamic Symbolic
// Execution" (USENIX ATC 2013):
//
//   - §3.1: a static branch is relevant while a control dependence path
//     leads from it to an instruction no test has covered yet.
//   - §3.2.3: an embedded halt, such as os.Exit, makes the branch that
//     decides the halt control everything reachable after it. The paper
//     follows Sinha, Harrold and Rothermel here.
//
// # Contract
//
// [New] makes an [Analysis] of an SSA program. Its users are package
// slicing and package detector:
//
//   - [Analysis.Func] gives a function's [Func]: its segments, branches,
//     post-dominators and controllers ([Func.Controllers],
//     [Func.BlockControllers], [Func.HaltDeciders]).
//   - [Analysis.ContextControllers] and [Analysis.ContextAncestors]
//     answer for a segment in the context of a call stack. A branch that
//     controls a call site controls the callee's segments in that context.
//   - [Analysis.Relevance] gives a function its [Relevance]: which
//     branches are relevant now ([Relevance.Relevant]). Coverage makes it
//     shrink ([Relevance.Cover]), at a cost that follows the change.
//   - [Relevance.CanCover] tells whether a state may still run code of the
//     package that no test covers, given where each frame of its call
//     stack goes on from ([Resume]).
//   - [MayPanic] tells at which instructions the executor forks an
//     implicit branch.
//
// # Nodes
//
// A function's control-flow graph has one node per [Segment]. A segment
// is a basic block, or the part of one after an implicit branch or after
// a call that never returns. A virtual exit follows every Return, every
// panic nothing recovers, and every call that never returns.
//
// Calls that never return are os.Exit, runtime.Goexit, log.Fatal*,
// log.Panic*, testing's FailNow, Fatal* and Skip*, and the functions a
// fixed point finds never return ([Analysis.NeverReturns]).
//
// A [Branch] is an If terminator, with outcomes true and false. Unless
// Options.NoImplicitBranches is set, it is also an instruction for which
// [MayPanic] holds, with outcomes ok and panic. The executor forks there.
//
// Names are stable and printable: segments b3 and b3[5:], outcomes
// b1:true, b1:false, b2.i4:ok, b2.i4:panic. The block index is
// ssa.BasicBlock.Index; the instruction index is the place in its Instrs.
//
// # Recover
//
// In a function with a deferred call, fn.Recover is where control resumes
// after a recovered panic. There, every panic goes to fn.Recover instead
// of the exit: a Panic terminator, the panic outcome of an implicit
// branch, a call that panics for sure. It is then no halt. fn.Recover and
// what follows depend on the panic outcomes. Calls that end the program
// or the goroutine (os.Exit, runtime.Goexit, t.FailNow) still go to the
// exit: no recover catches them. For NeverReturns, a function with a
// defer returns.
//
// # Algorithms
//
// Post-dominators use Cooper, Harvey and Kennedy's algorithm on the
// reversed graph. A node that cannot reach the exit (an infinite loop)
// gets a fake edge to it from its loop header. That edge counts for
// post-dominance but is no branch outcome. Control dependence follows
// Ferrante, Ottenstein and Warren. The tests check both against naive
// computations on random graphs.
//
// # Across calls
//
// [Analysis.Graph] builds the context-insensitive graph of everything
// reachable from some roots. Options.Callees resolves call edges. The
// default takes static callees, and for an interface method call every
// type of the program that implements the interface. Halt edges lead from
// each function's HaltDeciders to what runs after its call sites.
//
// The same graph has flow edges: where control may go next (flow.go).
// CanCover walks them. The code that counts is that of the roots'
// packages, since a package's tests are measured on its own code.
//
// A function's graph is mostly its package's: a call through a func value
// leads to every entry point of the package and all they call. So
// Analysis.Relevance builds one graph per package. Each function gets a
// Relevance over the part of it that the function reaches. It answers
// exactly as one built over the function's own graph (closure.go).
package cdg
