package symbolic

import (
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/models"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// The engine's model table: the library models of package models, each
// on a narrow handle (modelhandle.go), and the outside's models, which
// take the whole engine.

// An engineModel is one of the outside's models: the standard streams,
// the environment, the calls a test cannot control.
type engineModel func(e *Engine, s *machine.State, fn *ssa.Function, args []value.Value) (results []value.Value, ok bool)

// memoryModels are the outside's models, keyed by the function's full
// name. They are filled in init because some models call back into the
// interpreter, which looks models up.
var memoryModels map[string]engineModel

func init() {
	memoryModels = map[string]engineModel{}
	for _, more := range []map[string]engineModel{streamModels(), uncontrolledModels(), envModels()} {
		for name, m := range more {
			memoryModels[name] = m
		}
	}
}

// lookupModel finds fn's model in one of the table's halves: the
// outside's (em) or package models' (lm), or neither. The two halves name
// different functions (TestModelTablesAreDisjoint), so that the order of
// the lookups decides nothing.
func lookupModel(fn *ssa.Function) (em engineModel, lm models.Func) {
	if m, ok := memoryModels[fn.String()]; ok {
		return m, nil
	}
	return nil, models.Lookup(fn)
}

// hasModel reports whether fn has a model in the table.
func hasModel(fn *ssa.Function) bool {
	em, lm := lookupModel(fn)
	return em != nil || lm != nil
}

// engineModels is the model table of the engine e: each model bound to
// it.
type engineModels struct{ e *Engine }

func (t engineModels) Model(fn *ssa.Function) machine.Model {
	e := t.e
	em, lm := lookupModel(fn)
	switch {
	case em != nil:
		return func(s *machine.State, fn *ssa.Function, args []value.Value) ([]value.Value, bool) {
			return em(e, s, fn, args)
		}
	case lm != nil:
		return func(s *machine.State, fn *ssa.Function, args []value.Value) ([]value.Value, bool) {
			return lm(modelHandle{e, s}, fn, args)
		}
	}
	return nil
}
