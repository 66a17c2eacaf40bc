// Package cdg computes post-dominators and static control dependence for
// SSA functions, intra- and interprocedurally, as the redundant state
// detector of Bugrara and Engler needs them: a static branch is relevant
// while a control dependence path leads from it to an instruction not yet
// covered (their §3.1), and embedded halts such as os.Exit make the
// branch that decides the halt control everything reachable after it
// (§3.2.3, after Sinha, Harrold and Rothermel).
//
// # Nodes
//
// A function's control-flow graph has one node per [Segment]: a basic
// block, or the part of one after an implicit branch or a call that never
// returns, and a virtual exit. The exit is the successor of every Return,
// of every panic that is not recovered, and of every call that never
// returns (os.Exit, runtime.Goexit, log.Fatal*, log.Panic*, the testing
// FailNow/Fatal*/Skip* family, and functions found by a fixed point to
// never return: see NeverReturns). Conditional nodes ([Branch]) are If
// terminators, with outcomes true and false, and — unless
// Options.NoImplicitBranches is set — the implicit branches the symbolic
// executor forks at every instruction for which [MayPanic] holds, with
// outcomes ok and panic. Names are stable and printable: segments b3 and
// b3[5:], outcomes b1:true, b1:false, b2.i4:ok, b2.i4:panic (block index
// from ssa.BasicBlock.Index, instruction index in its Instrs).
//
// # Recover
//
// In a function with a deferred call, fn.Recover is where control
// resumes after a recovered panic. cdg takes every panic in such a
// function (a Panic terminator, the panic outcome of an implicit branch,
// a call that never returns by panicking) to fn.Recover instead of the
// exit: it is then no halt, and fn.Recover and what follows depend on
// the panic outcomes. Calls that exit the program or the goroutine
// (os.Exit, runtime.Goexit, t.FailNow) go to the exit regardless, since
// no recover catches them. For NeverReturns a function with a defer
// returns.
//
// # Algorithms
//
// Post-dominators are computed per function with Cooper, Harvey and
// Kennedy's algorithm on the reversed graph; nodes that cannot reach the
// exit (infinite loops) get a fake edge to it from their loop header,
// which counts for post-dominance but is no branch outcome. Control
// dependence follows Ferrante, Ottenstein and Warren. Both are checked
// against naive computations on random graphs in the tests.
//
// # Interprocedural
//
// [Analysis.ContextControllers] and [Analysis.ContextAncestors] answer
// for a segment in the context of a call stack: a branch that controls a
// call site controls the callee's segments in that context.
// [Analysis.Graph] builds the context-insensitive interprocedural graph
// of everything reachable from some roots, with call edges resolved by
// Options.Callees (default: static callees, and for interface method
// calls every type of the program that implements the interface), and
// halt edges from each function's [Func.HaltDeciders] to what runs after
// its call sites. [Relevance] tracks relevant branches on it as coverage
// grows, at a cost proportional to the change.
//
// # Reaching uncovered code
//
// The same graph has flow edges, where control may go next (flow.go),
// on which [Relevance.CanCover] tells whether a state, given where each
// activation of its call stack goes on from, may still run code of the
// roots' packages that is not covered: the code its tests are measured
// on.
//
// # One graph per package
//
// A function's graph is mostly its package's: a call through a func
// value leads to every entry point of the package and all they call.
// [Analysis.Relevance] builds one graph per package and gives each
// function a Relevance over the part of it the function reaches, which
// answers exactly as one over the function's own graph (closure.go).
package cdg
