package z3

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

// benchGen makes the benchmarks' terms: two 16-bit variables and an array.
func benchGen(seed uint64) *exprtest.Gen {
	return &exprtest.Gen{R: rand.New(rand.NewPCG(seed, seed)), Vars: []expr.Expr{expr.BVVar("x", 16), expr.BVVar("y", 16)}, Array: expr.ArrayVar("m", 8, 16)}
}

// BenchmarkQueries measures throughput on path-shaped query sequences,
// where incremental solving pays (one op is one branch: two queries), and
// on independent random queries, where it cannot (one op is one query).
func BenchmarkQueries(b *testing.B) {
	for _, incremental := range []bool{true, false} {
		b.Run(fmt.Sprintf("paths/incremental=%v", incremental), func(b *testing.B) {
			z := newZ3(b, Options{NoIncremental: !incremental})
			e := exprtest.NewExplorer(benchGen(9))
			ask := func(path []expr.Expr) bool { return z.Check(bg, query(path...)).Result == solver.Sat }
			for b.Loop() {
				e.Step(ask)
			}
			reportQueries(b, z.Stats())
		})
	}
	b.Run("independent", func(b *testing.B) {
		z := newZ3(b, Options{})
		g := benchGen(10)
		queries := make([]solver.Query, 1000)
		for i := range queries {
			queries[i] = randomQuery(g, 3)
		}
		i := 0
		for b.Loop() {
			z.Check(bg, queries[i%len(queries)])
			i++
		}
		reportQueries(b, z.Stats())
	})
}

func reportQueries(b *testing.B, st solver.Stats) {
	b.ReportMetric(float64(st.Queries)/b.Elapsed().Seconds(), "queries/s")
	if all := st.Asserted + st.Reused; all > 0 {
		b.ReportMetric(float64(st.Reused)/float64(all), "reused/constraint")
	}
}

// BenchmarkQueriesMemory runs exactly 100,000 path-shaped queries per
// iteration on one solver and reports Z3's memory (its own estimate) and
// the Go heap at the start and at the end: a leak shows as growth between
// the two. The start is after 10,000 queries, so that both points are at
// the end of a context's life (the backend renews its context every
// 10,000 checks, and Z3's memory rises over a context's life). Run it with
// -benchtime=1x; -v also logs the figures every 10,000 queries.
func BenchmarkQueriesMemory(b *testing.B) {
	const total = 100_000
	for b.Loop() {
		z := newZ3(b, Options{})
		e := exprtest.NewExplorer(benchGen(11))
		ask := func(path []expr.Expr) bool { return z.Check(bg, query(path...)).Result == solver.Sat }
		var z3Start, heapStart uint64
		for z.Stats().Queries < total {
			n := z.Stats().Queries
			e.Step(ask)
			if n/10_000 == z.Stats().Queries/10_000 {
				continue
			}
			z3, heap := EstimatedAllocBytes(), heapInUse()
			if z3Start == 0 {
				z3Start, heapStart = z3, heap
			}
			b.Logf("%6d queries: Z3 %5.1f MB, Go heap %5.1f MB", z.Stats().Queries, mb(z3), mb(heap))
		}
		b.ReportMetric(mb(z3Start), "z3-MB-at-10k")
		b.ReportMetric(mb(EstimatedAllocBytes()), "z3-MB-at-100k")
		b.ReportMetric(mb(heapStart), "heap-MB-at-10k")
		b.ReportMetric(mb(heapInUse()), "heap-MB-at-100k")
		reportQueries(b, z.Stats())
		z.Close()
	}
}

// BenchmarkSolverLifetime is the measurement behind checksPerSolver: the
// throughput and Z3 memory of path-shaped queries when the solver object
// is replaced every n checks. Run it with -benchtime=1000x.
func BenchmarkSolverLifetime(b *testing.B) {
	for _, n := range []int{1, 50, 500, 5000} {
		b.Run(fmt.Sprintf("checks=%d", n), func(b *testing.B) {
			z := newZ3(b, Options{})
			z.checksPerSolver = n
			e := exprtest.NewExplorer(benchGen(12))
			ask := func(path []expr.Expr) bool { return z.Check(bg, query(path...)).Result == solver.Sat }
			for b.Loop() {
				e.Step(ask)
			}
			reportQueries(b, z.Stats())
			b.ReportMetric(mb(EstimatedAllocBytes()), "z3-MB")
		})
	}
}

func mb(bytes uint64) float64 { return float64(bytes) / (1 << 20) }

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}
