package solver_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// The engine's differential: exploring fixture packages with the chain
// must find the same paths and cover the same blocks as exploring with
// Z3 alone, whichever layers are on, and validation must find no layer
// wrong.

// fixturePatterns are the packages explored, and fixtureWork bounds each
// function's exploration (work, not time, so that every arm stops at the
// same point).
var fixturePatterns = []string{"./testdata/demo", "./testdata/exec/classic"}

const fixtureWork = 1_000_000

var (
	loadOnce sync.Once
	loaded   *loader.Program
	loadErr  error
)

func fixtures(t testing.TB) *loader.Program {
	t.Helper()
	loadOnce.Do(func() {
		loaded, loadErr = loader.Load(loader.Config{Dir: "..", Patterns: fixturePatterns})
		if loadErr == nil && len(loaded.Errors) > 0 {
			loadErr = fmt.Errorf("fixtures did not load: %v", loaded.Errors)
		}
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}

// targets are the fixture functions the engine explores.
func targets(t testing.TB) []*ssa.Function {
	var fns []*ssa.Function
	for _, p := range fixtures(t).Packages {
		for _, fn := range p.Targets {
			if symbolic.SkipReason(fn) == "" {
				fns = append(fns, fn)
			}
		}
	}
	if len(fns) == 0 {
		t.Fatal("no fixture functions")
	}
	return fns
}

// outcome is what an exploration found, in a comparable form.
type outcome struct {
	paths   []string // each path's end and blocks, sorted
	tests   []string // every end, boundary cases too, with its test's inputs, in order
	covered []string // the blocks entered, sorted
	summary string
	// exhausted: the exploration ran every path to its end, so the paths
	// do not depend on how the work was spent.
	exhausted bool
	stats     solver.Stats
}

// explore explores fn with a chain of the given options over a new Z3;
// record, when set, wraps the core.
func explore(t testing.TB, fn *ssa.Function, opts solver.ChainOptions, record func(solver.Solver) solver.Solver) outcome {
	t.Helper()
	core, err := plainZ3()
	if err != nil {
		t.Fatal(err)
	}
	if record != nil {
		core = record(core)
	}
	chain, err := solver.NewChain(core, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Close()
	var out outcome
	sink := func(p *machine.PathEnd) {
		t := fmt.Sprintf("%v %s:", p.Kind, p.Boundary)
		if p.Test != nil {
			for _, a := range p.Test.Args {
				t += " " + a.String()
			}
		}
		out.tests = append(out.tests, t)
		if p.Boundary != "" {
			// A boundary case runs the inputs of a model of the operands
			// at the boundary: the rest of the run follows the model.
			return
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%v:", p.Kind)
		for _, bl := range p.Blocks {
			fmt.Fprintf(&b, " %s.%d", bl.Parent(), bl.Index)
		}
		out.paths = append(out.paths, b.String())
	}
	cfg := machine.Config{Solver: chain, Sink: machine.SinkFunc(sink), MaxWork: fixtureWork, Bounds: machine.Bounds{MaxElems: 3, MaxLen: 4}, NoMutants: true}
	sum, err := symbolic.NewEngine(fixtures(t).SSA, cfg).Explore(context.Background(), fn)
	if err != nil {
		t.Fatalf("%s: %v", fn, err)
	}
	slices.Sort(out.paths)
	for b := range sum.CoveredBlocks {
		out.covered = append(out.covered, fmt.Sprintf("%s.%d", b.Parent(), b.Index))
	}
	slices.Sort(out.covered)
	ends := slices.Sorted(maps.Keys(sum.Ends))
	// Work is left out: the number of queries depends on the models
	// (a readable-input preference that the model already satisfies
	// needs no query).
	out.exhausted = sum.Exhausted
	out.summary = fmt.Sprintf("paths %d, covered %d of %d, exhausted %v, ends", sum.Paths, sum.Covered, sum.Blocks, sum.Exhausted)
	for _, k := range ends {
		out.summary += fmt.Sprintf(" %v:%d", k, sum.Ends[k])
	}
	out.stats = chain.Stats()
	return out
}

// TestChainExplorationsAgree explores every fixture function with Z3
// alone, with the whole chain and with each layer alone (validation on
// in the chains), and requires the same paths, coverage and summary.
//
// Two things may differ, as the models do (a layer's model is a right
// one, not the one Z3 would have given): the boundary cases, whose runs
// follow the model beyond the boundary, are left out; and so is the
// work, as the engine asks no query for a readable-input preference
// that the model already satisfies.
//
// The paths of an exploration that MaxWork cuts are not compared, only
// its coverage: where the engine concretizes to model values, or reads
// the bytes of a readable input, other models spend the work on other
// paths (testdata/exec/classic's ParseHexColor, with the whole chain,
// ends one of its 49 paths on the budget where Z3 alone returns on it;
// testdata/exec/stdlib's Join, with independence and a cache on, ends
// 109 paths where Z3 alone ends 139, covering the same blocks).
func TestChainExplorationsAgree(t *testing.T) {
	arms := map[string][]string{"all": nil}
	for _, l := range solver.Layers {
		var off []string
		for _, o := range solver.Layers {
			if o != l {
				off = append(off, o)
			}
		}
		arms[l] = off
	}
	var z3Alone, z3Chain int64
	for _, fn := range targets(t) {
		base := explore(t, fn, solver.ChainOptions{Off: solver.Layers}, nil)
		z3Alone += base.stats.Queries
		for _, name := range slices.Sorted(maps.Keys(arms)) {
			got := explore(t, fn, solver.ChainOptions{Off: arms[name], Validate: true, Oracle: plainZ3}, nil)
			if name == "all" {
				z3Chain += got.stats.Queries
			}
			if got.exhausted != base.exhausted {
				t.Errorf("%s, %s on: exhausted %v; Z3 alone: %v", fn, name, got.exhausted, base.exhausted)
			}
			// An exploration cut by the work is compared by its coverage
			// only (below).
			switch {
			case !base.exhausted:
			case got.summary != base.summary:
				t.Errorf("%s, %s on: %s; Z3 alone: %s", fn, name, got.summary, base.summary)
			case !slices.Equal(got.paths, base.paths):
				t.Errorf("%s, %s on: other paths; only with it:\n%s\nonly without:\n%s", fn, name, strings.Join(minus(got.paths, base.paths), "\n"), strings.Join(minus(base.paths, got.paths), "\n"))
			}
			if !slices.Equal(got.covered, base.covered) {
				t.Errorf("%s, %s on: covers %v; Z3 alone %v", fn, name, got.covered, base.covered)
			}
			for _, l := range got.stats.Layers {
				if l.Wrong != 0 {
					t.Errorf("%s, %s on: layer %s gave %d wrong answers", fn, name, l.Name, l.Wrong)
				}
			}
		}
	}
	t.Logf("%d functions; queries reaching Z3: %d alone, %d with the chain", len(targets(t)), z3Alone, z3Chain)
	if z3Chain >= z3Alone {
		t.Errorf("the chain saved no Z3 queries: %d with it, %d without", z3Chain, z3Alone)
	}
}

// minus is a without the elements of b (both sorted), as a multiset.
func minus(a, b []string) []string {
	var out []string
	for len(a) > 0 {
		switch {
		case len(b) == 0 || a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case a[0] == b[0]:
			a, b = a[1:], b[1:]
		default:
			b = b[1:]
		}
	}
	return out
}

// TestChainRerunFromStore explores every fixture function twice with the
// whole chain and one Store: the second run must ask Z3 nothing and
// replay the first run's answers, so that it finds the same paths with
// the same test inputs, boundary cases included.
func TestChainRerunFromStore(t *testing.T) {
	store := solver.NewMemStore()
	for _, fn := range targets(t) {
		opts := solver.ChainOptions{Store: store, Scope: fn.String()}
		first := explore(t, fn, opts, nil)
		again := explore(t, fn, opts, nil)
		if again.stats.Queries != 0 {
			t.Errorf("%s: the rerun asked Z3 %d queries (the first run %d)", fn, again.stats.Queries, first.stats.Queries)
		}
		if !slices.Equal(first.tests, again.tests) {
			t.Errorf("%s: the rerun found\n%s\nthe first run\n%s", fn, strings.Join(again.tests, "\n"), strings.Join(first.tests, "\n"))
		}
		if store.Len(fn.String()) == 0 {
			t.Errorf("%s: nothing stored", fn)
		}
	}
}
