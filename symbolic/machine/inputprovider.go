package machine

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// InputProvider is the machine's contract for input construction: the
// one way the interpreter asks for the inputs of the function under test,
// and tells their builder what their construction needs to know. The
// machine names no input helper; it holds its provider in
// Machine.Inputs (package inputs' engineInputs implements it). The
// rounds of exploration, their initial states and the growth between
// them are the Engine's (symbolic/explore.go), not the machine's.
type InputProvider interface {
	// InitInputs are the inputs of a run of package initialisers, which
	// have no parameters: a builder that makes variables, for the library
	// models that build inputs of their own.
	InitInputs() any

	// Lazy builds the part of an input that v stands for, on its first
	// read.
	Lazy(s *State, v value.Lazy) value.Value
	// FloatInput is the value on s of the float input o, which s chooses
	// on its first computation with it.
	FloatInput(s *State, o value.Opaque) float64

	// CallFunc runs a call of the func input f, whose results go to
	// instr (none for a deferred call).
	CallFunc(s *State, instr ssa.CallInstruction, f *value.FuncInput)
	// RunsMethodsOf reports whether the methods of dynamic type t are the
	// provider's to run (callMethod): a type the test file declares, of
	// which the program has no code.
	RunsMethodsOf(t types.Type) bool
	// CallMethod runs a method call on recv, whose dynamic type the
	// provider runs the methods of; its results go to instr.
	CallMethod(s *State, instr ssa.CallInstruction, recv value.Interface)
	// PrologueReturned and prologuePanicked are told that the prologue
	// frame f, a constructor call making an input (frame.fill), returned
	// results, or that a panic left it.
	PrologueReturned(s *State, f *Frame, results []value.Value)
	ProloguePanicked(s *State, f *Frame)

	// ChanUsed is told that s operates on the channel input called name.
	ChanUsed(s *State, name string)
	// NilnessOf names the input whose nilness (its "not nil" variable) is
	// nonNil, and tells whether the input is nil for a nesting bound; ok
	// is false for any other condition (nilinputs.go).
	NilnessOf(nonNil expr.Expr) (name string, bound, ok bool)
	// NilPin is the pin, in the tests' comments, of a branch on whether
	// the input called name is not nil.
	NilPin(name string) string

	// SizeBound records that the machine assumed within, a bound max on
	// size that excess exceeds, and that the bound cannot grow: a branch
	// side it cuts is cut by the bounds (infeasible).
	SizeBound(within, excess, size expr.Expr, max int)
	// Infeasible is told that side is infeasible on s (the solver said
	// Unsat to s's condition and side): the provider records whether
	// inputs beyond their size bounds could take it, or plans their
	// growth.
	Infeasible(s *State, side expr.Expr)
	// ForkedValue is told that pin fixes a value to one of the values
	// states were forked for: a state's siblings hold the others.
	ForkedValue(pin expr.Expr)
	// ValuesCut is told that the values s is about to be forked into are
	// all a value takes on s: rest (the value is none of them) is
	// infeasible. The provider notes whether inputs beyond their size
	// bounds give it other values, for a growth of those bounds.
	ValuesCut(s *State, rest expr.Expr)

	// GrowthDue tells whether the round should give way to the next one
	// with the larger input bounds it asked for, before it has run out
	// of states.
	GrowthDue() bool
}
