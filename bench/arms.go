package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	gsreport "github.com/gosymtest/gosymtest/report"
)

// Arm kinds: how an arm produces tests.
const (
	armGosymtest  = "gosymtest"
	armFuzz       = "fuzz"
	armFuzzSeeded = "fuzz-seeded" // fuzzing from gosymtest's seed corpus (seeds.go)
	armHuman      = "human"
	armMutation   = "mutation" // gremlins on the tests of other arms (mutation.go)
)

// armSpec is one column of the comparison. The list is data: switching
// off another gosymtest technique is one more line with its flag.
type armSpec struct {
	Name  string
	Kind  string
	Flags []string // extra gosymtest flags
	// Extra arms are measured against another arm in a table of their
	// own, not in the ratio table of gosymtest against each arm.
	Extra bool
	// OptIn arms run only when -with names them: their cost would
	// otherwise multiply a regular run's time.
	OptIn bool
	// Solver arms measure the solver chain's layers (solver.go): they
	// alone run on the solver-bench subjects, -with solver names them
	// all, and the clock never cuts them (solverBudget).
	Solver bool
	// Rerun arms run gosymtest twice with one fresh -store directory
	// and report the second run; the first run's figures are in
	// armResult.First.
	Rerun bool
	// Order runs are the runs of -orders (orders.go): only their
	// coverage counts, so the file's stability is not rerun.
	Order bool
}

var armSpecs = []armSpec{
	{Name: "gosymtest", Kind: armGosymtest},
	{Name: "gosymtest-no-incremental", Kind: armGosymtest, Flags: []string{"-no-incremental"}},
	// Without the redundant-state detector: the Pruning table sets it
	// against the default arm, to show what the detector gains.
	{Name: armPruneNone, Kind: armGosymtest, Flags: []string{"-prune", "none"}},
	// The detector with one refinement off, each to measure its share.
	{Name: "rse-no-refine", Kind: armGosymtest, Flags: []string{"-prune-off", "refine"}, Extra: true, OptIn: true},
	{Name: "rse-no-search", Kind: armGosymtest, Flags: []string{"-prune-off", "search"}, Extra: true, OptIn: true},
	{Name: "rse-no-single", Kind: armGosymtest, Flags: []string{"-prune-off", "single"}, Extra: true, OptIn: true},
	{Name: "rse-no-hurry", Kind: armGosymtest, Flags: []string{"-prune-off", "hurry"}, Extra: true, OptIn: true},
	{Name: "rse-no-mod", Kind: armGosymtest, Flags: []string{"-prune-off", "mod"}, Extra: true, OptIn: true},
	// The detector with -prune reach: the states that can reach nothing
	// uncovered are pruned, not only put off.
	{Name: "rse-reach", Kind: armGosymtest, Flags: []string{"-prune", "reach"}, Extra: true, OptIn: true},
	// The solver chain's layers (solver.go): none, then KLEE's
	// layers one by one, then GreenTrie, substitution and the narrow
	// layer (the whole chain), then a rerun from the store.
	{Name: armSolverNone, Kind: armGosymtest, Flags: []string{"-solver-off", "all"}, Extra: true, OptIn: true, Solver: true},
	{Name: armSolverExact, Kind: armGosymtest, Flags: []string{"-solver-off", "trie,cex,subst,narrow"}, Extra: true, OptIn: true, Solver: true},
	{Name: armSolverCex, Kind: armGosymtest, Flags: []string{"-solver-off", "trie,subst,narrow"}, Extra: true, OptIn: true, Solver: true},
	{Name: armSolverGreen, Kind: armGosymtest, Extra: true, OptIn: true, Solver: true},
	{Name: armSolverStore, Kind: armGosymtest, Extra: true, OptIn: true, Solver: true, Rerun: true},
	{Name: "fuzz", Kind: armFuzz},
	{Name: "fuzz-seeded", Kind: armFuzzSeeded, Extra: true},
	{Name: "human", Kind: armHuman},
	// Last: it mutates against the default gosymtest arm's file.
	{Name: "mutation", Kind: armMutation, Extra: true, OptIn: true},
}

// ratioSpecs are the arms of the ratio table: gosymtest's default arm
// first, then its baselines.
func ratioSpecs() []armSpec {
	var out []armSpec
	for _, s := range armSpecs {
		if !s.Extra {
			out = append(out, s)
		}
	}
	return out
}

// point is one sample of a coverage curve.
type point struct {
	Ms      int64
	Percent float64
}

