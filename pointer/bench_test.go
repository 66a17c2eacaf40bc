package pointer

import (
	"runtime"
	"sync"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// Loading and building SSA for a whole program takes seconds; share it.
var (
	progMu    sync.Mutex
	progCache = map[string]*loader.Program{}
)

func loadProgram(tb testing.TB, pattern string) *loader.Program {
	tb.Helper()
	progMu.Lock()
	defer progMu.Unlock()
	if p, ok := progCache[pattern]; ok {
		return p
	}
	p, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{pattern}})
	if err != nil {
		tb.Fatalf("load %s: %v", pattern, err)
	}
	if len(p.Errors) > 0 {
		tb.Fatalf("load %s: %v", pattern, p.Errors)
	}
	progCache[pattern] = p
	return p
}

// targets returns the target functions of the loaded packages.
func targets(p *loader.Program) []*ssa.Function {
	var out []*ssa.Function
	for _, pkg := range p.Packages {
		out = append(out, pkg.Targets...)
	}
	return out
}

func benchmarkProgram(b *testing.B, pattern string, mode Mode) {
	p := loadProgram(b, pattern)
	entries := targets(p)
	runtime.GC()
	b.ReportAllocs()
	b.ResetTimer()
	var r *Result
	for i := 0; i < b.N; i++ {
		var err error
		r, err = Analyze(Config{Program: p.SSA, Entries: entries, Mode: mode})
		if err != nil {
			b.Fatal(err)
		}
		r.modRefs() // include the mod/ref summaries
	}
	b.StopTimer()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heapMB")
	if r.a != nil {
		b.ReportMetric(float64(len(r.a.nodes)), "nodes")
		b.ReportMetric(float64(len(r.a.funcs)), "funcs")
	} else {
		b.ReportMetric(float64(len(r.tb.order)), "funcs")
	}
}

func BenchmarkGoParserAndersen(b *testing.B)  { benchmarkProgram(b, "go/parser", Andersen) }
func BenchmarkGoParserTypeBased(b *testing.B) { benchmarkProgram(b, "go/parser", TypeBased) }
func BenchmarkGosymtestAndersen(b *testing.B) {
	benchmarkProgram(b, "github.com/gosymtest/gosymtest/cmd/gosymtest", Andersen)
}
func BenchmarkGosymtestTypeBased(b *testing.B) {
	benchmarkProgram(b, "github.com/gosymtest/gosymtest/cmd/gosymtest", TypeBased)
}
