package solver

import (
	"context"

	"github.com/gosymtest/gosymtest/solver/green"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// trieLayer (LayerTrie) is GreenTrie's reuse by implication (package
// green, after Jia, Ghezzi and Ying, ISSTA 2015). A query is first reduced:
// the atoms on one term are merged into the interval and exceptional
// points they allow, and an empty interval is an Unsat answer without a
// solver. The reduced query is then looked up:
//
//   - a stored Unsat query that it implies, atom by atom, makes it Unsat;
//   - a stored Sat query that implies it gives its model, which is
//     checked by evaluation against the query itself before it is given.
//
// What the layer cannot answer goes on unchanged (the reduction only
// serves the look-up: the inner layers and Z3 see the query as the
// program built it, so Z3 reuses the prefixes it shares with the
// previous query), and its answer is stored under the reduced form.
type trieLayer struct {
	layer
	store *green.Store
}

func newTrieLayer(inner Solver) *trieLayer {
	return &trieLayer{layer: layer{inner: inner}, store: green.NewStore()}
}

func (t *trieLayer) Check(ctx context.Context, q Query) Response {
	defer t.enter()()
	cs := q.Constraints
	if len(cs) == 0 || !wellFormed(q) {
		return t.pass(ctx, q)
	}
	reduced, conflict := green.Reduce(cs)
	if conflict {
		return t.answer(ctx, q, Response{Result: Unsat})
	}
	if t.store.FindUnsat(reduced) {
		return t.answer(ctx, q, Response{Result: Unsat})
	}
	if m, ok := t.store.FindSat(reduced); ok {
		if m = project(m, expr.Vars(cs...)); modelHolds(cs, m) {
			return t.answer(ctx, q, Response{Result: Sat, Model: m})
		}
	}
	r := t.pass(ctx, q)
	switch r.Result {
	case Unsat:
		t.store.AddUnsat(reduced)
	case Sat:
		if r.Model != nil {
			t.store.AddSat(reduced, r.Model)
		}
	}
	return r
}
