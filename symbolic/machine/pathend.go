package machine

import (
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// EndKind is how a path ended. The set is closed: every path ends in
// exactly one of these.
type EndKind uint8

const (
	// EndReturn: the function under test returned.
	EndReturn EndKind = iota + 1
	// EndPanic: a panic left the function under test (see PanicKind).
	EndPanic
	// EndBudget: the time or path budget ran out before the path finished.
	EndBudget
	// EndDepth: the path exceeded the decision, step or call-depth bound.
	EndDepth
	// EndUnsupported: the path reached something the executor does not
	// model (Reason says what: "unsupported:<feature>" or
	// "unmodelled:<function>").
	EndUnsupported
	// EndSolverUnknown: the solver could not decide a branch on this path.
	EndSolverUnknown
	// EndInternal: a bug in the executor stopped the path (Reason has it).
	EndInternal
	// EndPruned: the Pruner found the state redundant (prune.go). Only a
	// Pruner sees this kind: such a state is not a path of the Summary
	// and never reaches a Sink; when it had entered a block no test
	// enters, its inputs are run to the end concretely, which gives an
	// ordinary path.
	EndPruned
)

var endKindNames = [...]string{
	EndReturn: "return", EndPanic: "panic", EndBudget: "budget", EndDepth: "depth",
	EndUnsupported: "unsupported", EndSolverUnknown: "solver-unknown", EndInternal: "internal", EndPruned: "pruned",
}

func (k EndKind) String() string {
	if int(k) < len(endKindNames) && endKindNames[k] != "" {
		return endKindNames[k]
	}
	return "invalid"
}

// PanicKind says what raised a panic.
type PanicKind uint8

const (
	PanicExplicit   PanicKind = iota + 1 // a call of panic()
	PanicNilDeref                        // nil pointer dereference
	PanicIndex                           // index out of range
	PanicSlice                           // slice bounds out of range
	PanicDivide                          // integer division by zero
	PanicShift                           // negative shift amount
	PanicTypeAssert                      // failed type assertion
	PanicNilMap                          // assignment to entry in nil map
	PanicNilFunc                         // call of a nil func
	PanicOther                           // another runtime error (e.g. comparing uncomparable values)
	PanicChan                            // a closed or nil channel, or makechan's size
)

var panicKindNames = [...]string{
	PanicExplicit: "panic", PanicNilDeref: "nil dereference", PanicIndex: "index out of range",
	PanicSlice: "slice bounds out of range", PanicDivide: "integer divide by zero",
	PanicShift: "negative shift amount", PanicTypeAssert: "failed type assertion",
	PanicNilMap: "assignment to entry in nil map", PanicNilFunc: "call of nil func",
	PanicOther: "runtime error", PanicChan: "channel misuse",
}

func (k PanicKind) String() string {
	if int(k) < len(panicKindNames) && panicKindNames[k] != "" {
		return panicKindNames[k]
	}
	return "invalid"
}

// PathEnd describes a finished path, as handed to a Sink.
type PathEnd struct {
	Func   *ssa.Function
	Kind   EndKind
	Panic  PanicKind // when Kind is EndPanic
	Reason string    // for EndUnsupported, EndSolverUnknown, EndInternal, EndDepth, EndBudget

	// Condition is the path condition and Pins its readable form.
	Condition []expr.Expr
	Pins      []string
	// Branches are the path's decisions at ssa.Ifs in source terms, in
	// path order; those the source cannot say are only in Pins.
	Branches []concrete.Branch
	// Blocks are the basic blocks the path entered, each once, in order of
	// first entry; Edges the control-flow edges it took inside functions,
	// likewise. A statement such as continue has no block of its own, only
	// an edge, so tests are chosen by both.
	Blocks []*ssa.BasicBlock
	Edges  []Edge
	// Concretized lists where the path lost generality.
	Concretized []string

	// Boundary is set on a boundary case (boundary.go): a concrete run on
	// inputs that put the operands of a comparison some path decided at
	// its boundary ("score == 90, the boundary of score >= 90") or one
	// past it ("score == 89, one past the boundary of score >= 90"). Such
	// an end is an extra test, not a path of the exploration: Kind, Blocks
	// and Edges are those of the run, Pins (and the other fields) those of
	// the explored path the run took, or the boundary text alone when it
	// took none; it is not counted in the Summary.
	Boundary string
	// Infection is set on an infection case (infection.go): a concrete
	// run made for an arithmetic mutant that no other test kills, and
	// which this one does. It too is an extra test, with the fields of
	// the explored path it took, or its pin alone.
	Infection bool
	// Propagation is set on a propagation case (propagation.go): a
	// concrete run on other values of an explored path whose test
	// infected a mutant that no test kills, and which this one kills;
	// likewise an extra test.
	Propagation bool

	// Test is the concrete test for this path: inputs from a model of the
	// path condition and the outcome of replaying them. It is nil when the
	// path has no test (it did not finish, or no model could be found).
	Test *Test
}

// Edge is a control-flow edge between two blocks of one function.
type Edge struct{ From, To *ssa.BasicBlock }

// Test is a path's concrete test case.
type Test struct {
	// Args are the arguments, receiver first for a method.
	Args []concrete.Value
	// Results are what the function returned, when it returned.
	Results []concrete.Value
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
	// the path read none (environ.go).
	Env *concrete.Env
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
	After []concrete.Value
	// Before is what the same arguments pointed to when the function
	// started, once the inputs were built (afterstate.go), so that a
	// writer tells what the call changed from what it left alone; set
	// with After.
	Before []concrete.Value
	// Kills are the mutants of the package's own code that this test
	// tells from the original (mutants.go): replayed with the mutant in
	// place, the function returns other results, panics another way, or
	// no longer panics. Nil with Config.NoMutants.
	Kills []concrete.Mutant
}

// Sink receives finished paths. The executor never writes files: whatever
// is done with a path (tests, reports, statistics) is done by a Sink.
type Sink interface {
	PathEnded(*PathEnd)
}

// SinkFunc adapts a function to the Sink interface.
type SinkFunc func(*PathEnd)

// PathEnded implements Sink.
func (f SinkFunc) PathEnded(p *PathEnd) { f(p) }
