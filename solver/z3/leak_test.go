package z3

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

// TestReferencesReleasedPerQuery: whatever the outcome, a query leaves no
// reference held by the translation.
func TestReferencesReleasedPerQuery(t *testing.T) {
	z := newZ3(t, Options{})
	g := &exprtest.Gen{R: rand.New(rand.NewPCG(13, 14)), Vars: []expr.Expr{expr.BVVar("x", 16)}, Array: expr.ArrayVar("m", 8, 16)}
	hard, _ := semiprime()
	timed := newZ3(t, Options{Timeout: 10 * time.Millisecond})
	for i := 0; i < 50; i++ {
		z.Check(bg, randomQuery(g, 3))
		if n := z.tr.held(); n != 0 {
			t.Fatalf("query %d left %d references held", i, n)
		}
	}
	if r := timed.Check(bg, hard); r.Result != solver.Unknown || timed.tr.held() != 0 {
		t.Fatalf("a timed-out query: %v, %d references held", r.Result, timed.tr.held())
	}
}

// TestNoLeak is the cheap leak check: after the first queries have warmed
// Z3's caches up, ten times as many must not make its memory grow much.
// The context is renewed twice on the way, which must not leak either (a
// context holds some 20 MB).
func TestNoLeak(t *testing.T) {
	z := newZ3(t, Options{})
	z.checksPerContext = 700
	g := &exprtest.Gen{R: rand.New(rand.NewPCG(7, 8)), Vars: []expr.Expr{expr.BVVar("x", 32), expr.BVVar("y", 32)}, Array: expr.ArrayVar("m", 8, 32)}
	e := exprtest.NewExplorer(g)
	ask := func(path []expr.Expr) bool { return z.Check(bg, query(path...)).Result == solver.Sat }
	for z.Stats().Queries < 200 {
		e.Step(ask)
	}
	warm := EstimatedAllocBytes()
	for z.Stats().Queries < 2000 {
		e.Step(ask)
	}
	after := EstimatedAllocBytes()
	t.Logf("Z3 memory: %d KB after 200 queries, %d KB after 2000", warm>>10, after>>10)
	if after > warm+warm/4 {
		t.Fatalf("Z3 memory grew from %d to %d bytes over 1800 queries", warm, after)
	}
}

// TestCloseReleasesZ3Memory: Close gives back what the solver took.
func TestCloseReleasesZ3Memory(t *testing.T) {
	before := EstimatedAllocBytes()
	z, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := &exprtest.Gen{R: rand.New(rand.NewPCG(15, 16)), Vars: []expr.Expr{expr.BVVar("x", 32), expr.BVVar("y", 32)}}
	for i := 0; i < 300; i++ {
		z.Check(bg, randomQuery(g, 3))
	}
	during := EstimatedAllocBytes()
	z.Close()
	after := EstimatedAllocBytes()
	t.Logf("Z3 memory: %d KB before, %d KB in use, %d KB after Close", before>>10, during>>10, after>>10)
	if during < before+1<<20 {
		t.Fatalf("the solver took only %d bytes; the test measures nothing", during-before)
	}
	if after > before+256<<10 {
		t.Fatalf("Close left %d of %d bytes allocated", after-before, during-before)
	}
}
