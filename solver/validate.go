package solver

import (
	"context"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// validator checks the answers that layers give instead of the core
// (ChainOptions.Validate) against a Z3 of its own, which ChainOptions.Oracle
// makes on first use: the core's state, and so its later answers, must not
// depend on whether validation is on.
type validator struct {
	oracle func() (Solver, error)
	z      Solver
	err    error // why the Z3 could not be made, if it could not
}

// check returns the right answer for q and whether r was wrong. A Sat
// answer is checked by evaluation, and by Z3 only when its model fails or
// cannot be evaluated; an Unsat one by Z3. An Unknown one (a reused
// resource-limit answer) is not checked: with a limit, Z3's answer
// depends on what it saw before. When Z3 cannot decide, r stands.
func (v *validator) check(ctx context.Context, q Query, r Response) (Response, bool) {
	switch r.Result {
	case Sat:
		vars := expr.Vars(q.Constraints...)
		ok, evaluable := satisfies(q.Constraints, r.Model)
		if ok && covers(r.Model, vars) {
			return r, false
		}
		if evaluable {
			// A model that evaluates false, or lacks a variable, is wrong
			// whatever Z3 says.
			return v.ask(ctx, q), true
		}
		if z := v.ask(ctx, q); z.Result == Unsat {
			return z, true
		}
		return r, false
	case Unsat:
		if z := v.ask(ctx, q); z.Result == Sat {
			return z, true
		}
	}
	return r, false
}

// ask is Z3's answer to q, within q's resource limit: a query that needed
// one would take the validator as long as it took the core. Z3's answer
// is used only when it decides: a model, or Unsat, proves itself.
func (v *validator) ask(ctx context.Context, q Query) Response {
	if v.z == nil && v.err == nil {
		v.z, v.err = v.oracle()
	}
	if v.err != nil {
		return unknown("validation: " + v.err.Error())
	}
	return v.z.Check(ctx, q)
}

func (v *validator) close() {
	if v.z != nil {
		v.z.Close()
	}
}
