package pick

import (
	"context"
	"fmt"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// elem is the name the executor gives element i of the input called name.
func elem(name string, i int) string { return fmt.Sprintf("%s[%d]", name, i) }

func newZ3(t *testing.T) *z3.Solver {
	t.Helper()
	z3, err := z3.New(z3.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { z3.Close() })
	return z3
}

// otherModels answers as the solver it wraps does, but where a query has
// a model it gives another one when there is one: a second solver whose
// models differ from the first's.
type otherModels struct{ solver.Solver }

func (o otherModels) Check(ctx context.Context, q solver.Query) solver.Response {
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
