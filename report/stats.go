package report

import "fmt"

// The -stats file. gosymtest -stats writes a Stats as indented JSON;
// gosymtest merge reads the shards' and writes the merged one; the
// benchmark harness reads it. The fields' order is the file's order.

// Stats is the content of the -stats file: per run and per function,
// what was explored, the tests written and the coverage they give.
type Stats struct {
	Totals     Totals          `json:"totals"`
	Functions  []FunctionStats `json:"functions"`
	LoadErrors []LoadError     `json:"load_errors"`
	// Disagreements are the cases whose outcome under go test differed
	// from the interpreter's: each was dropped from the test file, and
	// each is a bug in the interpreter (or in its models) to look at.
	Disagreements []Disagreement `json:"disagreements"`
	// PanicsFound are the crashes the written tests show (PanicFound).
	PanicsFound []PanicFound `json:"panics_found"`
	// TestedThrough are the methods that are not targets of their own,
	// with the targets their code is tested through (loader.Through).
	TestedThrough []ThroughStats `json:"tested_through"`
	// Store is the persistent store's work (-store).
	Store StoreStats `json:"store"`
	// Shard is what merge needs of a -shard run; absent otherwise.
	Shard *ShardStats `json:"shard,omitempty"`
}

// ThroughStats is a method that is not a target of its own: its
// receiver's type is built only by the package's own functions, whose
// tests run its code.
type ThroughStats struct {
	Package  string   `json:"package"`
	Name     string   `json:"name"`
	Position string   `json:"position"`
	Through  []string `json:"through"`
}

// Disagreement is one case the interpreter and Go disagree about.
type Disagreement struct {
	Package  string `json:"package"`
	Function string `json:"function"`
	Test     string `json:"test"`
	Case     string `json:"case"`
	Inputs   string `json:"inputs"`
	Expected string `json:"expected"` // what the interpreter said
	Got      string `json:"got"`      // what Go did
}

// String is the disagreement on a line: "Abs(x: -3): interpreter 3, Go -3".
func (d Disagreement) String() string {
	return fmt.Sprintf("%s(%s): interpreter %s, Go %s", d.Function, d.Inputs, d.Expected, d.Got)
}

// Totals are the run's figures, summed over its functions.
type Totals struct {
	Packages          int `json:"packages"`
	PackagesFailed    int `json:"packages_failed"`
	Functions         int `json:"functions"`
	FunctionsExplored int `json:"functions_explored"`
	FunctionsSkipped  int `json:"functions_skipped"`
	Paths             int `json:"paths"`
	// Pruned counts the states the redundant-state detector dropped
	// (machine.Summary.Pruned); they are not in Paths. PruneMs is the
	// time spent on the detector (machine.Summary.PruneTime): its
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
	SolverLayers []LayerStats `json:"solver_layers"`
	// PanicsDropped counts the cases left out of the test files because
	// Go's runtime panicked in them on an input that sets the private
	// fields of the package's types: no caller holds such a value.
	PanicsDropped int `json:"panics_dropped"`
	// Blocks and BlocksCovered count SSA blocks as the executor saw them:
	// entered by some path, whether or not a test came of it.
	Blocks        int `json:"blocks"`
	BlocksCovered int `json:"blocks_covered"`
	// BlocksDead counts the SSA blocks of exhausted explorations that no
	// path entered: unreachable within the bounds (see the package
	// documentation).
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

// FunctionStats are one target function's figures.
type FunctionStats struct {
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
	// DictionaryCases counts the cases with a string or []byte parameter
	// set to one of the package's words (likewise not paths); left out
	// when none, as with -no-dictionary.
	DictionaryCases int `json:"dictionary_cases,omitempty"`
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
	// SearchMs is when the search ended, before the passes after it
	// (the runs to the end, the dictionary, boundary and mutant cases).
	SearchMs int64 `json:"search_ms"`
	// PassMs are the times of the passes after the search, by name.
	PassMs map[string]int64 `json:"pass_ms,omitempty"`
	// FinishedEarly tells that the finish rule ended the search: no
	// state left could reach code or a branch edge no test covered.
	FinishedEarly bool `json:"finished_early,omitempty"`
	// CoverTimeline is the coverage curve: [ms, blocks covered] each time
	// the exploration first entered a block of the function.
	CoverTimeline [][2]int64   `json:"cover_timeline"`
	SolverQueries int64        `json:"solver_queries"`
	SolverLayers  []LayerStats `json:"solver_layers"`
	// BlocksDead: SSA blocks no path entered in an exhausted exploration.
	// The statement counts and uncovered are in go test -cover's units.
	BlocksDead                int              `json:"blocks_dead"`
	Statements                int              `json:"statements"`
	StatementsCovered         int              `json:"statements_covered"`
	StatementsExecutorCovered int              `json:"statements_executor_covered"`
	StatementsDead            int              `json:"statements_dead"`
	Uncovered                 []UncoveredBlock `json:"uncovered"`
}

// UncoveredBlock is one uncovered statement block and why (the package
// documentation gives the reasons): a Gap without its end and size.
type UncoveredBlock struct {
	Pos    string `json:"pos"` // file.go:line:col, relative to the module
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
}

// LoadError is a package that did not load: it does not parse or
// type-check.
type LoadError struct {
	Package  string `json:"package"`
	Position string `json:"position,omitempty"`
	Message  string `json:"message"`
}

// LayerStats is one layer of the solver chain: the queries that reached
// it, those it answered (the rest went on to the next layer, the last
// one's to Z3), the time spent in it, and, with -solver-validate, its
// wrong answers.
type LayerStats struct {
	Name     string `json:"name"`
	Queries  int64  `json:"queries"`
	Answered int64  `json:"answered"`
	Ms       int64  `json:"ms"`
	Wrong    int64  `json:"wrong,omitempty"`
}

// StoreStats is the work of the persistent store of solver answers
// (-store).
type StoreStats struct {
	Kind          string `json:"kind"` // off, file or redis
	Loads         int64  `json:"loads"`
	Saves         int64  `json:"saves"`
	EntriesLoaded int64  `json:"entries_loaded"`
	EntriesSaved  int64  `json:"entries_saved"`
	LoadMs        int64  `json:"load_ms"`
	SaveMs        int64  `json:"save_ms"`
	Errors        int64  `json:"errors"`
}

// ShardStats is what merge needs of a -shard run to combine the shards'
// files into the unsharded run's.
type ShardStats struct {
	Index int `json:"index"`
	Count int `json:"count"`
	// Targets are the keys (package.Func) of every target of the
	// unsharded run, in its order: merge orders the functions by them
	// and checks that each shard explored its part.
	Targets []string `json:"targets"`
	// Blocks are each package's cover blocks as this shard's report saw
	// them (nil without a report): the coverage of the unsharded run is
	// their union.
	Blocks map[string][]Block `json:"blocks"`
}
