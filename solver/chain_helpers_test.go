package solver

import (
	"context"
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// recorder is a core that records the queries reaching it and answers
// them with Z3, or with fake when fake gives an answer.
type recorder struct {
	z       Solver
	fake    func(Query) (Response, bool)
	queries []Query
}

func newRecorder(t testing.TB) *recorder { return &recorder{z: newZ3(t)} }

func (r *recorder) Check(ctx context.Context, q Query) Response {
	r.queries = append(r.queries, Query{Constraints: slices.Clone(q.Constraints), ResourceLimit: q.ResourceLimit})
	if r.fake != nil {
		if resp, ok := r.fake(q); ok {
			return resp
		}
	}
	return r.z.Check(ctx, q)
}

func (r *recorder) Stats() Stats { return r.z.Stats() }
func (r *recorder) Close() error { return nil }

// only is the Off list that leaves just the named layers on.
func only(names ...string) []string {
	var off []string
	for _, l := range Layers {
		if !slices.Contains(names, l) {
			off = append(off, l)
		}
	}
	return off
}

// newTestChain is a chain over a recorder; both are closed at the end.
// With Validate, the oracle is a plain Z3.
func newTestChain(t testing.TB, opts ChainOptions) (Solver, *recorder) {
	t.Helper()
	rec := newRecorder(t)
	if opts.Validate {
		opts.Oracle = PlainZ3
	}
	c, err := NewChain(rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, rec
}

// layerStats is the named layer's counts in s's Stats.
func layerStats(t testing.TB, s Solver, name string) LayerStats {
	t.Helper()
	for _, l := range s.Stats().Layers {
		if l.Name == name {
			return l
		}
	}
	t.Fatalf("no layer %s in %v", name, s.Stats().Layers)
	return LayerStats{}
}

func mustResult(t testing.TB, s Solver, q Query, want Result) Response {
	t.Helper()
	r := s.Check(bg, q)
	if r.Result != want {
		t.Fatalf("%v: got %v (%s), want %v", q.Constraints, r.Result, r.Reason, want)
	}
	if want == Sat {
		requireModel(t, q, r)
	}
	return r
}

// Variables and atoms the tests share.
var (
	x8, y8, z8 = expr.BVVar("x", 8), expr.BVVar("y", 8), expr.BVVar("z", 8)
	arr        = expr.ArrayVar("m", 8, 8)
)

func c8(v uint64) expr.Expr { return expr.Const(8, v) }
