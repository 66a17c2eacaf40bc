package symbolic

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/inputs"

	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"github.com/gosymtest/gosymtest/testdata/exec/perf"
	"golang.org/x/tools/go/ssa"
)

// The executor's benchmarks: figures are reported as metrics, not
// asserted, because these machines are noisy.

func benchTarget(b *testing.B, name string) (*Engine, func() *machine.Summary) {
	b.Helper()
	t := &testing.T{}
	fn := target(t, name)
	z3, err := z3.New(z3.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { z3.Close() })
	e := NewEngine(fixtures(t).SSA, machine.Config{Solver: z3, Searcher: "dfs"})
	return e, func() *machine.Summary {
		sum, err := e.Explore(context.Background(), fn)
		if err != nil {
			b.Fatal(err)
		}
		return sum
	}
}

// BenchmarkConcreteLoop reports the interpreter's slowdown against compiled
// Go on concrete work, measured side by side in the same run.
func BenchmarkConcreteLoop(b *testing.B) {
	_, explore := benchTarget(b, "perf.ConcreteLoop")
	start := time.Now()
	var instrs int64
	for i := 0; i < b.N; i++ {
		instrs += explore().Instructions
	}
	interp := time.Since(start) / time.Duration(b.N)
	nativeStart := time.Now()
	const nativeRuns = 2000
	sink := 0
	for i := 0; i < nativeRuns; i++ {
		sink += perf.ConcreteLoop()
	}
	native := time.Since(nativeStart) / nativeRuns
	if sink == 42 {
		b.Log(sink)
	}
	b.ReportMetric(float64(interp)/float64(native), "x-native")
	b.ReportMetric(float64(instrs)/time.Since(start).Seconds()/1e6, "M-instr/s")
}

// BenchmarkForks reports states forked per second on a function with 2^10
// feasible paths (each fork asks the solver about both sides).
func BenchmarkForks(b *testing.B) {
	_, explore := benchTarget(b, "perf.Branchy")
	start := time.Now()
	paths := 0
	for i := 0; i < b.N; i++ {
		paths += explore().Paths
	}
	// A full binary tree with n leaves has n-1 forks.
	b.ReportMetric(float64(paths-b.N)/time.Since(start).Seconds(), "forks/s")
}

// BenchmarkLiveStates reports the memory of 10,000 live states forked from
// one that holds an input record, each then pinned by its own constraint
// and writing one field of the record (so copy-on-write copies happen).
func BenchmarkLiveStates(b *testing.B) {
	e, _ := benchTarget(b, "perf.Touch")
	t := &testing.T{}
	fn := target(t, "perf.Touch")
	e.Ctx = context.Background()
	e.Summary = &machine.Summary{Func: fn, CoveredBlocks: map[*ssa.BasicBlock]bool{}, Ends: map[machine.EndKind]int{}}
	for n := 0; n < b.N; n++ {
		root := e.in.InitialState(fn, inputs.NewSymbolic(e.Cfg.Bounds))
		rec := root.Stack[0].Regs[0].(value.Pointer)
		e.Load(root, rec) // materialise the record's fields
		before := heapBytes()
		states := make([]*machine.State, 10000)
		for i := range states {
			s := root.Fork(i + 2)
			s.Assume(expr.Eq(expr.BVVar("k", 64), expr.Const(64, uint64(i))), "")
			e.Store(s, value.Pointer{NonNil: expr.True, Obj: rec.Obj, Path: value.Path{0}}, value.Scalar{E: expr.Const(64, uint64(i))})
			states[i] = s
		}
		after := heapBytes()
		b.ReportMetric(float64(after-before)/float64(len(states)), "B/state")
		runtime.KeepAlive(states)
	}
}

func heapBytes() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkPackageInit reports the interpreter's speed on the concrete work
// of package initialisers (on real packages they are most of the
// instructions): a fresh engine per iteration runs perfinit's init, which
// fills a 4,096-element table and a 2,000-entry map, before exploring a
// function that reads them.
func BenchmarkPackageInit(b *testing.B) {
	t := &testing.T{}
	fn := target(t, "perfinit.Probe")
	z3, err := z3.New(z3.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { z3.Close() })
	start := time.Now()
	var instrs int64
	for i := 0; i < b.N; i++ {
		e := NewEngine(fixtures(t).SSA, machine.Config{Solver: z3, Searcher: "dfs"})
		sum, err := e.Explore(context.Background(), fn)
		if err != nil {
			b.Fatal(err)
		}
		if sum.Ends[machine.EndReturn] != 1 {
			b.Fatalf("Probe did not return after the init: ends %v", sum.Ends)
		}
		instrs += sum.Instructions
	}
	b.ReportMetric(float64(instrs)/time.Since(start).Seconds()/1e6, "M-instr/s")
	b.ReportMetric(float64(instrs)/float64(b.N), "instr/op")
}
