package z3

import (
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

// TestPrefixReuse pins down what the incremental backend asserts: only
// the constraints after the longest prefix it already holds.
func TestPrefixReuse(t *testing.T) {
	x := expr.BVVar("x", 8)
	a := expr.Ult(x, expr.Const(8, 100))
	b := expr.Ult(expr.Const(8, 10), x)
	c := expr.Ne(x, expr.Const(8, 50))
	d := expr.Eq(expr.BitAnd(x, expr.Const(8, 1)), expr.Const(8, 1))
	seq := [][]expr.Expr{{a}, {a, b}, {a, c}, {a, c, d}, {a, c, d}, {b}, {}}
	for _, tc := range []struct {
		opts             Options
		asserted, reused int64
	}{
		{Options{}, 1 + 1 + 1 + 1 + 0 + 1 + 0, 0 + 1 + 1 + 2 + 3 + 0 + 0},
		{Options{NoIncremental: true}, 1 + 2 + 2 + 3 + 3 + 1 + 0, 0},
	} {
		z := newZ3(t, tc.opts)
		for _, cs := range seq {
			q := query(cs...)
			requireModel(t, q, z.Check(bg, q))
		}
		if st := z.Stats(); st.Asserted != tc.asserted || st.Reused != tc.reused {
			t.Errorf("%+v: asserted %d, reused %d; want %d, %d", tc.opts, st.Asserted, st.Reused, tc.asserted, tc.reused)
		}
		if len(z.stack) != 0 {
			t.Errorf("%+v: %d constraints still asserted after the empty query", tc.opts, len(z.stack))
		}
	}
}

// TestIncrementalMatchesFresh is the differential test of prefix reuse:
// query sequences shaped like symbolic execution get the same answers
// from an incremental solver, from one that also renews its solver object
// and its context every few checks, from one that escalates queries to a
// fresh unscoped solver after a tiny share (escalate.go), and from one
// that starts every query from an empty solver.
func TestIncrementalMatchesFresh(t *testing.T) {
	inc := newZ3(t, Options{})
	renewed := newZ3(t, Options{})
	renewed.checksPerSolver, renewed.checksPerContext = 7, 23
	escalating := newZ3(t, Options{EscalateAfter: 300})
	fresh := newZ3(t, Options{NoIncremental: true})
	r := rand.New(rand.NewPCG(5, 6))
	g := &exprtest.Gen{R: r, Vars: []expr.Expr{expr.BVVar("x", 16), expr.BVVar("y", 16)}, Array: expr.ArrayVar("m", 8, 16)}
	e := exprtest.NewExplorer(g)
	queries := 0
	ask := func(path []expr.Expr) bool {
		q := query(path...)
		queries++
		want := fresh.Check(bg, q)
		if want.Result == solver.Sat {
			requireModel(t, q, want)
		}
		for name, s := range map[string]*Solver{"incremental": inc, "renewed": renewed, "escalating": escalating} {
			got := s.Check(bg, q)
			if got.Result != want.Result {
				t.Fatalf("query %d: %s says %v (%s), a fresh solver %v (%s); %v", queries, name, got.Result, got.Reason, want.Result, want.Reason, q.Constraints)
			}
			if got.Result == solver.Sat {
				requireModel(t, q, got)
			}
		}
		return want.Result == solver.Sat
	}
	for queries < 400 {
		e.Step(ask)
	}
	st := inc.Stats()
	if st.Reused < 4*st.Asserted {
		t.Errorf("the incremental solver reused too little to test reuse: %+v", st)
	}
	if fresh.Stats().Reused != 0 {
		t.Errorf("NoIncremental reused constraints: %+v", fresh.Stats())
	}
	// Both ways out of an escalation were taken: decided by the fresh
	// solver, and handed back to the incremental one.
	if es := escalating.Stats(); es.EscalationsDecided == 0 || es.EscalationsDecided == es.Escalated {
		t.Errorf("escalations: %d, %d of them decided by the fresh solver; want some of each kind", es.Escalated, es.EscalationsDecided)
	}
	t.Logf("%d queries; incremental %+v; escalating %+v; fresh %+v", queries, st, escalating.Stats(), fresh.Stats())
}
