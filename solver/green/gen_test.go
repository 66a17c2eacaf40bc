package green_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// gen makes random terms T over one or two variables of one width, random
// constants that favour the edges of both domains, and random comparisons
// of T with a constant in every form a program may write them.
type gen struct {
	r    *rand.Rand
	w    int
	x, y expr.Expr
}

func newGen(r *rand.Rand, w int) *gen {
	return &gen{r: r, w: w, x: expr.BVVar(fmt.Sprintf("x%d", w), w), y: expr.BVVar(fmt.Sprintf("y%d", w), w)}
}

func (g *gen) mask() uint64 {
	if g.w == 64 {
		return ^uint64(0)
	}
	return 1<<uint(g.w) - 1
}

// edge is a value where one of the domains has an end or a turn: 0, ±1,
// ±2, the signed MIN and MAX and their neighbours.
func (g *gen) edge() uint64 {
	half := uint64(1) << uint(g.w-1)
	edges := []uint64{0, 1, 2, ^uint64(0), ^uint64(1), half, half + 1, half - 1, half - 2, g.mask() - 1}
	return edges[g.r.IntN(len(edges))] & g.mask()
}

// constant is an edge half of the time, else a uniform value.
func (g *gen) constant() uint64 {
	if g.r.IntN(2) == 0 {
		return g.edge()
	}
	return g.r.Uint64() & g.mask()
}

// near is c moved by at most 8, or sometimes any constant.
func (g *gen) near(c uint64) uint64 {
	if g.r.IntN(5) == 0 {
		return g.constant()
	}
	return (c + uint64(g.r.IntN(17)) - 8) & g.mask()
}

func (g *gen) k() expr.Expr { return expr.Const(g.w, g.constant()) }

// term is a random T over x and y.
func (g *gen) term() expr.Expr {
	x, y := g.x, g.y
	switch g.r.IntN(16) {
	case 0, 1:
		return x
	case 2:
		return expr.Add(x, y)
	case 3:
		return expr.Sub(x, y)
	case 4:
		return expr.Sub(y, x)
	case 5:
		return expr.Neg(x)
	case 6:
		return expr.BitNot(x)
	case 7:
		return expr.Mul(x, expr.Const(g.w, g.constant()|1))
	case 8:
		return expr.BitAnd(x, y)
	case 9:
		return expr.BitXor(x, y)
	case 10, 11:
		return expr.Add(x, g.k())
	case 12:
		return expr.Sub(g.k(), x)
	case 13:
		return expr.BitXor(x, g.k())
	case 14:
		return expr.Neg(expr.Add(x, y))
	}
	return expr.Add(expr.Sub(x, y), g.k())
}

// compare is T ⋈ c in one of the forms a program writes: either side,
// strict or not, signed or unsigned, ==, !=, and sometimes negated.
func (g *gen) compare(t expr.Expr, c uint64) expr.Expr {
	k := expr.Const(g.w, c)
	var e expr.Expr
	switch g.r.IntN(10) {
	case 0:
		e = expr.Eq(t, k)
	case 1:
		e = expr.Ne(k, t)
	case 2:
		e = expr.Ult(t, k)
	case 3:
		e = expr.Ult(k, t)
	case 4:
		e = expr.Ule(t, k)
	case 5:
		e = expr.Ule(k, t)
	case 6:
		e = expr.Slt(t, k)
	case 7:
		e = expr.Slt(k, t)
	case 8:
		e = expr.Sle(t, k)
	default:
		e = expr.Sle(k, t)
	}
	if g.r.IntN(4) == 0 {
		e = expr.Not(e)
	}
	return e
}
