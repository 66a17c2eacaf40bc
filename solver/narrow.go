package solver

import (
	"context"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// The narrow layer (LayerNarrow). A query whose bit-vectors are
// multiplied or divided by one another is hard for Z3 at 64 bits: it bit-blasts a 64×64 multiplier or divider per
// operation. text/tabwriter's cell widths,
// (cellw + tabwidth − 1) / tabwidth · tabwidth, took Z3 1.5 to 2 seconds
// a query, and its queries with a bound on each input were undecided
// within their limit. The inputs such queries are Sat with are mostly
// small, so the narrow layer first asks the same question with every
// bit-vector wider than narrowWidth bits cut to narrowWidth bits. A model
// of that narrowed query, sign-extended back to the variables' widths,
// answers the query only if the query's own constraints hold on it by
// evaluation: the answer is checked, never assumed. Anything else (Unsat
// or Unknown narrowed, or a model that does not evaluate to true) is
// passed on to the solver below, as if the layer were not there.

// narrowWidth is the width the narrow layer cuts bit-vectors to.
const narrowWidth = 16

// multipliesWide reports whether q multiplies, divides or takes a
// remainder of two bit-vectors wider than narrowWidth, neither of them a
// constant: the queries the narrow layer asks narrowed first.
func multipliesWide(q Query) bool {
	seen := map[expr.Expr]bool{}
	var walk func(e expr.Expr) bool
	walk = func(e expr.Expr) bool {
		if seen[e] {
			return false
		}
		seen[e] = true
		switch e.Op() {
		case expr.OpMul, expr.OpUDiv, expr.OpSDiv, expr.OpURem, expr.OpSRem:
			if e.Width() > narrowWidth && !e.Arg(0).IsConst() && !e.Arg(1).IsConst() {
				return true
			}
		}
		for i := range e.NumArgs() {
			if walk(e.Arg(i)) {
				return true
			}
		}
		return false
	}
	for _, c := range q.Constraints {
		if walk(c) {
			return true
		}
	}
	return false
}

// narrowLayer asks a hard query narrowed before passing it on.
type narrowLayer struct {
	layer
}

// narrowResourceLimit bounds the narrowed check, so that a narrowed query
// Z3 finds hard costs little before the query is passed on.
const narrowResourceLimit = 500_000

func (l *narrowLayer) Check(ctx context.Context, q Query) Response {
	done := l.enter()
	defer done()
	if !multipliesWide(q) {
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
	ev := expr.NewEvaluator(model)
	for _, c := range q.Constraints {
		if ev.Eval(c) != 1 {
			return nil, false
		}
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