// armResult is one arm's measures on one package.
type armResult struct {
	Arm    string
	Status string // empty when the arm ran; else why it could not
	Note   string // caveats of a run that did happen

	Covered, Total int           // statements in the package's scope
	Wall           time.Duration // the arm's whole cost
	ToFinal        time.Duration // when the final coverage was reached
	Curve          []point
	// FuzzedCurve is the fuzz arms' curve over the statements of the
	// fuzzed functions alone, all that fuzzing can reach.
	FuzzedCurve []point
	MaxRSSKB    int64

	// gosymtest's own counters (-stats), zero for the other arms.
	Paths, Queries, SolverMs, Tests, Dropped, Dead, Skipped int64
	// UnknownMs is the part of SolverMs spent on queries Z3 answered
	// unknown (gosymtest arms only).
	UnknownMs int64
	// Pruned counts the states the redundant-state detector dropped,
	// PruneMs the time spent on it, Instructions those interpreted,
	// Exhausted the functions whose exploration finished (gosymtest arms
	// only).
	Pruned, PruneMs, Instructions, Exhausted int64

	// WorstOverrun is how far the slowest function's wall time went
	// past the arm's -budget (negative when every function ended before
	// it), and WorstFunc that function: gosymtest bounds a function by
	// its budget and the allowance of its passes after the search
	// (gosymtest arms only).
	WorstOverrun time.Duration
	WorstFunc    string

	// DeadRefuted counts the statements gosymtest claimed dead (in the
	// selected functions) that another arm's tests executed: each one is
	// a wrong claim.
	DeadRefuted int

	// Disagreements are the cases where the interpreter and Go disagreed
	// (-stats' disagreements; gosymtest arms only): every path's inputs
	// were run natively too (-check-all-paths), and each one that Go ran
	// differently was dropped from the file.
	Disagreements []gsreport.Disagreement
	// Gaps are the top reasons for the uncovered statements of the
	// selected functions, from the -report.
	Gaps string
	// Passes counts the separate go test runs of the written file that
	// passed, of Reruns (gosymtest arms only; 0 of 0 when not run).
	Passes, Reruns int

	// Functions are the explored functions' own figures (gosymtest arms
	// only), for the Pruning section's path-explosion table.
	Functions []gsreport.FunctionStats

	// Layers are the solver chain's layers, outermost first, as -stats'
	// solver_layers totals them (gosymtest arms only).
	Layers []gsreport.LayerStats
	// First is the first of a rerun arm's two runs, which filled the
	// store the reported run read (nil for the other arms).
	First *runFigures

	profile    profile // what go test measured, for cross-checks
	deadBlocks []block // the blocks the -report claims dead
}

func (a armResult) ran() bool { return a.Status == "" }

func (a armResult) percent() float64 {
	if a.Total == 0 {
		return 0
	}
	return 100 * float64(a.Covered) / float64(a.Total)
}

// pkgWork is one corpus package being measured.
type pkgWork struct {
	Entry    entry
	Src      source
	Dir      string // scratch directory of this package; one subdirectory per arm
	Pkg      *pkgSource
	Selected []funcDecl
	Scope    scope   // nil: whole package
	LoadMs   int64   // gosymtest's load time (a -dry-run), the curve's start
	Base     profile // every statement, none covered: the common denominator
}

// reportReasons counts r's reasons for uncovered blocks of the selected
// functions (with -run, the others are all "not-explored").
func reportReasons(r gsreport.Report, selected []funcDecl) map[string]int {
	want := make(map[string]bool)
	for _, f := range selected {
		want[f.Name] = true
	}
	out := make(map[string]int)
	for _, p := range r.Packages {
		for _, f := range p.Functions {
			if !want[stripTypeArgs(f.Name)] {
				continue
			}
			for _, u := range f.Uncovered {
				out[u.Reason]++
			}
		}
	}
	return out
}

