package symbolic

import (
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/models"
	"github.com/gosymtest/gosymtest/symbolic/outside"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// The engine's model table: the outside's models (package outside), and
// the library models of package models, each on a narrow handle
// (modelhandle.go). The two halves name different functions
// (outside's TestModelTablesAreDisjoint), so that the order of the
// lookups decides nothing.

// hasModel reports whether fn has a model in the table.
func hasModel(fn *ssa.Function) bool {
	return outside.Has(fn) || models.Lookup(fn) != nil
}

// refusals are the calls every engine refuses, and SkipReason: those of
// functions without a model that make a system call, or touch the network
// or the file system (machine's refuse.go). One for the process, since
// the models are; it keeps what it learns of each function it walks, and
// a run loads one program.
var refusals = machine.NewRefusals(hasModel)

// engineModels is the model table of the engine e: each model bound to
// it.
type engineModels struct{ e *Engine }

func (t engineModels) Model(fn *ssa.Function) machine.Model {
	e := t.e
	if m := e.out.Model(fn); m != nil {
		return m
	}
	if lm := models.Lookup(fn); lm != nil {
		return func(s *machine.State, fn *ssa.Function, args []value.Value) ([]value.Value, bool) {
			return lm(modelHandle{e, s}, fn, args)
		}
	}
	return nil
}
