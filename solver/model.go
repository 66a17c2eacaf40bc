package solver

import "github.com/gosymtest/gosymtest/symbolic/expr"

// Helpers for the models that layers reuse: a model is only ever given
// for a query after evaluation shows that it satisfies every constraint,
// and it is cut down to the query's own variables, as Z3's would be.

// satisfies reports whether m makes every constraint true, by
// evaluation. evaluable is false when a constraint cannot be evaluated
// (expr.Eval does not compare arrays): such a model is not trusted. The
// constraints are tried from the last, the one a branch just added and
// the likeliest to fail.
func satisfies(cs []expr.Expr, m *expr.Values) (ok, evaluable bool) {
	if m == nil {
		return false, true
	}
	defer func() {
		if recover() != nil {
			ok, evaluable = false, false
		}
	}()
	ev := expr.NewEvaluator(m)
	for i := len(cs) - 1; i >= 0; i-- {
		if ev.Eval(cs[i]) != 1 {
			return false, true
		}
	}
	return true, true
}

// modelHolds is satisfies for a model that must be trusted: true only when it
// evaluates and satisfies.
func modelHolds(cs []expr.Expr, m *expr.Values) bool {
	ok, _ := satisfies(cs, m)
	return ok
}

// project is the model m restricted to vars, with a value for each: the
// one m gives (0, or an all-zero array, where m says nothing, which is
// also what evaluation under m used). Array values are shared with m:
// models are never changed once made.
func project(m *expr.Values, vars []expr.Expr) *expr.Values {
	out := &expr.Values{Scalars: make(map[expr.Expr]uint64, len(vars))}
	for _, v := range vars {
		if v.Sort().IsArray() {
			if out.Arrays == nil {
				out.Arrays = make(map[expr.Expr]expr.ArrayValue)
			}
			out.Arrays[v] = m.Arrays[v]
			continue
		}
		out.Scalars[v] = m.Scalar(v)
	}
	return out
}

// covers reports whether m gives every variable of vars a value.
func covers(m *expr.Values, vars []expr.Expr) bool {
	for _, v := range vars {
		_, scalar := m.Scalars[v]
		_, array := m.Arrays[v]
		if !scalar && !array {
			return false
		}
	}
	return true
}

// emptyModel is the model of a query without variables.
func emptyModel() *expr.Values { return &expr.Values{Scalars: map[expr.Expr]uint64{}} }

// wellFormed reports whether every constraint is a Bool term. A layer
// passes any other query on untouched, for the core to refuse with its
// reason.
func wellFormed(q Query) bool {
	for _, c := range q.Constraints {
		if !c.IsValid() || !c.Sort().IsBool() {
			return false
		}
	}
	return true
}
