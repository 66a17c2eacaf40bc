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
	Edges  []concrete.Edge
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
	// Word is set on a dictionary case (dictionary.go): a concrete run
	// with the parameter it names set to one of the package's words. It
	// too is an extra test, with the fields of the explored path it
	// took, or no pin when it took none.
	Word string

	// Test is the concrete test for this path: inputs from a model of the
	// path condition and the outcome of replaying them. It is nil when the
	// path has no test (it did not finish, or no model could be found).
	Test *concrete.Test
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
