package solver

// This file cuts the bit-vectors of a query to narrowWidth bits, for the
// narrow layer (narrow.go).

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

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
	out := n.rebuild(e, args)
	n.memo[e] = out
	return out, true
}

// rebuild is e's operator over the narrowed operands args.
func (n *narrowing) rebuild(e expr.Expr, args []expr.Expr) expr.Expr {
	w := narrowed(e.Width())
	switch e.Op() {
	case expr.OpConst:
		if e.Sort().IsBool() {
			return e
		}
		return expr.Const(w, e.Value()) // the low bits
	case expr.OpVar:
		if e.Sort().IsBool() || e.Width() <= narrowWidth {
			return e
		}
		v := expr.BVVar(narrowVarPrefix+e.Name(), w)
		n.wide[v] = e
		return v
	case expr.OpZExt, expr.OpSExt, expr.OpExtract, expr.OpConcat:
		return n.resized(e, args)
	}
	// The rest keep their operands' width, or give a Boolean (term has
	// left out the queries with arrays).
	return expr.Rebuild(e, args)
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
