package inputs

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

func TestPastTheCutGivesCallersValuesToUnreadParts(t *testing.T) {
	read := expr.Var("p != nil", expr.BoolSort())
	unread := expr.Var("p.Next != nil", expr.BoolSort())
	choice := expr.BVVar("s.X.(type)", 8)
	n := expr.BVVar("n", 64)
	model := &expr.Values{Scalars: map[expr.Expr]uint64{read: 0, n: 7}}
	cond := []expr.Expr{expr.Not(read), expr.Eq(n, expr.Const(64, 7))}
	m := PastTheCut(model, cond)
	for _, c := range []struct {
		v    expr.Expr
		want uint64
	}{
		{read, 0},   // the path read it: the model's nil stays
		{unread, 1}, // never read: not nil
		{choice, 1}, // never chosen: the first type
		{n, 7},      // other variables: the model's
		{expr.BVVar("m", 64), 0},
	} {
		if got := m.Scalar(c.v); got != c.want {
			t.Errorf("%s = %d, want %d", c.v.Name(), got, c.want)
		}
	}
}
