// Package symbolic is gosymtest's executor: a forking interpreter of Go
// SSA (golang.org/x/tools/go/ssa) whose values are terms of package expr.
// It follows KLEE (Cadar, Dunbar and Engler, OSDI 2008): states fork at
// symbolic branches, a searcher picks the next state, and a solver
// decides which sides are feasible.
//
// # Contracts
//
// An Engine explores one function at a time (Explore). It never writes a
// file. Every finished path goes to a Sink as a PathEnd, with its test
// case when it has one (PathEnd.Case gives the record the test writer
// takes). The Summary says what the exploration found.
//
// The engine talks to the rest through small interfaces:
//   - solver.Solver decides queries. The engine counts each query as work.
//   - Searcher picks the next state: "covnew" (the default) alternates a
//     coverage-seeking pick with a random-path pick, as KLEE does; "dfs",
//     "bfs" and "random-path" are the others (search.go).
//   - Pruner is the redundant-state detector's hook (prune.go). Package
//     detector implements it, after Bugrara and Engler (ATC 2013).
//   - Package pick chooses the model a test is written from.
//   - Package models holds library models. Each gets a models.Machine,
//     a narrow handle on its state (modelhandle.go), not the engine.
//
// The Machine is the interpreter: its states, memory and search
// (engine.go, state.go, interp.go and the files they call). An Engine is
// the Machine with the engine's own features plugged in (explore.go),
// and keeps their state. The Machine names none of those features:
//   - watchers hear its events: comparisons, decisions, arithmetic and
//     path ends (observe.go);
//   - an input provider builds the inputs (inputprovider.go);
//   - the outside stands for what a test cannot control (outside.go);
//   - a tester makes the test of each ended path (tester.go);
//   - a model table gives a function's model (models.go);
//   - an operator hook changes operators on a mutant's replay
//     (operatorhook.go).
//
// wiring.go, engineinputs.go and modeltable.go plug them in.
//
// # States and memory
//
// A State is one path: a stack of frames, a memory and the path
// condition. Forking is cheap. Frames and the object map are shared copy
// on write, objects and values are immutable, and the path condition is
// a slice each state only appends to.
//
// Values and memory are package value's data model, which the library
// models and the input builders use too. Integers and bools are terms; a
// concrete value is a constant term, so concrete work never reaches the
// solver. Strings are bounded symbolic bytes with a symbolic length.
// Memory is a set of objects, each an immutable value tree; a pointer
// names an object and a path of field and element indices. Arrays are
// persistent vectors. A map is an object holding its entries; a symbolic
// key forks on key equality. A load at a symbolic index becomes an
// if-then-else over the elements it may select (symindex.go; value's
// consttable.go); it forks only where the elements cannot be merged.
//
// Runtime panics are branches. A nil dereference, an index out of range,
// a division by zero and the other run-time errors are checked with the
// solver; where the check can fail, a forked state panics with Go's
// message. Panics unwind through deferred calls and can be recovered.
//
// # Inputs
//
// Parameters get symbolic values named by their Go access paths: "p.X",
// "len(s)", "s[2]". Strings have up to Bounds.MaxLen bytes, slices and
// maps up to Bounds.MaxElems elements, and pointers and structs nest up
// to Bounds.MaxDepth. A bound grows, up to GrowLen and GrowElems, when a
// branch of the package needs a larger input (inputbounds.go).
//
// Some inputs take one of a few shapes, each in a state of its own:
//   - an interface: nil, or one of up to four types of the program that
//     implement it (ifaceinputs.go);
//   - a float: candidate values such as 0, ±1, NaN and the constants the
//     function compares with (floatinputs.go);
//   - a func: nil, or a constant function (funcinputs.go);
//   - a channel: nil, or new and unbuffered (chaninputs.go);
//   - a type with unexported fields: made by its package's constructor
//     (ctorinputs.go); an io.Reader, io.Writer or error by the usual
//     values, including readers and writers that fail (iofail.go).
//
// The process environment is an input too (environ.go, envwrite.go): the
// test sets what the path assumed with t.Setenv. Values no test can set
// (the clock, the call stack, process ids, crypto/rand's bytes) are
// uncontrolled (uncontrolled.go): fresh variables within the range the
// real call keeps to. What depends on them is not asserted.
//
// # What a path gives
//
// A path that returned or panicked gets a model of its condition, from
// package pick. The engine replays those inputs concretely and records
// the outcome: results, panic, error messages, and what pointer, slice
// and map arguments hold before and after the call (afterstate.go). A
// replay that leaves the path is an executor bug: no test.
//
// A path cut by a bound or the budget is not lost. Its inputs run
// concretely to the end, and a run that terminates gives a test
// (runtoend.go). Such runs take a canonical model, which depends on the
// condition alone.
//
// A path's decisions are kept as pins rebuilt from SSA and as Branches
// in source terms, "parse.go:42: s[0] == 'v'" (package source).
//
// # Passes after exploration
//
// When a function's exploration ends, the passes of afterPasses run in
// order (passes.go). Each makes extra cases from what the exploration
// found, bounded by counts and work, never by time:
//   - run to the end: tests for blocks only cut paths entered;
//   - boundaries: the operands of a decided comparison at its boundary
//     and one past it (boundary.go);
//   - infection: inputs that make an arithmetic mutant compute another
//     value, after DeMillo and Offutt's constraint-based testing
//     (infection.go);
//   - propagation: other values for a path whose test infected a
//     mutant but did not kill it (propagation.go).
//
// Every test is also weighed against the mutants of the package's own
// operators, as gremlins makes them (mutants.go, mutantops.go). A mutant
// a test tells from the original is in Test.Kills, so that the writer
// can keep a case that catches a bug no other case catches.
//
// # Pruning
//
// With Config.Pruner, the engine describes every step to the detector
// as Events: the locations it read and wrote (prunehook.go). The
// detector reads a state only through pruneview.go. Its verdict is Keep,
// Later, Wait or Prune. A pruned state's inputs still run to the end when
// it entered a block no test enters. A pruned state never makes an
// exploration less exhaustive. Without a Pruner none of this runs.
//
// # Limits
//
//   - A 64-bit platform: int is 64 bits.
//   - One goroutine. A go statement, or an operation only another
//     goroutine could unblock, ends the path as unsupported (chans.go).
//   - Floats are concrete values, float inputs included.
//   - A function without a Go body needs a model: one of package
//     models, behind a narrow handle (modelhandle.go), or one of the
//     outside's, which take the engine (modeltable.go). An unmodelled
//     one ends the path with reason "unmodelled:<name>".
//   - Reflection is modelled only where errors and fmt need it on their
//     common paths (package models lists what). Any other use of a type
//     descriptor stops the path, which names what it read (typedesc.go).
//   - Unsafe is followed as the standard library uses it (unsafe.go).
//     Pointer arithmetic ends the path.
//   - Calls into os, net, syscall and time.Sleep are refused, except the
//     environment and the uncontrolled values above (SkipReason).
//
// A path that meets a limit records why. It then backs no claim of
// exhaustiveness, and so no proof of dead code.
package symbolic
