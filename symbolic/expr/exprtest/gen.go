// Package exprtest generates random expr terms for tests of the layers that
// consume them (the solver and its chain): random Bool terms over given
// variables that use every operator, so a translation or a cache is
// exercised on all of them, query sequences shaped like symbolic execution
// (Explorer), and the check that a model satisfies its query (CheckModel).
// It knows terms and models only, not package solver, so that solver's
// internal tests can import it as well as the backends' tests.
package exprtest

import (
	"math/rand/v2"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Gen makes random terms over a fixed set of bit-vector variables of one
// width and an optional array variable of the same element width.
type Gen struct {
	R     *rand.Rand
	Vars  []expr.Expr // bit-vector variables, all of one width
	Array expr.Expr   // optional: an array from BV(8) to the variables' width
}

func (g *Gen) width() int { return g.Vars[0].Width() }

// Bool makes a random Bool term of at most the given depth.
func (g *Gen) Bool(depth int) expr.Expr {
	if depth <= 0 {
		return g.compare(0)
	}
	switch g.R.IntN(5) {
	case 0:
		return expr.Not(g.Bool(depth - 1))
	case 1:
		return expr.And(g.Bool(depth-1), g.Bool(depth-1))
	case 2:
		return expr.Or(g.Bool(depth-1), g.Bool(depth-1))
	case 3:
		return expr.Eq(g.Bool(depth-1), g.Bool(depth-1))
	}
	return g.compare(depth - 1)
}

func (g *Gen) compare(depth int) expr.Expr {
	a, b := g.BV(depth), g.BV(depth)
	switch g.R.IntN(5) {
	case 0:
		return expr.Eq(a, b)
	case 1:
		return expr.Ult(a, b)
	case 2:
		return expr.Ule(a, b)
	case 3:
		return expr.Slt(a, b)
	}
	return expr.Sle(a, b)
}

var binary = []func(a, b expr.Expr) expr.Expr{
	expr.Add, expr.Sub, expr.Mul, expr.UDiv, expr.SDiv, expr.URem, expr.SRem,
	expr.BitAnd, expr.BitOr, expr.BitXor, expr.Shl, expr.LShr, expr.AShr,
}

// BV makes a random bit-vector term of the variables' width.
func (g *Gen) BV(depth int) expr.Expr {
	w := g.width()
	if depth <= 0 || g.R.IntN(4) == 0 {
		if g.R.IntN(3) == 0 {
			return expr.Const(w, g.constant())
		}
		return g.Vars[g.R.IntN(len(g.Vars))]
	}
	switch g.R.IntN(8) {
	case 0:
		return expr.Neg(g.BV(depth - 1))
	case 1:
		return expr.BitNot(g.BV(depth - 1))
	case 2:
		return expr.Ite(g.Bool(depth-1), g.BV(depth-1), g.BV(depth-1))
	case 3: // extract, then extend back: exercises Extract, ZExt, SExt
		x := g.BV(depth - 1)
		lo := g.R.IntN(w)
		hi := lo + g.R.IntN(w-lo)
		part := expr.Extract(x, hi, lo)
		if g.R.IntN(2) == 0 {
			return expr.SExt(part, w)
		}
		return expr.ZExt(part, w)
	case 4: // concat of two halves
		if w >= 2 {
			x, y := g.BV(depth-1), g.BV(depth-1)
			return expr.Concat(expr.Extract(x, w-1, w/2), expr.Extract(y, w/2-1, 0))
		}
	case 5:
		if g.Array.IsValid() {
			idx := expr.Trunc(g.BV(depth-1), 8)
			if w < 8 {
				idx = expr.ZExt(g.BV(depth-1), 8)
			}
			arr := g.Array
			if g.R.IntN(2) == 0 {
				arr = expr.Store(arr, expr.Const(8, uint64(g.R.IntN(4))), g.BV(depth-1))
			}
			if g.R.IntN(4) == 0 {
				arr = expr.ConstArray(arr.Sort(), g.BV(depth-1))
			}
			return expr.Select(arr, idx)
		}
	}
	return binary[g.R.IntN(len(binary))](g.BV(depth-1), g.BV(depth-1))
}

// constant favours the values where bit-vector arithmetic has its edges.
func (g *Gen) constant() uint64 {
	edges := []uint64{0, 1, 2, ^uint64(0), 1 << 63, (1 << 63) - 1, 0x80, 0x7f, 0xff}
	if g.R.IntN(2) == 0 {
		return edges[g.R.IntN(len(edges))]
	}
	return g.R.Uint64()
}

// RichBool is Bool that now and then makes a shape Bool does not: a
// Bool-sorted ite, or a read of a store over a constant array (Bool reads
// constant arrays only directly, which expr folds away). It is a separate
// method so that the tests written against Bool keep their random terms.
func (g *Gen) RichBool(depth int) expr.Expr {
	if depth > 1 {
		switch g.R.IntN(10) {
		case 0:
			return expr.Ite(g.Bool(depth-1), g.Bool(depth-1), g.Bool(depth-1))
		case 1:
			if g.Array.IsValid() {
				sort := g.Array.Sort()
				index := func() expr.Expr { return expr.Trunc(expr.ZExt(g.BV(1), 64), sort.IndexWidth()) }
				arr := expr.Store(expr.ConstArray(sort, g.BV(depth-1)), index(), g.BV(depth-1))
				return expr.Eq(expr.Select(arr, index()), g.BV(depth-1))
			}
		}
	}
	return g.Bool(depth)
}
