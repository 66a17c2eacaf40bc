package green_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/solver/green"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestReduceByZ3 proves with Z3 that Reduce is sound on random
// conjunctions at widths 8, 16, 32 and 64, signed and unsigned: a
// conflict is an Unsat conjunction, and otherwise the result is
// equivalent to the input. It also checks that Reduce of its own result
// gives it back.
//
// Most conjunctions compare one or two terms that Canon keeps (x, x+y,
// x&y, x^y, x*k), 20 conjunctions over one pair of terms a batch, proven
// in one Z3 call with fresh variables in the terms' place (see abstract);
// every fifth batch is a single conjunction that mixes a term with its
// offsets and negation (U, U+k, -U, k-U), which Canon rewrites, proven
// over the real terms.
func TestReduceByZ3(t *testing.T) {
	z := z3test.New(t)
	pr := &prover{t: t, z: z}
	r := rand.New(rand.NewPCG(14, 6))
	instances, conflicts, points, shorter, rewritten := 0, 0, 0, 0, 0
	perWidth := make(map[int]int)
	for i := 0; instances < perFamily; i++ {
		w := widths[i%len(widths)]
		g := newGen(r, w)
		var pool []expr.Expr
		batch := 20
		if i%5 == 0 { // the rewritten sample
			u := g.term()
			pool = []expr.Expr{u, expr.Add(u, g.k()), expr.Add(u, expr.Const(w, g.near(0))), expr.Neg(u), expr.Sub(g.k(), u)}
			batch = 1
			rewritten++
		} else {
			plain := []expr.Expr{g.x, expr.Add(g.x, g.y), expr.BitAnd(g.x, g.y), expr.BitXor(g.x, g.y), expr.Mul(g.x, expr.Const(w, g.constant()|1))}
			pool = []expr.Expr{plain[r.IntN(len(plain))], plain[r.IntN(len(plain))]}
		}
		var claims []expr.Expr
		var why []string
		for range batch {
			q := randomConjunction(g, pool)
			red, conflict := green.Reduce(q)
			instances++
			perWidth[w]++
			if conflict {
				conflicts++
				claims = append(claims, expr.Not(expr.And(q...)))
				why = append(why, sprint("Reduce found a conflict in the satisfiable ", q))
				continue
			}
			if len(red) < len(q) {
				shorter++
			}
			for _, e := range red {
				if e.Op() == expr.OpEq && e.Arg(1).IsConst() {
					points++
					break
				}
			}
			if again, _ := green.Reduce(red); !slices.Equal(again, red) {
				t.Errorf("Reduce(%v) = %v, but Reduce of that is %v", q, red, again)
			}
			claims = append(claims, iff(expr.And(q...), expr.And(red...)))
			why = append(why, sprint(q, " is not equivalent to its reduction ", red))
		}
		if batch > 1 {
			fresh := freshFor(pool...)
			for j := range claims {
				claims[j] = abstract(claims[j], fresh)
			}
		}
		pr.prove(expr.True, claims, func(j int) string { return why[j] })
	}
	if t.Failed() {
		return
	}
	t.Logf("%d reductions proven by Z3 in %d calls (%d of them over rewritten terms): %d conflicts, %d shorter, %d with an equality; per width %v",
		instances, pr.calls, rewritten, conflicts, shorter, points, perWidth)
	if conflicts < perFamily/20 || points < perFamily/50 || shorter < perFamily/4 {
		t.Errorf("too few interesting reductions: %d conflicts, %d equalities, %d shorter", conflicts, points, shorter)
	}
}

// randomConjunction is 2–6 comparisons of terms of the pool with constants
// from a small set around one value, so that bounds meet, cross and
// exclude each other's ends.
func randomConjunction(g *gen, pool []expr.Expr) []expr.Expr {
	base := g.constant()
	consts := []uint64{base, g.near(base), g.near(base), g.near(base), g.edge()}
	n := 2 + g.r.IntN(5)
	q := make([]expr.Expr, n)
	for i := range q {
		t := pool[g.r.IntN(len(pool))]
		c := consts[g.r.IntN(len(consts))]
		if g.r.IntN(3) == 0 {
			q[i] = expr.Ne(t, expr.Const(g.w, c))
		} else {
			q[i] = g.compare(t, c)
		}
	}
	return q
}
