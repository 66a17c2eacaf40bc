package solver

import (
	"context"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// A query whose bit-vectors are multiplied or divided by one another is
// hard for Z3 at 64 bits: it bit-blasts a 64×64 multiplier or divider per
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

// narrowing rewrites the terms of one query at narrowWidth bits.
type narrowing struct {
	memo map[expr.Expr]expr.Expr
	// wide maps each narrowed variable to the variable it stands for.
	wide map[expr.Expr]expr.Expr
}

func newNarrowing() *narrowing {
	return &narrowing{memo: map[expr.Expr]expr.Expr{}, wide: map[expr.Expr]expr.Expr{}}
}

// narrowed is w cut to narrowWidth.
func narrowed(w int) int { return min(w, narrowWidth) }

// narrowVarPrefix starts the names of the narrowed variables. No
// variable of the executor's has a NUL byte in its name.
const narrowVarPrefix = "\x00narrow:"

// term is e with every bit-vector cut to narrowWidth bits; ok is false
// when e has an array, which the layer leaves alone.
func (n *narrowing) term(e expr.Expr) (expr.Expr, bool) {
	if got, ok := n.memo[e]; ok {
		return got, true
	}
	if e.Sort().IsArray() {
		return expr.Expr{}, false
	}
	args := make([]expr.Expr, e.NumArgs())
	for i := range args {
		a, ok := n.term(e.Arg(i))
		if !ok {
			return expr.Expr{}, false
		}
		args[i] = a
	}
	out, ok := n.rebuild(e, args)
	if ok {
		n.memo[e] = out
	}
	return out, ok
}

// rebuild is e's operator over the narrowed operands args.
func (n *narrowing) rebuild(e expr.Expr, args []expr.Expr) (expr.Expr, bool) {
	w := narrowed(e.Width())
	switch e.Op() {
	case expr.OpConst:
		if e.Sort().IsBool() {
			return e, true
		}
		return expr.Const(w, e.Value()), true // the low bits
	case expr.OpVar:
		if e.Sort().IsBool() || e.Width() <= narrowWidth {
			return e, true
		}
		v := expr.BVVar(narrowVarPrefix+e.Name(), w)
		n.wide[v] = e
		return v, true
	case expr.OpNot:
		return expr.Not(args[0]), true
	case expr.OpAnd:
		return expr.And(args...), true
	case expr.OpOr:
		return expr.Or(args...), true
	case expr.OpEq:
		return expr.Eq(args[0], args[1]), true
	case expr.OpIte:
		return expr.Ite(args[0], args[1], args[2]), true
	case expr.OpBitNot:
		return expr.BitNot(args[0]), true
	case expr.OpNeg:
		return expr.Neg(args[0]), true
	case expr.OpZExt, expr.OpSExt, expr.OpExtract, expr.OpConcat:
		return n.resized(e, args), true
	}
	if binary, ok := narrowBinary[e.Op()]; ok {
		return binary(args[0], args[1]), true
	}
	return expr.Expr{}, false
}

// narrowBinary builds the binary operators that keep their operands'
// width, or give a Boolean.
var narrowBinary = map[expr.Op]func(a, b expr.Expr) expr.Expr{
	expr.OpAdd: expr.Add, expr.OpSub: expr.Sub, expr.OpMul: expr.Mul,
	expr.OpUDiv: expr.UDiv, expr.OpSDiv: expr.SDiv, expr.OpURem: expr.URem, expr.OpSRem: expr.SRem,
	expr.OpBitAnd: expr.BitAnd, expr.OpBitOr: expr.BitOr, expr.OpBitXor: expr.BitXor,
	expr.OpShl: expr.Shl, expr.OpLShr: expr.LShr, expr.OpAShr: expr.AShr,
	expr.OpUlt: expr.Ult, expr.OpUle: expr.Ule, expr.OpSlt: expr.Slt, expr.OpSle: expr.Sle,
}

// resized narrows an operator that changes width. What it gives is only
// a guess at the wide term's low bits (the narrowed operand has lost its
// high ones); the evaluation of the wide query decides.
func (n *narrowing) resized(e expr.Expr, args []expr.Expr) expr.Expr {
	w := narrowed(e.Width())
	x := args[0]
	switch e.Op() {
	case expr.OpExtract:
		if lo := e.Lo(); lo < x.Width() {
			x = expr.Extract(x, min(x.Width()-1, lo+w-1), lo)
		} else {
			// Above the narrowed bits: a small value's sign fill.
			x = expr.Ite(expr.Slt(x, expr.Const(x.Width(), 0)), expr.Const(w, ^uint64(0)), expr.Const(w, 0))
		}
	case expr.OpConcat:
		x = expr.Concat(args[0], args[1]) // exact when neither was cut
	}
	return fit(x, w, e.Op() != expr.OpZExt)
}

// fit extends or cuts x to w bits; signed says how to extend.
func fit(x expr.Expr, w int, signed bool) expr.Expr {
	switch {
	case x.Width() > w:
		return expr.Trunc(x, w)
	case x.Width() < w && signed:
		return expr.SExt(x, w)
	case x.Width() < w:
		return expr.ZExt(x, w)
	}
	return x
}

// hard reports whether q multiplies, divides or takes a remainder of two
// bit-vectors wider than narrowWidth, neither of them a constant: the
// queries the narrow layer asks narrowed first.
func hard(q Query) bool {
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
	if !hard(q) {
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
