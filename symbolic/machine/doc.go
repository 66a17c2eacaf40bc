// Package machine is gosymtest's forking interpreter of Go SSA
// (golang.org/x/tools/go/ssa), whose values are terms of package expr.
// It follows KLEE (Cadar, Dunbar and Engler, OSDI 2008): states fork at
// symbolic branches, a searcher picks the next state, and a solver
// decides which sides are feasible. Package symbolic runs it, one
// function at a time.
//
// # Contracts
//
// The machine talks to the rest through small interfaces, and names none
// of the features that plug into it:
//   - solver.Solver decides queries. Each query counts as work.
//   - Searcher picks the next state. Package search holds the
//     strategies, after KLEE's.
//   - Pruner is the redundant-state detector's hook (prune.go). Package
//     detector implements it, after Bugrara and Engler (ATC 2013).
//   - Watchers hear its events: comparisons, decisions, arithmetic,
//     dereferences and path ends (observe.go).
//   - An InputProvider builds the inputs (inputprovider.go).
//   - The Outside stands for what a test cannot control (outside.go).
//   - A Tester makes the test of each ended path (tester.go).
//   - A ModelTable gives a function's model (models.go), and Refusals
//     the calls refused, given the functions that have models
//     (refuse.go).
//   - An OperatorHook changes operators on a mutant's replay
//     (operatorhook.go).
//
// Every finished path goes to a Sink as a PathEnd, with its replayed
// test (a concrete.Test) when it has one; PathEnd.Case gives the record
// the test writer takes.
// The Summary says what the exploration found. A State keeps, for the
// features, data the machine only hands on (State.Inputs, State.Watch,
// Outside's env, a frame's Fill).
//
// # States and memory
//
// A State is one path: a stack of frames, a memory and the path
// condition. Forking is cheap. Frames and the object map are shared copy
// on write, objects and values are immutable, and the path condition is
// a slice each state only appends to.
//
// Every path starts from the memory the package initialisers left, run
// once per run (init.go). A table a package builds on first use through
// sync.OnceValue is built once there too, when building it touches no
// package variable (onces.go; Inits.NoPrebuild turns that off).
//
// Values and memory are package value's data model, which the machine's
// features use too. Integers and bools are terms; a
// concrete value is a constant term, so concrete work never reaches the
// solver. Strings are bounded symbolic bytes with a symbolic length.
// Memory is a set of objects, each an immutable value tree; a pointer
// names an object and a path of field and element indices. Arrays are
// persistent vectors. A map is an object holding its entries; a symbolic
// key forks on key equality. A load at a symbolic index becomes an
// if-then-else over the elements it may select (symindex.go; value's
// symindex.go and consttable.go). It forks only where the elements
// cannot be merged.
//
// Runtime panics are branches. A nil dereference, an index out of range,
// a division by zero and the other run-time errors are checked with the
// solver; where the check can fail, a forked state panics with Go's
// message. Panics unwind through deferred calls and can be recovered.
//
// # Pruning
//
// With Config.Pruner, the engine describes every step to the detector
// as Events: the locations it read and wrote (prunehook.go). The
// detector reads a state only through pruneview.go. Its verdict is Keep,
// Later, Wait or Prune. The Tester may still test a pruned state
// (Tester.Pruned). A pruned state never makes an exploration less
// exhaustive. Without a Pruner none of this runs.
//
// A Pruner that is also a Finisher ends a round's search early, once
// the search has spent an eighth of its work bound, when no pending
// state may still give a test worth keeping: none can reach code or an
// if's edge that no test covers (finishrule.go). The states left end as
// cut (EndBudget, FinishedReason), the runs to the end still test the
// blocks they entered, and the exploration is not exhausted.
// Config.NoFinishEarly turns the rule off.
//
// # Limits
//
//   - A 64-bit platform: int is 64 bits.
//   - One goroutine. A go statement, or an operation only another
//     goroutine could unblock, ends the path as unsupported (chans.go).
//   - Floats are concrete values, float inputs included.
//   - A function without a Go body needs a model from the ModelTable.
//     An unmodelled one ends the path with reason "unmodelled:<name>".
//   - Reflection is modelled only where errors and fmt need it on their
//     common paths (package models lists what). Any other use of a type
//     descriptor stops the path, which names what it read (typedesc.go).
//   - Unsafe is followed as the standard library uses it (unsafe.go).
//     Pointer arithmetic ends the path.
//   - A call that makes a system call, touches the network or the file
//     system, or sleeps is refused, unless a model stands in for it
//     (the environment, the process's ids: package outside). A call is
//     refused for what its callee does, not for its package: the pure
//     functions of net and os (net.ParseIP, os.Expand) are followed
//     (refuse.go).
//
// A path that meets a limit records why. It then backs no claim of
// exhaustiveness, and so no proof of dead code.
package machine
