package main

import (
	"encoding/json"
	"io"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/report"
)

// stats is the content of the -stats file (doc.go describes it): per
// run and per function, what was explored, the tests written and the
// coverage they give.
type stats struct {
	Totals     totals          `json:"totals"`
	Functions  []functionStats `json:"functions"`
	LoadErrors []loadErrorJSON `json:"load_errors"`
	// Disagreements are the cases whose outcome under go test differed
	// from the interpreter's: each was dropped from the test file, and
	// each is a bug in the interpreter (or in its models) to look at.
	Disagreements []disagreementJSON `json:"disagreements"`
	// Store is the persistent store's work (-store).
	Store storeStatsJSON `json:"store"`
	// Shard is what merge needs of a -shard run; absent otherwise.
	Shard *shardJSON `json:"shard,omitempty"`
}

// disagreementJSON is one case the interpreter and Go disagree about.
type disagreementJSON struct {
	Package  string `json:"package"`
	Function string `json:"function"`
	Test     string `json:"test"`
	Case     string `json:"case"`
	Inputs   string `json:"inputs"`
	Expected string `json:"expected"` // what the interpreter said
	Got      string `json:"got"`      // what Go did
}

type totals struct {
	Packages          int `json:"packages"`
	PackagesFailed    int `json:"packages_failed"`
	Functions         int `json:"functions"`
	FunctionsExplored int `json:"functions_explored"`
	FunctionsSkipped  int `json:"functions_skipped"`
	Paths             int `json:"paths"`
	// Pruned counts the states the redundant-state detector dropped
	// (symbolic.Summary.Pruned); they are not in Paths. PruneMs is the
	// time spent on the detector (symbolic.Summary.PruneTime): its
	// overhead.
	Pruned        int   `json:"pruned"`
	PruneMs       int64 `json:"prune_ms"`
	Instructions  int64 `json:"instructions"`
	SolverQueries int64 `json:"solver_queries"`
	SolverMs      int64 `json:"solver_ms"`
	// SolverUnknowns counts the queries Z3 answered unknown (a timeout,
	// a resource limit), and SolverUnknownMs is the part of SolverMs they
	// took: time no cache saves, since a timeout is not reused.
	SolverUnknowns  int64 `json:"solver_unknowns"`
	SolverUnknownMs int64 `json:"solver_unknown_ms"`
	// SolverEscalations counts the queries that Z3's incremental solver
	// did not decide within its share and that a fresh, non-incremental
	// one solved again (z3.Options.EscalateAfter), and
	// SolverEscalatedMs is the part of SolverMs the second solver took.
	SolverEscalations int64 `json:"solver_escalations"`
	SolverEscalatedMs int64 `json:"solver_escalated_ms"`
	// SolverLayers are the solver chain's layers, outermost first, summed
	// over the functions: what reached each and what each answered.
	// SolverQueries counts only what none answered (what reached Z3).
	SolverLayers []layerStatsJSON `json:"solver_layers"`
	// Blocks and BlocksCovered count SSA blocks as the executor saw them:
	// entered by some path, whether or not a test came of it.
	Blocks        int `json:"blocks"`
	BlocksCovered int `json:"blocks_covered"`
	// BlocksDead counts the SSA blocks of exhausted explorations that no
	// path entered: unreachable within the bounds (see package report).
	BlocksDead int `json:"blocks_dead"`
	// Statements counts go test -cover's statements; StatementsCovered
	// those the emitted tests ran (measured by go test on them alone),
	// StatementsExecutorCovered those some explored path entered.
	Statements                int `json:"statements"`
	StatementsCovered         int `json:"statements_covered"`
	StatementsExecutorCovered int `json:"statements_executor_covered"`
	StatementsDead            int `json:"statements_dead"`
	TestsEmitted              int `json:"tests_emitted"`
	TestsDropped              int `json:"tests_dropped"`
	Disagreements             int `json:"disagreements"`
	// FuzzTargets and FuzzSeeds count what -fuzz-seeds wrote.
	FuzzTargets int   `json:"fuzz_targets"`
	FuzzSeeds   int   `json:"fuzz_seeds"`
	WallMs      int64 `json:"wall_ms"`

	// TestsNotCompiled counts the dropped cases that did not compile (a
	// bug in writing them); ValidationRuns the runs of go test that
	// validation made, bisection's included.
	TestsNotCompiled int `json:"tests_not_compiled"`
	ValidationRuns   int `json:"validation_runs"`
}

