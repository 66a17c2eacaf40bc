package z3test

import (
	"context"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// OtherModels answers as the solver it wraps does, but where a query has
// a model it gives another one where there is one: the solver asked
// again with some variable of the query kept off its first value. A
// cache that answers with a model it stored for another query, and Z3
// after other queries, give such other models too; tests use this to
// show that what they check does not depend on which model comes.
type OtherModels struct{ solver.Solver }

// Check answers q with another model than the wrapped solver's first.
func (o OtherModels) Check(ctx context.Context, q solver.Query) solver.Response {
	first := o.Solver.Check(ctx, q)
	if first.Result != solver.Sat {
		return first
	}
	var moved []expr.Expr
	for _, v := range expr.Vars(q.Constraints...) {
		if v.Sort().IsBV() {
			moved = append(moved, expr.Ne(v, expr.Const(v.Width(), expr.Eval(v, first.Model))))
		}
	}
	if len(moved) == 0 {
		return first
	}
	again := q
	again.Constraints = append(q.Constraints[:len(q.Constraints):len(q.Constraints)], expr.Or(moved...))
	if other := o.Solver.Check(ctx, again); other.Result == solver.Sat {
		return other
	}
	return first
}
