package outside

import (
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// A model is one of the outside's models: the standard streams, the
// environment, the calls a test cannot control.
type model func(e *Outside, s *machine.State, fn *ssa.Function, args []value.Value) (results []value.Value, ok bool)

// memoryModels are the outside's models, keyed by the function's full
// name. They are filled in init because some models call back into the
// interpreter, which looks models up.
var memoryModels map[string]model

func init() {
	memoryModels = map[string]model{}
	for _, more := range []map[string]model{streamModels(), uncontrolledModels(), envModels()} {
		for name, m := range more {
			memoryModels[name] = m
		}
	}
}

// Has reports whether the outside has a model of fn.
func Has(fn *ssa.Function) bool {
	_, ok := memoryModels[fn.String()]
	return ok
}

// Model is the outside's model of fn, bound to o; nil when it has none.
func (o *Outside) Model(fn *ssa.Function) machine.Model {
	em, ok := memoryModels[fn.String()]
	if !ok {
		return nil
	}
	return func(s *machine.State, fn *ssa.Function, args []value.Value) ([]value.Value, bool) {
		return em(o, s, fn, args)
	}
}
