package solver

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

func TestFastAnswersWithoutTheCore(t *testing.T) {
	a := expr.Ult(x8, c8(10))
	b := expr.Eq(y8, c8(3))
	for _, tc := range []struct {
		name string
		q    Query
		want Result
	}{
		{"constant false", query(a, expr.False), Unsat},
		{"negation", query(a, b, expr.Not(a)), Unsat},
		{"negation first", query(expr.Ne(y8, c8(3)), a, b), Unsat},
		{"negated comparison by swap", query(a, expr.Ule(c8(10), x8)), Unsat},
		{"negated signed comparison by swap", query(expr.Sle(x8, y8), expr.Slt(y8, x8)), Unsat},
		{"empty", query(), Sat},
		{"all true", query(expr.True, expr.True), Sat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, rec := newTestChain(t, ChainOptions{Off: only(LayerFast), Validate: true})
			r := mustResult(t, c, tc.q, tc.want)
			if len(rec.queries) != 0 {
				t.Errorf("the core was asked %v", rec.queries)
			}
			if tc.want == Sat && (r.Model == nil || len(r.Model.Scalars) != 0) {
				t.Errorf("model %v, want an empty one", r.Model)
			}
			if st := layerStats(t, c, LayerFast); st.Queries != 1 || st.Answered != 1 || st.Wrong != 0 {
				t.Errorf("stats %+v, want 1 query answered, none wrong", st)
			}
		})
	}
}

func TestFastPassesTheRestInOrder(t *testing.T) {
	a, b := expr.Ult(x8, c8(10)), expr.Eq(y8, c8(3))
	dual := expr.Not(expr.Ult(c8(10), x8)) // x <= 10 as the engine may build it
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerFast)})
	q := query(expr.True, a, b, a, expr.True, expr.Ule(x8, c8(10)), dual, b)
	mustResult(t, c, q, Sat)
	want := []expr.Expr{a, b, expr.Ule(x8, c8(10))}
	if len(rec.queries) != 1 || !slices.Equal(rec.queries[0].Constraints, want) {
		t.Fatalf("the core got %v, want %v", rec.queries, want)
	}
	// Nothing to drop: the query goes on as it is.
	mustResult(t, c, query(a, b), Sat)
	if got := rec.queries[1].Constraints; !slices.Equal(got, []expr.Expr{a, b}) {
		t.Fatalf("the core got %v", got)
	}
	if st := layerStats(t, c, LayerFast); st.Queries != 2 || st.Answered != 0 {
		t.Errorf("stats %+v, want 2 queries, none answered", st)
	}
}
