package symbolic

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/models"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// A model stands in for a function that has no Go body (assembly, or a
// linkname into the runtime), or whose Go body the executor cannot follow
// (it reinterprets memory through unsafe, or does pointer arithmetic). A
// function with a model always runs the model, body or not. It gets the
// evaluated arguments and gives the results; ok=false means it dealt with
// the state itself (ended the path, or set the results of forked states).
type model func(e *Engine, s *State, fn *ssa.Function, args []value.Value) (results []value.Value, ok bool)

// memoryModels are the models that still take the whole engine (the
// standard streams, the environment, the calls a test cannot control),
// keyed by the function's full name. The library models that a narrow
// handle serves, reflection's among them, are in package models. They are
// filled in init because some models call back into the interpreter,
// which looks models up.
var memoryModels map[string]model

func init() {
	memoryModels = map[string]model{}
	for _, more := range []map[string]model{streamModels(), uncontrolledModels(), envModels()} {
		for name, m := range more {
			memoryModels[name] = m
		}
	}
}

// modelFor is the model of fn, or nil: one of memoryModels, or package
// models' (TestModelTablesAreDisjoint keeps the two apart).
func modelFor(fn *ssa.Function) model {
	if m, ok := memoryModels[fn.String()]; ok {
		return m
	}
	if m := models.Lookup(fn); m != nil {
		return func(e *Engine, s *State, fn *ssa.Function, args []value.Value) ([]value.Value, bool) {
			return m(modelHandle{e, s}, fn, args)
		}
	}
	return nil
}

// callModel runs the model of a function (see modelFor), or, for a
// bodiless function without one, ends the path with
// reason "unmodelled:<name>".
func (e *Engine) callModel(s *State, instr ssa.CallInstruction, fn *ssa.Function, args []value.Value) {
	m := e.info(fn).model
	if m == nil {
		e.finish(s, EndUnsupported, 0, "unmodelled:"+fn.String())
		return
	}
	if results, ok := m(e, s, fn, args); ok {
		e.setResults(s, instr, results)
	}
}

func one(x expr.Expr) []value.Value { return []value.Value{value.Scalar{E: x}} }