func runGosymtest(b *bench, w *pkgWork, spec armSpec) armResult {
	res := armResult{Arm: spec.Name}
	// The flags are checked together: a flag's value (-prune none) is
	// not a flag of its own.
	if flags := strings.Join(spec.Flags, " "); flags != "" && !b.flagAvailable(flags) {
		res.Status = "flag not available: " + flags
		return res
	}
	if spec.Rerun && !b.flagAvailable(storeProbe) {
		res.Status = "flag not available: -store"
		return res
	}
	dir := filepath.Join(w.Dir, spec.Name)
	args := append([]string{}, spec.Flags...)
	if spec.Name == armSpecs[0].Name && b.flagAvailable("-check-all-paths") {
		// The differential check: every path's inputs run natively too.
		// The default arm is enough; the others differ only in speed.
		args = append(args, "-check-all-paths")
	}
	budget := b.set.Budget
	if spec.Solver {
		budget = solverArmBudget(budget)
	}
	args = append(args, "-budget", budget.String(), "-max-work", fmt.Sprint(b.set.MaxWork),
		"-stats", "bench-stats.json", "-report", "bench-report.json")
	if len(w.Selected) < len(w.Pkg.Funcs) {
		args = append(args, "-run", runPattern(w.Selected))
	}
	timeout := 10*time.Minute + time.Duration(3*len(w.Selected))*budget
	if spec.Rerun {
		args = append(args, "-store", filepath.Join(w.Dir, spec.Name+"-store"))
		first, err := firstRun(b, w, dir, append(args, "./"), timeout)
		if err != nil {
			res.Status = "first run: " + err.Error()
			return res
		}
		res.First = &first
	}
	if err := copyPackage(w.Entry, w.Src, dir, false); err != nil {
		res.Status = "copy: " + err.Error()
		return res
	}
	args = append(args, "./")
	env, err := b.hermeticEnv(w.Dir)
	if err != nil {
		res.Status = err.Error()
		return res
	}
	r := command(dir, env, timeout, b.gosymtest, args...)
	res.Wall, res.MaxRSSKB = r.Wall, r.MaxRSSKB
	if r.TimedOut {
		res.Note = "timed out; "
	}
	st, err := readStats(filepath.Join(dir, "bench-stats.json"))
	if err != nil {
		res.Status = "gosymtest failed: " + r.tail(2)
		return res
	}
	t := st.Totals
	res.Paths, res.Queries, res.SolverMs, res.UnknownMs = int64(t.Paths), t.SolverQueries, t.SolverMs, t.SolverUnknownMs
	res.Layers = t.SolverLayers
	res.Pruned, res.PruneMs, res.Instructions = int64(t.Pruned), t.PruneMs, t.Instructions
	res.Tests, res.Dropped, res.Dead, res.Skipped = int64(t.TestsEmitted), int64(t.TestsDropped), int64(t.StatementsDead), int64(t.FunctionsSkipped)
	res.WorstOverrun, res.WorstFunc = worstOverrun(st.Functions, budget)
	skips := make(map[string]int)
	for _, f := range st.Functions {
		if f.SkippedReason != "" {
			skips[f.SkippedReason]++
		}
		if f.Exhausted {
			res.Exhausted++
		}
	}
	if len(skips) > 0 {
		res.Note += strings.Replace(topReasons(skips, 3), "uncovered:", "skipped functions:", 1) + "; "
	}
	res.Functions = st.Functions
	res.Disagreements = st.Disagreements
	for _, d := range st.Disagreements {
		logf("  warning: %s disagreement: %s", spec.Name, d)
	}
	var rep gsreport.Report
	if data, err := os.ReadFile(filepath.Join(dir, "bench-report.json")); err == nil && json.Unmarshal(data, &rep) == nil {
		res.Gaps = topReasons(reportReasons(rep, w.Selected), 4)
		res.Note += res.Gaps
	}

	// Coverage is what go test measures on the emitted tests, never
	// gosymtest's own count.
	prof, why := measure(b, dir, "gosymtest_generated_test.go")
	prof = merge(w.Base, prof)
	if why != "" {
		res.Note = strings.TrimSuffix(why+"; "+res.Note, "; ")
	}
	res.Covered, res.Total = prof.coverage(w.Scope)
	res.profile = prof
	res.deadBlocks = deadBlocks(deadPositions(rep, w.Selected), prof)
	if why == "" && !spec.Solver && !spec.Order {
		// The solver arms differ from the default one only in speed:
		// its reruns check the file's stability for them all.
		res.Passes, res.Reruns = rerun(b, dir, reruns), reruns
	}

	// The curve: functions are explored one after another after loading,
	// and each reached its final coverage ms_to_cover into its
	// exploration. What go test measured inside a declaration is credited
	// when that declaration's (first) exploration reached its coverage.
	byName := make(map[string]funcDecl)
	for _, f := range w.Selected {
		byName[f.Name] = f
	}
	credited := make(map[string]bool)
	at := w.LoadMs
	covered := 0
	res.Curve = []point{{0, 0}}
	for _, f := range st.Functions {
		name := stripTypeArgs(f.Name)
		d, ok := byName[name]
		if ok && !credited[name] {
			credited[name] = true
			c, _ := prof.coverage(scope{{File: d.File, Start: d.Start, End: d.End}})
			if c > 0 && w.Scope.contains(block{File: d.File, StartLine: d.Start, EndLine: d.End}) {
				covered += c
				res.Curve = append(res.Curve, point{at + f.MsToCover, pct(covered, res.Total)})
				res.ToFinal = time.Duration(at+f.MsToCover) * time.Millisecond
			}
		}
		at += f.WallMs
	}
	// The load time comes from a separate -dry-run, so on a busy machine
	// the reconstruction can overshoot the measured wall time: clamp it.
	for i := range res.Curve {
		res.Curve[i].Ms = min(res.Curve[i].Ms, res.Wall.Milliseconds())
	}
	res.ToFinal = min(res.ToFinal, res.Wall)
	res.Curve = append(res.Curve, point{res.Wall.Milliseconds(), res.percent()})
	return res
}

