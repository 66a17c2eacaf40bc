package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// paddingQuery is text/tabwriter's query that Z3 left Unknown after 75 s
// (writePadding, -seed 1): the padding of a cell, width, is 0, and the
// number of tabs it needs, cells, is between 1 and 8. With width
// replaced by 0 in cells, cells is (tabwidth − 1) / tabwidth, which is 0
// for every positive tabwidth: the query is Unsat.
func paddingQuery() Query {
	tw, cellw, textw := expr.BVVar("b.tabwidth", 64), expr.BVVar("cellw", 64), expr.BVVar("textw", 64)
	width := expr.Sub(expr.Mul(expr.SDiv(expr.Add(expr.Add(cellw, tw), c64(^uint64(0))), tw), tw), textw)
	cells := expr.SDiv(expr.Add(expr.Add(width, tw), c64(^uint64(0))), tw)
	return query(expr.Not(expr.Slt(tw, c64(0))), expr.Ne(tw, c64(0)), expr.Not(expr.Slt(width, c64(0))),
		expr.Not(expr.Slt(c64(8), cells)), expr.Ule(cells, c64(8)), expr.Ne(cells, c64(0)), expr.Eq(width, c64(0)))
}

// TestSubstDecidesThePaddingQuery: within a resource limit, Z3 alone
// does not decide paddingQuery; with the layer in front it answers
// Unsat. The layer passes on one query, the equation kept as it was.
func TestSubstDecidesThePaddingQuery(t *testing.T) {
	q := paddingQuery()
	q.ResourceLimit = 8_000_000
	plain, _ := newTestChain(t, ChainOptions{Off: Layers})
	if r := plain.Check(bg, q); r.Result != Unknown {
		t.Fatalf("without the layer: %v (%s), want unknown within the limit (the fixture no longer needs the layer)", r.Result, r.Reason)
	}
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerSubst)})
	if r := c.Check(bg, q); r.Result != Unsat {
		t.Fatalf("with the layer: %v (%s), want unsat", r.Result, r.Reason)
	}
	if len(rec.queries) != 1 || len(rec.queries[0].Constraints) != len(q.Constraints)-1 {
		t.Fatalf("reached Z3: %v; want one query, without the constraint that became true", rec.queries)
	}
	last := rec.queries[0].Constraints
	if got, want := last[len(last)-1], q.Constraints[len(q.Constraints)-1]; got != want {
		t.Errorf("the equation reached Z3 as %v, want it as it was, %v", got, want)
	}
}

// TestSubstAnswersFoldedContradictions: two equations of one term to
// different constants fold to false, and the layer answers Unsat with
// no solver; a query with no equation of a compound term reaches the
// solver as it was.
func TestSubstAnswersFoldedContradictions(t *testing.T) {
	x, y := expr.BVVar("x", 64), expr.BVVar("y", 64)
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerSubst)})
	if r := c.Check(bg, query(expr.Eq(expr.Mul(x, y), c64(6)), expr.Ult(x, c64(9)), expr.Eq(expr.Mul(x, y), c64(7)))); r.Result != Unsat || len(rec.queries) != 0 {
		t.Fatalf("x·y = 6 and x·y = 7: %v with %d solver calls, want unsat with none", r.Result, len(rec.queries))
	}
	plain := query(expr.Eq(x, c64(6)), expr.Ult(expr.Mul(x, y), c64(9)))
	requireModel(t, plain, c.Check(bg, plain))
	if len(rec.queries) != 1 || rec.queries[0].Constraints[1] != plain.Constraints[1] {
		t.Fatalf("x = 6 replaced in another constraint: %v", rec.queries)
	}
}

// TestSubstAgreesWithZ3 is the layer's differential test: random queries
// in which terms are equated to constants, asked through the layer alone
// and of Z3 alone, get the same answer, and every model the layer's side
// gives satisfies the query as it was asked.
func TestSubstAgreesWithZ3(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 2))
	with, _ := newTestChain(t, ChainOptions{Off: only(LayerSubst)})
	without, _ := newTestChain(t, ChainOptions{Off: Layers})
	rewritten := 0
	for n := range 300 {
		w := []int{8, 16, 32}[n%3]
		vars := []expr.Expr{expr.BVVar("a", w), expr.BVVar("b", w), expr.BVVar("c", w)}
		term := func() expr.Expr {
			x, y := vars[r.IntN(3)], vars[r.IntN(3)]
			ops := []func(a, b expr.Expr) expr.Expr{expr.Add, expr.Sub, expr.Mul, expr.BitAnd, expr.BitXor}
			return ops[r.IntN(len(ops))](x, y)
		}
		k := func() expr.Expr { return expr.Const(w, uint64(r.IntN(8))) }
		shared := term()
		cs := []expr.Expr{expr.Eq(shared, k())}
		for range 1 + r.IntN(3) {
			switch r.IntN(3) {
			case 0:
				cs = append(cs, expr.Ult(expr.Add(shared, term()), k()))
			case 1:
				cs = append(cs, expr.Ne(expr.Mul(shared, vars[r.IntN(3)]), k()))
			default:
				cs = append(cs, expr.Eq(shared, k()))
			}
		}
		q := query(cs...)
		got, want := with.Check(bg, q), without.Check(bg, q)
		if got.Result != want.Result {
			t.Fatalf("%v: %v through the layer, %v from Z3", cs, got.Result, want.Result)
		}
		if got.Result == Sat {
			requireModel(t, q, got)
		}
	}
	st := layerStats(t, with, LayerSubst)
	rewritten = int(st.Answered)
	if st.Queries != 300 || rewritten == 0 {
		t.Fatalf("the layer got %d queries and answered %d; want 300, some answered by folding", st.Queries, rewritten)
	}
	t.Logf("the layer answered %d of 300 by folding", rewritten)
}
