package concrete

import "golang.org/x/tools/go/ssa"

// Edge is a control-flow edge between two blocks of one function.
type Edge struct{ From, To *ssa.BasicBlock }

// Test is a path's concrete test case.
type Test struct {
	// Args are the arguments, receiver first for a method.
	Args []Value
	// Results are what the function returned, when it returned.
	Results []Value
	// ErrMsgs holds, for each result of static type error that is not nil,
	// its Error() text (index-aligned with Results, "" elsewhere).
	ErrMsgs []string
	// Panics tells that the function panicked; PanicMsg is fmt.Sprint of the
	// panic value, when PanicMsgKnown.
	Panics        bool
	PanicMsg      string
	PanicMsgKnown bool
	// Replayed tells that the concrete replay followed the same blocks as
	// the symbolic path (it always should; a mismatch is an executor bug and
	// the test is dropped).
	Replayed bool
	// OrderDependent tells that the outcome depends on the order in which
	// maps are ranged over, which Go leaves unspecified: such a test would
	// be flaky, so it is not emitted.
	OrderDependent bool
	// Env is the environment the test must set before the call, nil when
	// the path read none (symbolic/outside/environ.go).
	Env *Env
	// Uncontrolled tells that the path's condition depends on values a
	// test cannot set (the clock, the call stack, the process's ids), so
	// Go may run the case down another path. Its results and messages
	// that depend on such values are left out already (Results holds an
	// opaque value, ErrMsgs ""), as for every path.
	Uncontrolled bool
	// SteadyBlocks and SteadyEdges, for an Uncontrolled test, are the
	// blocks and edges of the path that the replays with the uncontrolled
	// values at either end of their ranges entered too: those Go is
	// expected to enter whatever the values, the others (the digits of a
	// process id) it may not.
	SteadyBlocks []*ssa.BasicBlock
	SteadyEdges  []Edge
	// After is, when the function returned, what each argument that
	// points into memory (a pointer, the receiver included, a slice or a
	// map) points to after the call, index-aligned with Args: the
	// pointee, the slice's elements or the map's entries, as the call
	// left them. The zero Value (Kind
	// 0) where there is nothing to check: the argument is not a pointer
	// or a slice, or is nil; After is nil when the function panicked.
	After []Value
	// Before is what the same arguments pointed to when the function
	// started, once the inputs were built (symbolic/afterstate.go), so that a
	// writer tells what the call changed from what it left alone; set
	// with After.
	Before []Value
	// Kills are the mutants of the package's own code that this test
	// tells from the original (symbolic/mutants.go): replayed with the mutant in
	// place, the function returns other results, panics another way, or
	// no longer panics. Nil with the machine's Config.NoMutants.
	Kills []Mutant
}
