package solver

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

func TestCexUnsatSubset(t *testing.T) {
	lo, hi := expr.Ult(x8, c8(3)), expr.Ult(c8(5), x8)
	other := expr.Eq(y8, c8(1))
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerCex), Validate: true})
	mustResult(t, c, query(lo, hi), Unsat)
	// Any superset of a Unsat set, in any order, is Unsat.
	mustResult(t, c, query(other, hi, expr.Ult(y8, x8), lo), Unsat)
	mustResult(t, c, query(hi, lo), Unsat)
	if len(rec.queries) != 1 {
		t.Fatalf("%d queries reached the core, want 1", len(rec.queries))
	}
	// A set that misses one of them is not.
	mustResult(t, c, query(other, hi), Sat)
	if st := layerStats(t, c, LayerCex); st.Queries != 4 || st.Answered != 2 || st.Wrong != 0 {
		t.Errorf("stats %+v, want 4 queries, 2 answered", st)
	}
}

func TestCexSatSupersetAndModels(t *testing.T) {
	a, b := expr.Ult(x8, c8(100)), expr.Eq(y8, expr.Add(x8, c8(7)))
	cond := expr.Ult(c8(50), y8)
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerCex), Validate: true})
	big := mustResult(t, c, query(a, b, cond), Sat)
	// A subset: the superset's model answers, cut to the query's
	// variables.
	r := mustResult(t, c, query(a), Sat)
	if len(rec.queries) != 1 {
		t.Fatalf("a subset of a Sat set reached the core")
	}
	if len(r.Model.Scalars) != 1 || r.Model.Scalars[x8] != big.Model.Scalars[x8] {
		t.Errorf("model %v, want x of %v alone", r.Model.Scalars, big.Model.Scalars)
	}
	// Not a subset, but the model satisfies it: found by evaluation.
	weaker := expr.Ule(x8, c8(200))
	mustResult(t, c, query(weaker, expr.Ne(y8, c8(0))), Sat)
	if len(rec.queries) != 1 {
		t.Fatalf("a query that a stored model satisfies reached the core")
	}
	// A query no stored model satisfies goes on.
	x := big.Model.Scalars[x8]
	mustResult(t, c, query(expr.Ne(x8, c8(x)), a), Sat)
	if len(rec.queries) != 2 {
		t.Fatalf("%d queries reached the core, want 2", len(rec.queries))
	}
}

func TestCexModelWithArrays(t *testing.T) {
	sel := expr.Eq(expr.Select(arr, x8), c8(7))
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerCex), Validate: true})
	mustResult(t, c, query(sel, expr.Ult(x8, c8(3))), Sat)
	r := mustResult(t, c, query(sel), Sat)
	if len(rec.queries) != 1 {
		t.Fatalf("the array model was not reused")
	}
	if _, ok := r.Model.Arrays[arr]; !ok {
		t.Errorf("model %v has no array", r.Model)
	}
	// An equality of arrays cannot be evaluated: never answered from a
	// stored model.
	eq := expr.Eq(arr, expr.Store(arr, x8, c8(7)))
	mustResult(t, c, query(eq), Sat)
	mustResult(t, c, query(eq), Sat)
	if len(rec.queries) != 3 {
		t.Errorf("%d queries reached the core, want 3", len(rec.queries))
	}
}

func TestCexBoundsTheModelsTried(t *testing.T) {
	c, _ := newTestChain(t, ChainOptions{Off: only(LayerCex)})
	cex := c.(*chain).top.(*cexLayer)
	root := expr.Ult(x8, c8(250))
	for i := range 3 * cexPerConstraint {
		mustResult(t, c, query(root, expr.Eq(y8, c8(uint64(i)))), Sat)
	}
	if n := len(cex.sat[root]); n != cexPerConstraint {
		t.Errorf("%d models filed under one constraint, want at most %d", n, cexPerConstraint)
	}
	if len(cex.recent) != cexRecent {
		t.Errorf("%d recent models, want %d", len(cex.recent), cexRecent)
	}
}
