package solver

import (
	"context"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// fastLayer (LayerFast) answers what needs no solver: a constant-false
// constraint, or a constraint beside its negation, makes the query Unsat;
// constant-true constraints and repeats are dropped; nothing left is Sat
// with an empty model. The rest goes on, in the order asked.
type fastLayer struct {
	layer
	// seen is reused between queries: atom → the polarities met.
	seen map[atomKey]uint8
}

// atomKey names a constraint up to negation: a constraint and its
// negation have the same key and opposite polarities. Besides !c and c,
// it knows the negation of a comparison that a swap of its operands
// gives: !(a < b) is b <= a, signed or unsigned alike.
type atomKey struct {
	op   expr.Op // 0 for a term compared as a whole
	a, b expr.Expr
}

const (
	positive uint8 = 1 << iota
	negative
)

// atomOf is c's key and polarity.
func atomOf(c expr.Expr) (atomKey, uint8) {
	pol := positive
	if c.Op() == expr.OpNot {
		c, pol = c.Arg(0), negative
	}
	switch c.Op() {
	case expr.OpUlt, expr.OpSlt:
		return atomKey{op: c.Op(), a: c.Arg(0), b: c.Arg(1)}, pol
	case expr.OpUle: // b <= a is !(a < b)
		return atomKey{op: expr.OpUlt, a: c.Arg(1), b: c.Arg(0)}, pol ^ (positive | negative)
	case expr.OpSle:
		return atomKey{op: expr.OpSlt, a: c.Arg(1), b: c.Arg(0)}, pol ^ (positive | negative)
	}
	return atomKey{a: c}, pol
}

func (f *fastLayer) Check(ctx context.Context, q Query) Response {
	defer f.enter()()
	if !wellFormed(q) {
		return f.pass(ctx, q) // the core says what is wrong with it
	}
	clear(f.seen)
	var kept []expr.Expr // nil while every constraint is kept
	for i, c := range q.Constraints {
		drop := c.IsTrue()
		if c.IsFalse() {
			return f.answer(ctx, q, Response{Result: Unsat})
		}
		if !drop {
			key, pol := atomOf(c)
			had := f.seen[key]
			if had&^pol != 0 {
				return f.answer(ctx, q, Response{Result: Unsat})
			}
			drop = had&pol != 0 // a repeat, c itself or in another form
			f.seen[key] = had | pol
		}
		switch {
		case drop && kept == nil:
			kept = append(make([]expr.Expr, 0, len(q.Constraints)), q.Constraints[:i]...)
		case !drop && kept != nil:
			kept = append(kept, c)
		}
	}
	if kept != nil {
		q = Query{Constraints: kept, ResourceLimit: q.ResourceLimit}
	}
	if len(q.Constraints) == 0 {
		return f.answer(ctx, q, Response{Result: Sat, Model: emptyModel()})
	}
	return f.pass(ctx, q)
}
