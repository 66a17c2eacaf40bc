package green_test

import (
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/green"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestStoreNeverWrongByZ3 feeds a store random conjunctions with Z3's
// answers, as the chain's layer will, and checks every answer the store
// gives before it learns the query's own: FindUnsat only for what Z3 says
// is Unsat, FindSat only with a model that satisfies the query (by
// evaluation) and covers its variables, for queries Z3 says are Sat. Half
// the queries go through Reduce first, half as they are. A second store
// fed the same calls must give the same answers (determinism).
func TestStoreNeverWrongByZ3(t *testing.T) {
	z := z3test.New(t)
	r := rand.New(rand.NewPCG(14, 7))
	x, y := expr.BVVar("x", 8), expr.BVVar("y", 8)
	k := func(v uint64) expr.Expr { return expr.Const(8, v) }
	pool := []expr.Expr{x, x, y, expr.Add(x, y), expr.Add(x, k(3)), expr.Sub(x, y), expr.Neg(y)}
	consts := []uint64{0, 1, 2, 3, 5, 10, 100, 126, 127, 128, 129, 254, 255}
	atom := func() expr.Expr {
		if r.IntN(12) == 0 {
			return expr.Ult(x, y) // opaque
		}
		t := pool[r.IntN(len(pool))]
		c := k(consts[r.IntN(len(consts))])
		forms := []func() expr.Expr{
			func() expr.Expr { return expr.Eq(t, c) },
			func() expr.Expr { return expr.Ne(t, c) },
			func() expr.Expr { return expr.Ult(t, c) },
			func() expr.Expr { return expr.Ule(c, t) },
			func() expr.Expr { return expr.Slt(t, c) },
			func() expr.Expr { return expr.Sle(c, t) },
		}
		return forms[r.IntN(len(forms))]()
	}
	s, twin := green.NewStore(), green.NewStore()
	satHits, unsatHits, sats, unsats := 0, 0, 0, 0
	for range 1500 {
		q := make([]expr.Expr, 1+r.IntN(4))
		for i := range q {
			q[i] = atom()
		}
		if r.IntN(2) == 0 {
			if red, conflict := green.Reduce(q); !conflict {
				q = red
			}
		}
		res := check(t, z, q...)
		unsat := s.FindUnsat(q)
		m, ok := s.FindSat(q)
		if unsat != twin.FindUnsat(q) {
			t.Fatalf("two stores fed the same calls disagree on FindUnsat(%v)", q)
		}
		if m2, ok2 := twin.FindSat(q); ok != ok2 || ok && !maps.Equal(m.Scalars, m2.Scalars) {
			t.Fatalf("two stores fed the same calls disagree on FindSat(%v)", q)
		}
		if unsat {
			unsatHits++
			if res.Result != solver.Unsat {
				t.Fatalf("FindUnsat(%v) is true, but Z3 finds the model %v", q, res.Model.Scalars)
			}
		}
		if ok {
			satHits++
			if res.Result != solver.Sat {
				t.Fatalf("FindSat(%v) gives %v, but Z3 says %v", q, m.Scalars, res.Result)
			}
			for _, c := range q {
				if !expr.EvalBool(c, m) {
					t.Fatalf("FindSat(%v) gives %v, which falsifies %v", q, m.Scalars, c)
				}
			}
			for _, v := range expr.Vars(q...) {
				if _, has := m.Scalars[v]; !has {
					t.Fatalf("FindSat(%v) gives %v, which misses %v", q, m.Scalars, v)
				}
			}
		}
		if res.Result == solver.Sat {
			sats++
			s.AddSat(q, res.Model)
			twin.AddSat(q, res.Model)
		} else {
			unsats++
			s.AddUnsat(q)
			twin.AddUnsat(q)
		}
	}
	sat, unsat := s.Stored()
	t.Logf("%d sat and %d unsat queries; the store answered %d Sat and %d Unsat, and holds %d Sat and %d Unsat conjunctions",
		sats, unsats, satHits, unsatHits, len(sat), len(unsat))
	if satHits < 100 || unsatHits < 100 {
		t.Errorf("too few answers from the store to test it: %d Sat, %d Unsat", satHits, unsatHits)
	}
}
