package solver_test

import (
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3"
)

// plainZ3 is a Z3 with no options: the core of the explorations here, and
// the oracle that validation asks.
func plainZ3() (solver.Solver, error) { return z3.New(z3.Options{}) }

// The layer tests of package solver run their chains over a real Z3 and
// compare with one; they get it through solver.PlainZ3 (helpers_test.go).
func init() { solver.PlainZ3 = plainZ3 }
