package solver

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

func TestIndependenceSplitsAndJoins(t *testing.T) {
	ax := expr.Ult(x8, c8(10))
	by := expr.Eq(y8, c8(3))
	axz := expr.Eq(expr.Add(x8, z8), c8(7)) // links x and z
	cz := expr.Ult(c8(4), z8)
	// The array m links to y through an index.
	my := expr.Eq(expr.Select(arr, y8), c8(9))
	w := expr.BVVar("w", 8)
	cw := expr.Ne(w, c8(0))
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerIndependence), Validate: true})
	q := query(cz, ax, by, cw, axz, my)
	r := mustResult(t, c, q, Sat)
	want := [][]expr.Expr{{cz, ax, axz}, {by, my}, {cw}}
	if len(rec.queries) != len(want) {
		t.Fatalf("the core got %d queries, want %d: %v", len(rec.queries), len(want), rec.queries)
	}
	for i, g := range want {
		if !slices.Equal(rec.queries[i].Constraints, g) {
			t.Errorf("group %d: the core got %v, want %v (query order)", i, rec.queries[i].Constraints, g)
		}
	}
	if _, ok := r.Model.Arrays[arr]; !ok {
		t.Errorf("the joined model has no value for the array: %v", r.Model)
	}
	if st := layerStats(t, c, LayerIndependence); st.Queries != 1 || st.Answered != 0 || st.Wrong != 0 {
		t.Errorf("stats %+v", st)
	}
}

func TestIndependenceOneGroupGoesOnAsIs(t *testing.T) {
	a, b := expr.Ult(x8, y8), expr.Ult(y8, c8(10))
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerIndependence)})
	q := query(a, b)
	mustResult(t, c, q, Sat)
	if len(rec.queries) != 1 || !slices.Equal(rec.queries[0].Constraints, q.Constraints) {
		t.Fatalf("the core got %v", rec.queries)
	}
}

func TestIndependenceUnsatAndUnknownGroups(t *testing.T) {
	ax := expr.Ult(x8, c8(10))
	bad := []expr.Expr{expr.Ult(y8, c8(3)), expr.Ult(c8(5), y8)}
	hard := expr.Eq(z8, c8(1))
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerIndependence)})
	rec.fake = func(q Query) (Response, bool) {
		if slices.Contains(q.Constraints, hard) {
			return Response{Result: Unknown, Reason: "resource limit of 5000000 exceeded"}, true
		}
		return Response{}, false
	}
	// Unknown in one group, Unsat in a later one: Unsat.
	mustResult(t, c, query(ax, hard, bad[0], bad[1]), Unsat)
	// Unknown and no Unsat: Unknown, with the group's reason.
	r := c.Check(bg, Query{Constraints: []expr.Expr{ax, hard}, ResourceLimit: 5_000_000})
	if r.Result != Unknown || r.Reason != "resource limit of 5000000 exceeded" {
		t.Fatalf("got %v (%s), want the group's Unknown", r.Result, r.Reason)
	}
	if q := rec.queries[len(rec.queries)-1]; q.ResourceLimit != 5_000_000 {
		t.Errorf("the group was asked without the query's resource limit: %+v", q)
	}
	// A Unsat group stops the others being asked.
	n := len(rec.queries)
	mustResult(t, c, query(bad[0], bad[1], ax), Unsat)
	if len(rec.queries) != n+1 {
		t.Errorf("%d queries after the Unsat group, want none", len(rec.queries)-n-1)
	}
}
