package green_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/solver/green"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// benchStore is a store of n Sat conjunctions over 32-bit x and y, each
// made of constraints that its model satisfies (found by evaluation, so no
// Z3 is needed), and n Unsat ones (a Sat conjunction plus the negation of
// one of its constraints), with queries of the same shape.
func benchStore(n int) (*green.Store, [][]expr.Expr) {
	r := rand.New(rand.NewPCG(14, 9))
	g := newGen(r, 32)
	terms := []expr.Expr{g.x, g.y, expr.Add(g.x, g.y), expr.Add(g.x, expr.Const(32, 7)), expr.Sub(g.x, g.y)}
	conjunction := func() ([]expr.Expr, *expr.Values) {
		m := &expr.Values{Scalars: map[expr.Expr]uint64{g.x: uint64(r.IntN(200)), g.y: uint64(r.IntN(200))}}
		var q []expr.Expr
		for len(q) < 1+r.IntN(6) {
			c := g.compare(terms[r.IntN(len(terms))], uint64(r.IntN(220)))
			if expr.EvalBool(c, m) {
				q = append(q, c)
			}
		}
		return q, m
	}
	s := green.NewStore()
	var queries [][]expr.Expr
	for range n {
		q, m := conjunction()
		s.AddSat(q, m)
		u, _ := conjunction()
		s.AddUnsat(append(u, expr.Not(u[0])))
		q, _ = conjunction()
		queries = append(queries, q)
	}
	return s, queries
}

func BenchmarkFindSat(b *testing.B) {
	s, queries := benchStore(2000)
	hits := 0
	for i := 0; b.Loop(); i++ {
		if _, ok := s.FindSat(queries[i%len(queries)]); ok {
			hits++
		}
	}
	b.ReportMetric(float64(hits)/float64(b.N), "hits/op")
}

func BenchmarkFindUnsat(b *testing.B) {
	s, queries := benchStore(2000)
	for i := 0; b.Loop(); i++ {
		s.FindUnsat(queries[i%len(queries)])
	}
}

func BenchmarkReduce(b *testing.B) {
	_, queries := benchStore(2000)
	for i := 0; b.Loop(); i++ {
		green.Reduce(queries[i%len(queries)])
	}
}
