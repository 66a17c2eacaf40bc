package machine

import (
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// A Model stands in for a function that has no Go body (assembly, or a
// linkname into the runtime), or whose Go body the executor cannot follow
// (it reinterprets memory through unsafe, or does pointer arithmetic). A
// function with a model always runs the model, body or not. It runs on
// the state s of the engine it was made for, gets the evaluated
// arguments and gives the results; ok=false means it dealt with the
// state itself (ended the path, or set the results of forked states).
type Model func(s *State, fn *ssa.Function, args []value.Value) (results []value.Value, ok bool)

// A ModelTable gives the model of a function, or nil. The machine asks it
// once per function (funcInfo); wiring.go's table holds the library
// models of package models and the outside's.
type ModelTable interface {
	Model(fn *ssa.Function) Model
}

// callModel runs the model of a function (see ModelTable), or, for a
// bodiless function without one, ends the path with
// reason "unmodelled:<name>".
func (e *Machine) callModel(s *State, instr ssa.CallInstruction, fn *ssa.Function, args []value.Value) {
	m := e.info(fn).model
	if m == nil {
		e.Finish(s, EndUnsupported, 0, "unmodelled:"+fn.String())
		return
	}
	if results, ok := m(s, fn, args); ok {
		e.SetResults(s, instr, results)
	}
}
