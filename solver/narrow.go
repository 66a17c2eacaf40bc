package solver

import (
	"context"
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// The narrow layer (LayerNarrow). A query whose bit-vectors are
// multiplied or divided by one another is hard for Z3 at 64 bits: it
// bit-blasts a 64×64 multiplier or divider per operation.
// text/tabwriter's cell widths, (cellw + tabwidth − 1) / tabwidth ·
// tabwidth, took Z3 1.5 to 2 seconds a query, and its queries with a
// bound on each input were undecided within their limit. The inputs such
// queries are Sat with are mostly small, so the narrow layer first asks
// the same question with every bit-vector wider than narrowWidth bits
// cut to narrowWidth bits. A model of that narrowed query, sign-extended
// back to the variables' widths, answers the query only if the query's
// own constraints hold on it by evaluation: the answer is checked, never
// assumed. Anything else (Unsat or Unknown narrowed, or a model that
// does not evaluate to true) is passed on to the solver below, as if the
// layer were not there.

// narrowWidth is the width the narrow layer cuts bit-vectors to.
const narrowWidth = 16

// multipliesWide reports whether e multiplies, divides or takes a
// remainder of two bit-vectors wider than narrowWidth, neither of them a
// constant. known holds what was found for terms walked before; terms
// are hash-consed, so a subterm shared with an earlier query is not
// walked again.
func multipliesWide(e expr.Expr, known map[expr.Expr]bool) bool {
	if found, ok := known[e]; ok {
		return found
	}
	found := false
	switch e.Op() {
	case expr.OpMul, expr.OpUDiv, expr.OpSDiv, expr.OpURem, expr.OpSRem:
		found = e.Width() > narrowWidth && !e.Arg(0).IsConst() && !e.Arg(1).IsConst()
	}
	for i := 0; i < e.NumArgs() && !found; i++ {
		found = multipliesWide(e.Arg(i), known)
	}
	known[e] = found
	return found
}

// narrowLayer asks a query that multiplies wide bit-vectors narrowed
// before passing it on.
type narrowLayer struct {
	layer
	// wide remembers, for the terms walked so far, whether they multiply
	// wide bit-vectors (multipliesWide).
	wide map[expr.Expr]bool
}

// narrowResourceLimit bounds the narrowed check, so that a narrowed query
// Z3 finds hard costs little before the query is passed on.
const narrowResourceLimit = 500_000

func (l *narrowLayer) Check(ctx context.Context, q Query) Response {
	done := l.enter()
	defer done()
	if !slices.ContainsFunc(q.Constraints, func(c expr.Expr) bool { return multipliesWide(c, l.wide) }) {
		return l.pass(ctx, q)
	}
	n := newNarrowing()
	small := Query{Constraints: make([]expr.Expr, len(q.Constraints)), ResourceLimit: narrowResourceLimit}
	if q.ResourceLimit > 0 {
		small.ResourceLimit = min(small.ResourceLimit, q.ResourceLimit)
	}
	for i, c := range q.Constraints {
		nc, ok := n.term(c)
		if !ok {
			return l.pass(ctx, q)
		}
		small.Constraints[i] = nc
	}
	if r := l.pass(ctx, small); r.Result == Sat {
		if model, ok := n.widen(q, r.Model); ok {
			return l.answer(ctx, q, Response{Result: Sat, Model: model})
		}
	}
	return l.pass(ctx, q)
}

// widen is the model of q that small, a model of q narrowed, stands for:
// each narrowed variable's value sign-extended to its width. ok is false
// when a constraint of q does not hold on it.
func (n *narrowing) widen(q Query, small *expr.Values) (*expr.Values, bool) {
	narrowOf := make(map[expr.Expr]expr.Expr, len(n.wide))
	for v, w := range n.wide {
		narrowOf[w] = v
	}
	model := &expr.Values{Scalars: map[expr.Expr]uint64{}}
	for _, v := range expr.Vars(q.Constraints...) {
		if s, ok := narrowOf[v]; ok {
			model.Scalars[v] = signExtend(small.Scalars[s], narrowWidth, v.Width())
			continue
		}
		model.Scalars[v] = small.Scalars[v]
	}
	if !modelHolds(q.Constraints, model) {
		return nil, false
	}
	return model, true
}

// signExtend is the from-bit value x sign-extended to to bits.
func signExtend(x uint64, from, to int) uint64 {
	if x&(1<<(from-1)) != 0 {
		x |= ^uint64(0) << from
	}
	if to < 64 {
		x &= 1<<to - 1
	}
	return x
}
