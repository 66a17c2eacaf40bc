package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	gsreport "github.com/gosymtest/gosymtest/report"
)

// The solver arms: gosymtest with its solver chain's layers
// switched off by -solver-off, from none to all of them, and the whole
// chain once more on a rerun that reads the answers the first run stored.
// They are opt-in (-with solver names them all) and Extra: they have a
// table of their own (solvertable.go). They also run on the solver-bench
// subjects, the GreenTrie paper's programs ported to Go
// (testdata/solverbench, corpus tag subject), which no other arm
// measures.
const (
	solverGroup    = "solver"       // -with solver: every solver arm
	armSolverNone  = "solver-none"  // -solver-off all: every query reaches Z3
	armSolverExact = "solver-exact" // fast paths, independence and the exact cache
	armSolverCex   = "solver-cex"   // and KLEE's counterexample cache
	armSolverGreen = "solver-green" // and GreenTrie, subst and narrow: the whole chain
	armSolverStore = "solver-store" // the whole chain, rerun with one -store
)

// solverBudget is the least -budget of the solver arms. Their calls
// compare only if every arm explores the same paths: -max-work, which the
// engine charges the same whoever answers a query, must be what cuts an
// exploration, never the clock, which would let a faster arm explore
// more and so ask more. A minute was not enough for encoding/csv's
// Reader.readRecord with no layer at -max-work 500000, whose queries take
// up to 10s each (65s, cut by the clock, where the chain took 42s).
const solverBudget = 5 * time.Minute

// solverArmBudget is the -budget a solver arm runs with when the others
// run with budget.
func solverArmBudget(budget time.Duration) time.Duration { return max(budget, solverBudget) }

// storeProbe checks that gosymtest has the -store flag (the persistent
// store of answers) without touching any directory.
const storeProbe = "-store off"

// runFigures are the solver figures of one gosymtest run.
type runFigures struct {
	Queries, SolverMs int64 // queries that reached Z3, and Z3's time
	Wall              time.Duration
	Layers            []gsreport.LayerStats
}

// solverSelected tells whether any solver arm is to run: then the
// subjects join the corpus.
func solverSelected(skip, with map[string]bool) bool {
	for _, s := range armSpecs {
		if s.Solver && (!s.OptIn || with[s.Name]) && !skip[s.Name] {
			return true
		}
	}
	return false
}

// hermeticEnv is the environment of one gosymtest process: b.env with a
// fresh, empty user cache directory under parent (os.UserCacheDir is
// $XDG_CACHE_HOME on Linux), so that no stored answer leaks from one arm
// or run into another; only the rerun arm shares a store, by -store.
// GOCACHE is set explicitly, or the go commands gosymtest runs would move
// their build cache into the fresh directory and build everything anew.
func (b *bench) hermeticEnv(parent string) ([]string, error) {
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(parent, "user-cache-")
	if err != nil {
		return nil, err
	}
	return append(append([]string{}, b.env...), "XDG_CACHE_HOME="+dir, "GOCACHE="+b.gocache), nil
}

// firstRun is the first of a rerun arm's two runs: gosymtest with args
// (which name the shared -store) on a copy of the package in dir, which
// it then removes, so that the reported run starts from the very same
// files at the very same place.
func firstRun(b *bench, w *pkgWork, dir string, args []string, timeout time.Duration) (runFigures, error) {
	if err := copyPackage(w.Entry, w.Src, dir, false); err != nil {
		return runFigures{}, fmt.Errorf("copy: %v", err)
	}
	defer os.RemoveAll(dir)
	env, err := b.hermeticEnv(w.Dir)
	if err != nil {
		return runFigures{}, err
	}
	r := command(dir, env, timeout, b.gosymtest, args...)
	st, err := readStats(filepath.Join(dir, "bench-stats.json"))
	if err != nil {
		return runFigures{}, fmt.Errorf("gosymtest failed: %s", r.tail(2))
	}
	t := st.Totals
	return runFigures{Queries: t.SolverQueries, SolverMs: t.SolverMs, Wall: r.Wall, Layers: t.SolverLayers}, nil
}

// readStats reads a gosymtest -stats file.
func readStats(name string) (gsreport.Stats, error) {
	var st gsreport.Stats
	data, err := os.ReadFile(name)
	if err == nil {
		err = json.Unmarshal(data, &st)
	}
	return st, err
}
