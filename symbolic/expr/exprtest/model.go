package exprtest

import (
	"fmt"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// CheckModel says what is wrong with m as a model of constraints, or nil:
// it must give every variable of the constraints a value and make every
// constraint true, as expr.Eval computes it. It returns an error rather
// than failing a test so that package solver's tests and its backends'
// can each wrap it with their own Response type.
func CheckModel(constraints []expr.Expr, m *expr.Values) error {
	if m == nil {
		return fmt.Errorf("no model")
	}
	for _, v := range expr.Vars(constraints...) {
		_, scalar := m.Scalars[v]
		_, array := m.Arrays[v]
		if !scalar && !array {
			return fmt.Errorf("the model has no value for %v", v)
		}
	}
	for _, c := range constraints {
		if hasArrayEq(c) {
			continue // expr.Eval does not compare arrays
		}
		if !expr.EvalBool(c, m) {
			return fmt.Errorf("the model (%v, arrays %v) does not satisfy %v", m.Scalars, m.Arrays, c)
		}
	}
	return nil
}

func hasArrayEq(e expr.Expr) bool {
	if e.Op() == expr.OpEq && e.Arg(0).Sort().IsArray() {
		return true
	}
	for i := range e.NumArgs() {
		if hasArrayEq(e.Arg(i)) {
			return true
		}
	}
	return false
}
