// Package symbolic explores a function symbolically and makes the test
// cases of its paths. An Engine is package machine's interpreter with
// the engine's own features plugged into its contracts: the inputs, the
// outside, the tests of paths, the library models, and the passes after
// exploration. It explores one function at a time (Explore) and never
// writes a file.
//
// Input construction is package inputs, and the outside (the
// environment, the standard streams, the values no test can set) is
// package outside. The other features are files of this package: tests
// of paths (testcase.go, afterstate.go, sentinel.go), the passes
// (passes.go and the files it names) and the model table (modeltable.go:
// the outside's models, and package models' library models on a narrow
// handle, modelhandle.go). wiring.go plugs in the watchers and the
// tester, and gives package outside the test-case code it calls back.
// Package pick chooses the model a test is written from.
//
// # Inputs
//
// Parameters get symbolic values named by their Go access paths: "p.X",
// "len(s)", "s[2]". Package inputs builds them, within size bounds that
// grow between rounds of exploration; its doc says how. The Engine holds
// an inputs.Builder, set as the machine's input provider.
//
// The process environment is an input too (package outside): the test
// sets what the path assumed with t.Setenv. Values no test can set (the
// clock, the call stack, process ids, crypto/rand's bytes) are
// uncontrolled (package outside): fresh variables within the range the
// real call keeps to. What depends on them is not asserted. The Engine
// holds an outside.Outside, set as the machine's outside.
//
// # What a path gives
//
// A path that returned or panicked gets a model of its condition, from
// package pick. The engine replays those inputs concretely and records
// the outcome: results, panic, error messages, and what pointer, slice
// and map arguments hold before and after the call (afterstate.go). A
// result or pointee of the package's type with unexported fields also
// gets what its String method and exported getters return on it
// (views.go), and the values a walk through its navigation methods
// collects (walks.go): what the test checks of it. A writer pointee made
// over a bytes.Buffer also gets the text that reached the buffer, after
// its Flush (output.go). A replay that leaves the path is an executor
// bug: no test.
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
//   - dictionary: string and []byte parameters set to the package's
//     words (package dictionary), for what no test entered, or a
//     parser's first success (wordcases.go);
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
package symbolic