type functionStats struct {
	Package       string `json:"package"`
	Name          string `json:"name"`
	Position      string `json:"position"`
	Blocks        int    `json:"blocks"`
	BlocksCovered int    `json:"blocks_covered"`
	Paths         int    `json:"paths"`
	Pruned        int    `json:"pruned"`   // states the detector dropped
	PruneMs       int64  `json:"prune_ms"` // time spent on the detector
	// BoundaryCases counts the cases made at comparisons' boundaries
	// (not paths: they add tests, not coverage claims).
	BoundaryCases int `json:"boundary_cases"`
	// InfectionCases counts the cases made for an arithmetic mutant that
	// no other case caught (likewise not paths).
	InfectionCases int `json:"infection_cases"`
	// PropagationCases counts the cases made on other values of a path
	// whose test a mutant survived, which kill it (likewise not paths).
	PropagationCases int `json:"propagation_cases"`
	// MutantReplays counts the replays of its tests with a mutant of the
	// package's code in place (see -no-mutants).
	MutantReplays int    `json:"mutant_replays"`
	Tests         int    `json:"tests"`
	Exhausted     bool   `json:"exhausted"`
	SkippedReason string `json:"skipped_reason,omitempty"`
	// FuzzTarget is the FuzzXxx -fuzz-seeds wrote for the function, with
	// FuzzSeeds seeds in testdata/fuzz/FuzzXxx; "" for none.
	FuzzTarget string `json:"fuzz_target,omitempty"`
	FuzzSeeds  int    `json:"fuzz_seeds,omitempty"`
	// WallMs is the exploration's time; MsToCover is when the last block
	// that got covered was first entered.
	WallMs    int64 `json:"wall_ms"`
	MsToCover int64 `json:"ms_to_cover"`
	// CoverTimeline is the coverage curve: [ms, blocks covered] each time
	// the exploration first entered a block of the function.
	CoverTimeline [][2]int64       `json:"cover_timeline"`
	SolverQueries int64            `json:"solver_queries"`
	SolverLayers  []layerStatsJSON `json:"solver_layers"`
	// BlocksDead: SSA blocks no path entered in an exhausted exploration.
	// The statement counts and uncovered are in go test -cover's units.
	BlocksDead                int             `json:"blocks_dead"`
	Statements                int             `json:"statements"`
	StatementsCovered         int             `json:"statements_covered"`
	StatementsExecutorCovered int             `json:"statements_executor_covered"`
	StatementsDead            int             `json:"statements_dead"`
	Uncovered                 []uncoveredJSON `json:"uncovered"`
}

// uncoveredJSON is one uncovered statement block and why (package report
// documents the reasons).
type uncoveredJSON struct {
	Pos    string `json:"pos"` // file.go:line:col, relative to the module
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
}

type loadErrorJSON struct {
	Package  string `json:"package"`
	Position string `json:"position,omitempty"`
	Message  string `json:"message"`
}

// newStats summarizes a run. prog may be nil when the go command failed;
// results are the explored targets (none with -dry-run).
func newStats(prog *loader.Program, selected []target, results []explored, written testsWritten, rep *report.Report, wall time.Duration) stats {
	s := stats{Functions: []functionStats{}, LoadErrors: []loadErrorJSON{}, Disagreements: []disagreementJSON{}, Store: storeStatsJSON{Kind: storeOff}}
	s.Totals.SolverLayers = []layerStatsJSON{}
	if prog == nil {
		return s
	}
	failed := make(map[string]bool)
	for _, e := range prog.Errors {
		failed[e.Package] = true
		s.LoadErrors = append(s.LoadErrors, loadErrorJSON{Package: e.Package, Position: e.Pos, Message: e.Msg})
	}
	s.Totals = totals{
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
	s.Totals.TestsNotCompiled, s.Totals.ValidationRuns = written.notCompiled, written.runs
	s.Disagreements = append(s.Disagreements, written.disagreements...)
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
		f := functionStats{Package: t.pkg, Name: t.name, Position: t.pos, Blocks: len(t.fn.Blocks), Uncovered: []uncoveredJSON{}, CoverTimeline: [][2]int64{}}
		if c := coverage[t.pkg+"."+t.name]; c != nil {
			f.BlocksDead, f.Statements, f.StatementsCovered, f.StatementsDead = c.BlocksDead, c.Statements, c.Covered, c.Dead
			f.StatementsExecutorCovered = c.ExecutorCovered
			for _, g := range c.Uncovered {
				f.Uncovered = append(f.Uncovered, uncoveredJSON{Pos: g.Pos, Reason: g.Reason, Detail: g.Detail})
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
				f.InfectionCases = r.summary.Infections
				f.PropagationCases = r.summary.Propagations
				f.MutantReplays = r.summary.MutantReplays
				f.SolverQueries = r.solver.Queries
				f.SolverLayers = layersJSON(r.solver.Layers)
				s.Totals.SolverLayers = addLayers(s.Totals.SolverLayers, f.SolverLayers)
				f.WallMs, f.MsToCover = r.summary.Elapsed.Milliseconds(), r.summary.TimeToCover.Milliseconds()
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
func writeStatsFile(path string, s stats) error {
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
	disagreements    []disagreementJSON
	fuzz             fuzzWritten // with -fuzz-seeds
	// tested is the coverage of the tests that passed validation (nil
	// when none were written: a dry run, or exploration stopped).
	tested *report.Tested
}
