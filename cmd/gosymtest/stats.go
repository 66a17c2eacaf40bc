package main

import (
	"encoding/json"
	"io"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/report"
)

// The -stats file is a report.Stats (doc.go describes it); its types are
// package report's so that merge and the benchmark harness read it with
// the types that write it.

// newStats summarizes a run. prog may be nil when the go command failed;
// results are the explored targets (none with -dry-run); positions are
// written relative to dir.
func newStats(prog *loader.Program, dir string, selected []target, results []explored, written testsWritten, rep *report.Report, wall time.Duration) report.Stats {
	s := report.Stats{Functions: []report.FunctionStats{}, LoadErrors: []report.LoadError{}, Disagreements: []report.Disagreement{},
		PanicsFound: []report.PanicFound{}, TestedThrough: []report.ThroughStats{}, Store: report.StoreStats{Kind: storeOff}}
	s.Totals.SolverLayers = []report.LayerStats{}
	if prog == nil {
		return s
	}
	failed := make(map[string]bool)
	for _, e := range prog.Errors {
		failed[e.Package] = true
		s.LoadErrors = append(s.LoadErrors, report.LoadError{Package: e.Package, Position: e.Pos, Message: e.Msg})
	}
	s.Totals = report.Totals{
		Packages:       len(prog.Packages),
		PackagesFailed: len(failed),
		Functions:      len(selected),
		WallMs:         wall.Milliseconds(),
		TestsEmitted:   written.emitted,
		TestsDropped:   written.dropped,
		Disagreements:  len(written.disagreements),
		FuzzTargets:    written.fuzz.targets,
		FuzzSeeds:      written.fuzz.seeds,
	}
	s.TestedThrough = throughStats(prog, dir)
	s.Totals.TestsNotCompiled, s.Totals.ValidationRuns = written.notCompiled, written.runs
	s.Disagreements = append(s.Disagreements, written.disagreements...)
	s.PanicsFound = append(s.PanicsFound, written.panics...)
	s.Totals.PanicsDropped = written.panicsDropped
	coverage := make(map[string]*report.FuncReport)
	if rep != nil {
		for _, p := range rep.Packages {
			for _, f := range p.Functions {
				coverage[p.Path+"."+f.Name] = f
			}
		}
	}
	if rep != nil {
		// Per source statement, as go test counts: instantiations of a
		// generic function share their statements.
		s.Totals.Statements, s.Totals.StatementsCovered, s.Totals.StatementsDead = rep.Totals.Statements, rep.Totals.Covered, rep.Totals.Dead
		s.Totals.StatementsExecutorCovered = rep.Totals.ExecutorCovered
	}
	byFunc := make(map[string]explored, len(results))
	for _, r := range results {
		byFunc[r.pkg+"."+r.name] = r
	}
	for _, t := range selected {
		f := report.FunctionStats{Package: t.pkg, Name: t.name, Position: t.pos, Blocks: len(t.fn.Blocks), Uncovered: []report.UncoveredBlock{}, CoverTimeline: [][2]int64{}}
		if c := coverage[t.pkg+"."+t.name]; c != nil {
			f.BlocksDead, f.Statements, f.StatementsCovered, f.StatementsDead = c.BlocksDead, c.Statements, c.Covered, c.Dead
			f.StatementsExecutorCovered = c.ExecutorCovered
			for _, g := range c.Uncovered {
				f.Uncovered = append(f.Uncovered, report.UncoveredBlock{Pos: g.Pos, Reason: g.Reason, Detail: g.Detail})
			}
		}
		if r, ok := byFunc[t.pkg+"."+t.name]; ok {
			f.SkippedReason = r.skipped
			f.Tests = written.perFunc[t.pkg+"."+t.name]
			if ft, ok := written.fuzz.perFunc[t.pkg+"."+t.name]; ok {
				f.FuzzTarget, f.FuzzSeeds = ft.name, ft.seeds
			}
			if r.skipped != "" {
				s.Totals.FunctionsSkipped++
			}
			if r.summary != nil {
				f.BlocksCovered, f.Paths, f.Exhausted = r.summary.Covered, r.summary.Paths, r.summary.Exhausted
				f.Pruned, f.PruneMs = r.summary.Pruned, r.summary.PruneTime.Milliseconds()
				f.BoundaryCases = r.summary.Boundaries
				f.DictionaryCases = r.summary.Words
				f.InfectionCases = r.summary.Infections
				f.PropagationCases = r.summary.Propagations
				f.MutantReplays = r.summary.MutantReplays
				f.SolverQueries = r.solver.Queries
				f.SolverLayers = layersJSON(r.solver.Layers)
				s.Totals.SolverLayers = addLayers(s.Totals.SolverLayers, f.SolverLayers)
				f.WallMs, f.MsToCover = r.summary.Elapsed.Milliseconds(), r.summary.TimeToCover.Milliseconds()
				f.SearchMs, f.FinishedEarly = r.summary.SearchTime.Milliseconds(), r.summary.FinishedEarly > 0
				for name, d := range r.summary.PassTimes {
					if f.PassMs == nil {
						f.PassMs = make(map[string]int64)
					}
					f.PassMs[name] = d.Milliseconds()
				}
				for i, t := range r.summary.CoverTimes {
					f.CoverTimeline = append(f.CoverTimeline, [2]int64{t.Milliseconds(), int64(i + 1)})
				}
				s.Totals.FunctionsExplored++
				s.Totals.Paths += r.summary.Paths
				s.Totals.Pruned += r.summary.Pruned
				s.Totals.PruneMs += r.summary.PruneTime.Milliseconds()
				s.Totals.Instructions += r.summary.Instructions
				s.Totals.SolverQueries += r.solver.Queries
				s.Totals.SolverMs += r.solver.Time.Milliseconds()
				s.Totals.SolverUnknowns += r.solver.Unknown
				s.Totals.SolverUnknownMs += r.solver.UnknownTime.Milliseconds()
				s.Totals.SolverEscalations += r.solver.Escalated
				s.Totals.SolverEscalatedMs += r.solver.EscalatedTime.Milliseconds()
			}
		}
		s.Totals.Blocks += f.Blocks
		s.Totals.BlocksCovered += f.BlocksCovered
		s.Totals.BlocksDead += f.BlocksDead
		s.Functions = append(s.Functions, f)
	}
	return s
}

// writeStatsFile writes s to path through a temporary file in the same
// directory and a rename, so that a reader sees the old file or the
// whole new one, never a part.
func writeStatsFile(path string, s report.Stats) error {
	return writeFileAtomic(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	})
}

// testsWritten counts the test cases written and dropped, and holds what
// the written tests cover.
type testsWritten struct {
	emitted, dropped int
	notCompiled      int            // of the dropped
	runs             int            // of go test, in validation
	perFunc          map[string]int // by "package.Func"
	disagreements    []report.Disagreement
	// panics are the crashes the written tests show, and panicsDropped
	// the runtime panics on private state left out (testgen.Report).
	panics        []report.PanicFound
	panicsDropped int
	fuzz          fuzzWritten // with -fuzz-seeds
	// tested is the coverage of the tests that passed validation (nil
	// when none were written: a dry run, or exploration stopped).
	tested *report.Tested
}
