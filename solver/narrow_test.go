package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

func c64(v uint64) expr.Expr { return expr.Const(64, v) }

// tabwriterQuery is one of text/tabwriter's queries on a cell's width,
// (cellw + tabwidth − 1) / tabwidth · tabwidth, with each input bounded
// as the executor asks when it looks for readable inputs.
func tabwriterQuery() Query {
	tw, cellw, textw := expr.BVVar("b.tabwidth", 64), expr.BVVar("cellw", 64), expr.BVVar("textw", 64)
	width := expr.Sub(expr.Mul(expr.SDiv(expr.Add(expr.Add(cellw, tw), c64(^uint64(0))), tw), tw), textw)
	cells := expr.SDiv(expr.Add(expr.Add(width, tw), c64(^uint64(0))), tw)
	bounded := func(x expr.Expr) expr.Expr {
		return expr.And(expr.Sle(c64(-10000&(1<<64-1)), x), expr.Sle(x, c64(10000)))
	}
	return query(expr.Ne(tw, c64(0)), expr.Not(expr.Slt(width, c64(0))), expr.Slt(c64(100), cells),
		bounded(tw), bounded(cellw), bounded(textw))
}

// TestNarrowAnswersAHardQuery: the tabwriter query exceeds a resource
// limit in Z3 at 64 bits; the narrow layer answers it within that limit
// with a model of the query itself. Resource units, not time: the test
// does not depend on the machine.
func TestNarrowAnswersAHardQuery(t *testing.T) {
	q := tabwriterQuery()
	q.ResourceLimit = 3_000_000
	if r := newZ3(t).Check(bg, q); r.Result != Unknown || !strings.Contains(r.Reason, "resource limit") {
		t.Fatalf("at 64 bits: %v (%s), want unknown: resource limit (the fixture is not hard)", r.Result, r.Reason)
	}
	if answered, passed := askNarrow(t, q); answered != 1 || passed != 1 {
		t.Fatalf("the layer answered %d queries and passed on %d, want 1 answered from 1 narrowed query", answered, passed)
	}
}

// askNarrow asks q through the narrow layer alone, requires a model of
// q, and tells whether the layer answered it and how many queries it
// passed on to Z3.
func askNarrow(t *testing.T, q Query) (answered int64, passed int) {
	t.Helper()
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerNarrow)})
	requireModel(t, q, c.Check(bg, q))
	return layerStats(t, c, LayerNarrow).Answered, len(rec.queries)
}

// TestNarrowChecksItsModel: x·y = 2⁴⁰ with x, y ≠ 0 is x·y = 0 at 16
// bits, whose models (256 · 256) are no models at 64 bits. The layer
// must not answer with one: the query goes on to Z3, whose model is
// right.
func TestNarrowChecksItsModel(t *testing.T) {
	x, y := expr.BVVar("x", 64), expr.BVVar("y", 64)
	q := query(expr.Eq(expr.Mul(x, y), c64(1<<40)), expr.Ne(x, c64(0)), expr.Ne(y, c64(0)))
	if answered, passed := askNarrow(t, q); answered != 0 || passed != 2 {
		t.Fatalf("the layer answered %d and passed on %d queries, want the narrowed query and then the query itself", answered, passed)
	}
}

// TestNarrowLeavesEasyQueries: a query that multiplies by a constant,
// or only at 16 bits, reaches the solver below as it is.
func TestNarrowLeavesEasyQueries(t *testing.T) {
	x, y := expr.BVVar("x", 64), expr.BVVar("y", 16)
	for _, q := range []Query{
		query(expr.Eq(expr.Mul(x, c64(3)), c64(21))),
		query(expr.Eq(expr.Mul(y, y), expr.Const(16, 49))),
	} {
		c, rec := newTestChain(t, ChainOptions{Off: only(LayerNarrow)})
		requireModel(t, q, c.Check(bg, q))
		if len(rec.queries) != 1 || !slices.Equal(rec.queries[0].Constraints, q.Constraints) {
			t.Fatalf("%v: reached Z3 as %v", q.Constraints, rec.queries)
		}
	}
}

// TestNarrowAgreesWithZ3 is the differential test of the layer: random
// queries that multiply, divide and take remainders of 32- and 64-bit
// variables, asked through the narrow layer alone, with validation, and
// through a plain Z3, get the same answers; every model satisfies its
// query, validation finds no wrong answer, and the layer answers some.
func TestNarrowAgreesWithZ3(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, width := range []int{32, 64} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			plain := newZ3(t)
			c, _ := newTestChain(t, ChainOptions{Off: only(LayerNarrow), Validate: true})
			x, y, z := expr.BVVar("x", width), expr.BVVar("y", width), expr.BVVar("z", width)
			g := &exprtest.Gen{R: r, Vars: []expr.Expr{x, y, z}}
			ops := []func(a, b expr.Expr) expr.Expr{expr.Mul, expr.UDiv, expr.SDiv, expr.URem, expr.SRem}
			counts := map[Result]int{}
			for range 100 {
				hard := ops[r.IntN(len(ops))](g.Vars[r.IntN(3)], g.BV(1))
				if hard.Arg(1).IsConst() {
					hard = ops[r.IntN(len(ops))](x, y)
				}
				q := Query{Constraints: []expr.Expr{expr.Lt(hard, g.BV(1), r.IntN(2) == 0), g.Bool(1)}, ResourceLimit: 1_000_000}
				want, got := plain.Check(bg, q), c.Check(bg, q)
				if want.Result == Unknown || got.Result == Unknown {
					counts[Unknown]++
					continue
				}
				if got.Result != want.Result {
					t.Fatalf("%v: narrow layer %v, Z3 %v", q.Constraints, got.Result, want.Result)
				}
				if got.Result == Sat {
					requireModel(t, q, got)
				}
				counts[got.Result]++
			}
			st := layerStats(t, c, LayerNarrow)
			t.Logf("%v; layer %+v", counts, st)
			if st.Wrong != 0 {
				t.Errorf("validation found %d wrong answers", st.Wrong)
			}
			if st.Answered < 20 || counts[Sat] < 40 || counts[Unsat] < 5 || counts[Unknown] > 10 {
				t.Errorf("too little compared: %v, %d answered by the layer", counts, st.Answered)
			}
		})
	}
}
