package main

import (
	"slices"

	"github.com/gosymtest/gosymtest/report"
)

// gapOf is one function's verdict on an uncovered block.
type gapOf struct{ reason, detail string }

// packageCounts recomputes a package's counts over the union's blocks as
// report.Build does (buildPackage): funcGaps gives, for a block position,
// the gaps of the package's functions whose declaration holds it, in
// target order.
func (m *merger) packageCounts(pkg string, funcGaps func(pos string) []gapOf) (c report.Counts, reasons map[string]int, other []report.Gap) {
	reasons, other = map[string]int{}, []report.Gap{}
	for _, b := range m.blocks[pkg] {
		c.Statements += b.Statements
		if b.Entered {
			c.ExecutorCovered += b.Statements
		}
		if b.Unmatched {
			c.Unmatched += b.Statements
		}
		if b.Covered {
			c.Covered += b.Statements
			continue
		}
		gs := funcGaps(b.Pos)
		reason, detail := "not-explored", ""
		for k, g := range gs {
			if k == 0 || (reason == "dead" && g.reason != "dead") {
				reason, detail = g.reason, g.detail
			}
		}
		if b.Entered && reason != "no-test" {
			reason, detail = "no-test", "entered by the exploration of another function; no emitted test ran it"
		}
		if reason == "dead" {
			c.Dead += b.Statements
		}
		if b.Statements > 0 {
			reasons[reason] += b.Statements
		}
		if len(gs) == 0 {
			other = append(other, report.Gap{Pos: b.Pos, End: b.End, Statements: b.Statements, Reason: reason, Detail: detail})
		}
	}
	return c, reasons, other
}

// statsGaps gives packageCounts the gaps of the merged -stats functions.
func (m *merger) statsGaps(pkg string) func(string) []gapOf {
	return func(pos string) []gapOf {
		var out []gapOf
		for _, f := range m.ordered() {
			if f.Package != pkg {
				continue
			}
			for _, g := range f.Uncovered {
				if g.Pos == pos {
					out = append(out, gapOf{g.Reason, g.Detail})
				}
			}
		}
		return out
	}
}

// stats is the merged -stats file.
func (m *merger) stats() report.Stats {
	first := m.shards[0]
	// Which methods are tested through others is a fact of the loaded
	// packages: every shard lists all of them.
	through := first.TestedThrough
	if through == nil {
		through = []report.ThroughStats{}
	}
	s := report.Stats{Functions: []report.FunctionStats{}, LoadErrors: first.LoadErrors, Disagreements: []report.Disagreement{},
		PanicsFound: []report.PanicFound{}, TestedThrough: through, Store: report.StoreStats{Kind: storeOff}}
	t := &s.Totals
	t.Packages, t.PackagesFailed = first.Totals.Packages, first.Totals.PackagesFailed
	// SolverLayers stays nil (null) until a function adds to it, as in
	// newStats.
	for _, sh := range m.shards {
		o := sh.Totals
		t.Functions += o.Functions
		t.FunctionsExplored += o.FunctionsExplored
		t.FunctionsSkipped += o.FunctionsSkipped
		t.Paths += o.Paths
		t.Pruned += o.Pruned
		t.PruneMs += o.PruneMs
		t.Instructions += o.Instructions
		t.SolverQueries += o.SolverQueries
		t.SolverMs += o.SolverMs
		t.SolverUnknowns += o.SolverUnknowns
		t.SolverUnknownMs += o.SolverUnknownMs
		t.SolverEscalations += o.SolverEscalations
		t.SolverEscalatedMs += o.SolverEscalatedMs
		t.TestsEmitted += o.TestsEmitted
		t.TestsDropped += o.TestsDropped
		t.Disagreements += o.Disagreements
		t.FuzzTargets += o.FuzzTargets
		t.FuzzSeeds += o.FuzzSeeds
		t.WallMs += o.WallMs
		t.TestsNotCompiled += o.TestsNotCompiled
		t.ValidationRuns += o.ValidationRuns
		t.PanicsDropped += o.PanicsDropped
		s.Store = addStore(s.Store, sh.Store)
	}
	for _, f := range m.ordered() {
		if f.SolverLayers != nil { // explored
			t.SolverLayers = addLayers(t.SolverLayers, f.SolverLayers)
		}
		t.Blocks += f.Blocks
		t.BlocksCovered += f.BlocksCovered
		t.BlocksDead += f.BlocksDead
		s.Functions = append(s.Functions, *f)
	}
	// Disagreements by package (the loader's order), each shard's in its
	// own order.
	for _, pkg := range m.packagesOf() {
		for _, sh := range m.shards {
			for _, d := range sh.Disagreements {
				if d.Package == pkg {
					s.Disagreements = append(s.Disagreements, d)
				}
			}
			for _, f := range sh.PanicsFound {
				if f.Package == pkg {
					s.PanicsFound = append(s.PanicsFound, f)
				}
			}
		}
	}
	for _, pkg := range m.packages {
		c, _, _ := m.packageCounts(pkg, m.statsGaps(pkg))
		t.Statements += c.Statements
		t.StatementsCovered += c.Covered
		t.StatementsDead += c.Dead
		t.StatementsExecutorCovered += c.ExecutorCovered
	}
	return s
}

// packagesOf lists the packages of the targets and of the blocks, by
// import path.
func (m *merger) packagesOf() []string {
	set := slices.Clone(m.packages)
	for _, f := range m.funcs {
		set = append(set, f.Package)
	}
	slices.Sort(set)
	return slices.Compact(set)
}

// addStore sums two store objects; the kind is the first one used.
func addStore(a, b report.StoreStats) report.StoreStats {
	if a.Kind == storeOff {
		a.Kind = b.Kind
	}
	a.Loads += b.Loads
	a.Saves += b.Saves
	a.EntriesLoaded += b.EntriesLoaded
	a.EntriesSaved += b.EntriesSaved
	a.LoadMs += b.LoadMs
	a.SaveMs += b.SaveMs
	a.Errors += b.Errors
	return a
}
