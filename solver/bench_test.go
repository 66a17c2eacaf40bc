package solver

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

// BenchmarkQueries measures query throughput on random path-condition-like
// queries of two conjuncts over two 32-bit variables.
func BenchmarkQueries(b *testing.B) {
	z, err := NewZ3(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer z.Close()
	g := &exprtest.Gen{R: rand.New(rand.NewPCG(9, 10)), Vars: []expr.Expr{expr.BVVar("x", 32), expr.BVVar("y", 32)}}
	queries := make([]Query, 1000)
	for i := range queries {
		queries[i] = Query{Constraints: []expr.Expr{g.Bool(2), g.Bool(2)}}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		z.Check(context.Background(), queries[i%len(queries)])
	}
}

// BenchmarkMemoryOver100kQueries runs 100,000 queries and reports Z3's
// memory and the Go heap after the first 1,000 and at the end, so a leak
// shows as growth between the two. Run it with -benchtime=1x.
func BenchmarkMemoryOver100kQueries(b *testing.B) {
	for n := 0; n < b.N; n++ {
		z, err := NewZ3(Options{})
		if err != nil {
			b.Fatal(err)
		}
		g := &exprtest.Gen{R: rand.New(rand.NewPCG(11, 12)), Vars: []expr.Expr{expr.BVVar("x", 32), expr.BVVar("y", 32)}}
		var z3Start, heapStart uint64
		for i := 0; i < 100000; i++ {
			z.Check(context.Background(), Query{Constraints: []expr.Expr{g.Bool(2)}})
			if i == 999 {
				z3Start, heapStart = EstimatedAllocBytes(), heapInUse()
			}
		}
		b.ReportMetric(float64(z3Start)/(1<<20), "z3-MB-at-1k")
		b.ReportMetric(float64(EstimatedAllocBytes())/(1<<20), "z3-MB-at-100k")
		b.ReportMetric(float64(heapStart)/(1<<20), "heap-MB-at-1k")
		b.ReportMetric(float64(heapInUse())/(1<<20), "heap-MB-at-100k")
		z.Close()
	}
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}
