package report

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// moduleDir is the module root, where the fixtures' paths start.
const moduleDir = "../"

// exploration is what the tests explore with.
type exploration struct {
	budget   time.Duration
	maxPaths int
	maxWork  int64
	bounds   machine.Bounds
}

// explore loads the patterns and explores every target as the command
// does, then builds the report.
func explore(t *testing.T, ex exploration, patterns ...string) (*Report, Input) {
	t.Helper()
	dir, err := filepath.Abs(moduleDir)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := loader.Load(loader.Config{Dir: dir, Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	if ex.budget == 0 {
		ex.budget = 10 * time.Second
	}
	in := Input{Program: prog.SSA, Bounds: ex.bounds, Budget: ex.budget, MaxWork: ex.maxWork, MaxPaths: ex.maxPaths, BaseDir: dir, ModulePath: "github.com/gosymtest/gosymtest"}
	for _, p := range prog.Packages {
		rp := Package{Path: p.Path, Dir: p.Dir}
		for _, fn := range p.Targets {
			f := Func{Name: loader.FuncName(fn), Fn: fn}
			if reason := symbolic.SkipReason(fn); reason != "" {
				f.Skipped = reason
				rp.Funcs = append(rp.Funcs, f)
				continue
			}
			z3, err := z3.New(z3.Options{Timeout: max(ex.budget/4, 100*time.Millisecond)})
			if err != nil {
				t.Fatal(err)
			}
			engine := symbolic.NewEngine(prog.SSA, machine.Config{
				Solver:   z3,
				Sink:     machine.SinkFunc(func(p *machine.PathEnd) { f.Paths = append(f.Paths, p) }),
				Budget:   ex.budget,
				MaxPaths: ex.maxPaths,
				MaxWork:  ex.maxWork,
				Bounds:   ex.bounds,
			})
			f.Summary, err = engine.Explore(context.Background(), fn)
			z3.Close()
			if err != nil {
				f.Skipped = err.Error()
			}
			rp.Funcs = append(rp.Funcs, f)
		}
		in.Packages = append(in.Packages, rp)
	}
	r, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	return r, in
}