// stripTypeArgs turns Max[int] into Max and Stack[string].Push into
// Stack.Push: coverage is per source declaration.
func stripTypeArgs(name string) string {
	var b strings.Builder
	depth := 0
	for _, r := range name {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func pct(covered, total int) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(covered) / float64(total)
}

// topReasons renders the most frequent reasons for uncovered statements.
func topReasons(m map[string]int, n int) string {
	type kv struct {
		k string
		v int
	}
	var all []kv
	for k, v := range m {
		all = append(all, kv{k, v})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].v != all[j].v {
			return all[i].v > all[j].v
		}
		return all[i].k < all[j].k
	})
	var parts []string
	for i, e := range all {
		if i == n {
			break
		}
		parts = append(parts, fmt.Sprintf("%s×%d", e.k, e.v))
	}
	if len(parts) == 0 {
		return ""
	}
	return "uncovered: " + strings.Join(parts, ", ")
}

// deadPositions lists the positions of the blocks r claims dead in the
// selected functions.
func deadPositions(r gsreport.Report, selected []funcDecl) []string {
	want := make(map[string]bool)
	for _, f := range selected {
		want[f.Name] = true
	}
	var out []string
	for _, p := range r.Packages {
		for _, f := range p.Functions {
			if !want[stripTypeArgs(f.Name)] {
				continue
			}
			for _, u := range f.Uncovered {
				if u.Reason == "dead" {
					out = append(out, u.Pos)
				}
			}
		}
	}
	return out
}

// deadBlocks maps report positions (file.go:line:col) to the profile's
// blocks that start there.
func deadBlocks(positions []string, p profile) []block {
	type start struct {
		file      string
		line, col int
	}
	byStart := make(map[start]block)
	for b := range p {
		byStart[start{b.File, b.StartLine, b.StartCol}] = b
	}
	var out []block
	for _, pos := range positions {
		var s start
		file, rest, ok := strings.Cut(pos, ":")
		if !ok {
			continue
		}
		if _, err := fmt.Sscanf(rest, "%d:%d", &s.line, &s.col); err != nil {
			continue
		}
		s.file = filepath.Base(file)
		if b, ok := byStart[s]; ok {
			out = append(out, b)
		}
	}
	return out
}

// refuted counts the statements of the dead blocks that other profiles
// executed.
func refuted(dead []block, others ...profile) int {
	n := 0
	for _, b := range dead {
		for _, o := range others {
			if o[b] {
				n += b.NumStmt
				break
			}
		}
	}
	return n
}

// reruns is how many separate go test runs the written file must pass:
// a test that passes once may depend on map order, time or state left
// behind.
const reruns = 3

// rerun runs go test in dir n times, each a process of its own, and
// counts the runs that passed.
func rerun(b *bench, dir string, n int) int {
	passed := 0
	for range n {
		if r := command(dir, b.env, b.set.TestTimeout, "go", "test", "-count=1", "./"); r.Err == nil {
			passed++
		}
	}
	return passed
}

// measure runs go test -coverprofile in dir. It returns the profile and,
// when something is off (no test file, failing tests), why.
func measure(b *bench, dir, testFile string) (profile, string) {
	why := ""
	if testFile != "" {
		if _, err := os.Stat(filepath.Join(dir, testFile)); err != nil {
			why = "no tests emitted"
		}
	}
	r := command(dir, b.env, b.set.TestTimeout, "go", "test", "-count=1", "-coverprofile=bench-cover.out", "./")
	prof, err := readProfile(filepath.Join(dir, "bench-cover.out"))
	if err != nil {
		if why == "" {
			why = "go test failed: " + r.tail(2)
		}
		return profile{}, why
	}
	if r.Err != nil && why == "" {
		why = "some tests fail: " + r.tail(1)
	}
	return prof, why
}

// worstOverrun is the largest amount by which a function's wall time
// went past budget, and that function; zero and "" without functions.
func worstOverrun(funcs []gsreport.FunctionStats, budget time.Duration) (time.Duration, string) {
	var worst time.Duration
	name := ""
	for _, f := range funcs {
		over := time.Duration(f.WallMs)*time.Millisecond - budget
		if name == "" || over > worst {
			worst, name = over, f.Name
		}
	}
	return worst, name
}
