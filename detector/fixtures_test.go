package detector

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// The detector's fixtures are in testdata/prune (see its doc.go).

// fixtureWork bounds each exploration of a fixture: enough for the
// unpruned search to exhaust every fixture but the larger Indeps.
const fixtureWork = 5_000_000

var (
	pruneOnce sync.Once
	pruneProg *loader.Program
	pruneErr  error
)

// pruneFixtures loads testdata/prune once for all tests.
func pruneFixtures(t *testing.T) *loader.Program {
	t.Helper()
	pruneOnce.Do(func() {
		pruneProg, pruneErr = loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/prune"}})
		if pruneErr == nil && (len(pruneProg.Errors) > 0 || len(pruneProg.Packages) != 1) {
			pruneErr = fmt.Errorf("testdata/prune did not load: %v", pruneProg.Errors)
		}
	})
	if pruneErr != nil {
		t.Fatal(pruneErr)
	}
	return pruneProg
}

// pruneFunc is the fixture function name of testdata/prune.
func pruneFunc(t *testing.T, name string) *ssa.Function {
	t.Helper()
	for _, fn := range pruneFixtures(t).Packages[0].Targets {
		if loader.FuncName(fn) == name {
			return fn
		}
	}
	t.Fatalf("no fixture %s in testdata/prune", name)
	return nil
}

// rsePruner is the detector for the fixtures' program.
func rsePruner(t *testing.T, opts Options) func() machine.Pruner {
	t.Helper()
	return New(pruneFixtures(t).SSA, nil, opts)
}

// run is one exploration of a fixture.
type run struct {
	sum     *machine.Summary
	covered map[*ssa.BasicBlock]bool // by paths whose test replayed
	edges   map[concrete.Edge]bool   // likewise
	results map[string]bool          // fmt of each tested path's results, or "panic"
}

// exploreFixture explores fn with pruner (nil: none) within work. The
// fixtures test the detector's own pruning, and the exhaustion it keeps:
// the finish rule, which ends a search whose states may still end on
// their own, is off (its differential test is finish_test.go).
func exploreFixture(t *testing.T, fn *ssa.Function, pruner func() machine.Pruner, work int64) run {
	t.Helper()
	return exploreIn(t, pruneFixtures(t).SSA, fn, machine.Config{MaxWork: work, Pruner: pruner, NoFinishEarly: true})
}

// exploreIn explores fn of prog with cfg, without the passes after the
// search (boundary cases, mutants), and collects what its tested paths
// covered and returned.
func exploreIn(t *testing.T, prog *ssa.Program, fn *ssa.Function, cfg machine.Config) run {
	t.Helper()
	// Z3's resource limit, as the points-to check on every fixture has
	// (symbolic's fixtureQueryLimit): the full differential of
	// TestTestdataCoverageKept reaches loadtags/bigdep.Square, whose
	// products of 64-bit words Z3 does not decide for more than ten
	// minutes. Both arms meet the same limit; a path it ends undecided
	// keeps its function from exhaustion.
	z3, err := z3.New(z3.Options{ResourceLimit: 2_000_000})
	if err != nil {
		t.Fatal(err)
	}
	defer z3.Close()
	r := run{covered: map[*ssa.BasicBlock]bool{}, edges: map[concrete.Edge]bool{}, results: map[string]bool{}}
	sink := func(p *machine.PathEnd) {
		if p.Boundary != "" || p.Test == nil || !p.Test.Replayed {
			return
		}
		for _, b := range p.Blocks {
			r.covered[b] = true
		}
		for _, e := range p.Edges {
			r.edges[e] = true
		}
		if p.Test.Panics {
			r.results["panic"] = true
			return
		}
		var res []string
		for _, v := range p.Test.Results {
			res = append(res, v.String())
		}
		r.results[strings.Join(res, ", ")] = true
	}
	cfg.Solver, cfg.Sink = z3, machine.SinkFunc(sink)
	cfg.NoBoundaries, cfg.NoMutants = true, true
	r.sum, err = symbolic.NewEngine(prog, cfg).Explore(context.Background(), fn)
	if err != nil {
		t.Fatalf("%s: %v", fn.Name(), err)
	}
	return r
}

func sortedKeys[K comparable](m map[K]bool, name func(K) string) []string {
	var out []string
	for k := range m {
		out = append(out, name(k))
	}
	slices.Sort(out)
	return out
}

func blockSet(m map[*ssa.BasicBlock]bool) []string { return sortedKeys(m, blockName) }

// TestPaperTwoBranches is the paper's §2 example: the state that differs
// from an explored one only in w (what was printed) is pruned at the
// branch on m; those that differ in m are not, so both exits are tested,
// and the coverage is that of the unpruned search with fewer paths.
func TestPaperTwoBranches(t *testing.T) {
	fn := pruneFunc(t, "TwoBranches")
	none := exploreFixture(t, fn, nil, fixtureWork)
	if !none.sum.Exhausted || none.sum.Paths != 4 {
		t.Fatalf("without pruning: %d paths, exhausted %v; want 4, exhausted", none.sum.Paths, none.sum.Exhausted)
	}
	if !bothExits(none) {
		t.Fatalf("without pruning the tested results are %v, not both exits", sortedKeys(none.results, func(s string) string { return s }))
	}
	rse := exploreFixture(t, fn, rsePruner(t, Options{}), fixtureWork)
	if !rse.sum.Exhausted {
		t.Errorf("with pruning the search is not exhausted")
	}
	if rse.sum.Pruned == 0 || rse.sum.Paths >= none.sum.Paths {
		t.Errorf("with pruning: %d paths, %d pruned; want fewer than %d paths and a state pruned", rse.sum.Paths, rse.sum.Pruned, none.sum.Paths)
	}
	if a, b := blockSet(none.covered), blockSet(rse.covered); !slices.Equal(a, b) {
		t.Errorf("covered without pruning %v, with %v", a, b)
	}
	if !bothExits(rse) {
		t.Errorf("with pruning the tested results are %v: a state that differs in m was pruned", sortedKeys(rse.results, func(s string) string { return s }))
	}
}

// bothExits tells whether TwoBranches' tests returned both exits.
func bothExits(r run) bool {
	exits := map[string]bool{}
	for res := range r.results {
		if i := strings.Index(res, "exit"); i >= 0 {
			exits[res[i:]] = true
		}
	}
	return exits[`exit 0"`] && exits[`exit 1"`]
}

// TestPruneFixturesKeepCoverage explores each small fixture of
// testdata/prune (the φ and pointer cases, and the Indeps the unpruned
// search exhausts) with and without pruning, and with each refinement
// turned off: every arm must cover the same blocks, since the unpruned
// search finished, and give only results the unpruned search gives.
func TestPruneFixturesKeepCoverage(t *testing.T) {
	arms := []struct {
		name string
		opts Options
	}{
		{"rse", Options{}},
		{"no-refine", Options{NoRefine: true}},
		{"no-search", Options{NoSearch: true}},
		{"no-refinements", Options{NoRefine: true, NoSearch: true}},
		{"no-single", Options{NoSingle: true}},
		{"no-hurry", Options{NoHurry: true}},
		{"no-mod", Options{NoModSets: true}},
	}
	names := []string{"TwoBranches", "PhiFlag", "PhiCount", "PhiLoop", "Fields", "Alias", "Untaken", "Unrelated", "Related", "Calls", "Indep1", "Indep2", "Indep3", "Indep4"}
	// The unpruned runs first: that each fixture is exhausted without
	// pruning is checked even before the detector prunes anything.
	nones := map[string]run{}
	for _, name := range names {
		none := exploreFixture(t, pruneFunc(t, name), nil, fixtureWork)
		if !none.sum.Exhausted {
			t.Fatalf("%s: the unpruned search is not exhausted within %d work", name, fixtureWork)
		}
		nones[name] = none
	}
	for _, arm := range arms {
		pruner := rsePruner(t, arm.opts)
		for _, name := range names {
			none, rse := nones[name], exploreFixture(t, pruneFunc(t, name), pruner, fixtureWork)
			if !rse.sum.Exhausted {
				t.Errorf("%s, %s: not exhausted", name, arm.name)
			}
			if a, b := blockSet(none.covered), blockSet(rse.covered); !slices.Equal(a, b) {
				t.Errorf("%s, %s: covered %v, without pruning %v", name, arm.name, b, a)
			}
			// Pruning drops paths that give other results through the
			// same blocks; but every result it gives is a real one.
			for r := range rse.results {
				if !none.results[r] {
					t.Errorf("%s, %s: result %q, which no unpruned path gives", name, arm.name, r)
				}
			}
			if rse.sum.Paths > none.sum.Paths {
				t.Errorf("%s, %s: %d paths, more than the %d without pruning", name, arm.name, rse.sum.Paths, none.sum.Paths)
			}
		}
	}
}

// TestScalingIndep checks that the detector stops path explosion: IndepN has N
// independent sign tests and one hard branch. Without pruning its paths
// double with each N (2^(N+1)); with the detector they grow linearly, at
// the same (full) coverage, for N = 1…16.
func TestScalingIndep(t *testing.T) {
	// The unpruned search is run where it is cheap, to pin the 2^(N+1)
	// that the detector must beat.
	const noneUpTo = 6
	for n := 1; n <= noneUpTo; n++ {
		fn := pruneFunc(t, fmt.Sprintf("Indep%d", n))
		none := exploreFixture(t, fn, nil, fixtureWork)
		t.Logf("Indep%d: work %d, %d paths", n, none.sum.Work, none.sum.Paths)
		if want := 1 << (n + 1); none.sum.Paths != want || !none.sum.Exhausted || len(none.covered) != len(fn.Blocks) {
			t.Fatalf("Indep%d without pruning: %d paths (want %d), exhausted %v, %d of %d blocks covered, work %d",
				n, none.sum.Paths, want, none.sum.Exhausted, len(none.covered), len(fn.Blocks), none.sum.Work)
		}
	}
	pruner := rsePruner(t, Options{})
	// Linear: a few paths per independent branch, whatever N. The
	// detector keeps about one state per branch outcome.
	const perBranch, fixed = 3, 4
	var paths []int
	for n := 1; n <= 16; n++ {
		fn := pruneFunc(t, fmt.Sprintf("Indep%d", n))
		rse := exploreFixture(t, fn, pruner, fixtureWork)
		paths = append(paths, rse.sum.Paths)
		if !rse.sum.Exhausted {
			t.Errorf("Indep%d with pruning: not exhausted (%d paths, %d pruned)", n, rse.sum.Paths, rse.sum.Pruned)
		}
		if len(rse.covered) != len(fn.Blocks) {
			t.Errorf("Indep%d with pruning: %d of %d blocks covered", n, len(rse.covered), len(fn.Blocks))
		}
		if rse.sum.Paths > perBranch*n+fixed {
			t.Errorf("Indep%d with pruning: %d paths, more than %d·N+%d = %d", n, rse.sum.Paths, perBranch, fixed, perBranch*n+fixed)
		}
	}
	t.Logf("paths with pruning, N = 1…16: %v", paths)
}

// TestIndepIsGenerated checks that testdata/prune/indep.go is what
// gen_indep.sh writes, so that the family cannot drift from its script.
func TestIndepIsGenerated(t *testing.T) {
	cmd := exec.Command("sh", "gen_indep.sh")
	cmd.Dir = "../testdata/prune"
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gen_indep.sh: %v", err)
	}
	have, err := os.ReadFile("../testdata/prune/indep.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(have) {
		t.Errorf("testdata/prune/indep.go is not gen_indep.sh's output: run sh gen_indep.sh > indep.go there")
	}
}

// TestPruneWithInputsBuiltInPart explores Notify, whose complex input is
// fixed to zero: every path is concretized from its start. The detector
// must prune it as it prunes Indep4, at the same coverage as without
// pruning, since what an input limit leaves out it leaves out of every
// state alike; only a value pinned during a path cuts the subtree above
// it.
func TestPruneWithInputsBuiltInPart(t *testing.T) {
	fn := pruneFunc(t, "Notify")
	none := exploreFixture(t, fn, nil, fixtureWork)
	// Indep4's 32 paths, and the 16 that take its hard branch once more:
	// done is nil on one and a function on the other.
	if none.sum.Exhausted || none.sum.Paths != 48 {
		t.Fatalf("without pruning: exhausted %v, %d paths; want a concretized search of 48 paths", none.sum.Exhausted, none.sum.Paths)
	}
	rse := exploreFixture(t, fn, rsePruner(t, Options{}), fixtureWork)
	if a, b := blockSet(none.covered), blockSet(rse.covered); !slices.Equal(a, b) {
		t.Errorf("covered %v, without pruning %v", b, a)
	}
	const perBranch, fixed = 3, 4
	if rse.sum.Pruned == 0 || rse.sum.Paths > perBranch*4+fixed {
		t.Errorf("with pruning: %d paths, %d pruned; want at most %d paths", rse.sum.Paths, rse.sum.Pruned, perBranch*4+fixed)
	}
}

// TestPruneKeepsFloatCandidatesApart explores Thresholds, whose float
// input is read on either side of a branch it does not decide: pruning
// must cover what the unpruned search covers and give no result it does
// not.
func TestPruneKeepsFloatCandidatesApart(t *testing.T) {
	fn := pruneFunc(t, "Thresholds")
	none := exploreFixture(t, fn, nil, fixtureWork)
	rse := exploreFixture(t, fn, rsePruner(t, Options{}), fixtureWork)
	if a, b := blockSet(none.covered), blockSet(rse.covered); !slices.Equal(a, b) {
		t.Errorf("covered %v, without pruning %v", b, a)
	}
	for r := range rse.results {
		if !none.results[r] {
			t.Errorf("result %q, which no unpruned path gives", r)
		}
	}
	for _, r := range []string{"0", "10", "100", "110", "1", "11"} {
		if !rse.results[r] {
			t.Errorf("with pruning, no path gives %s; got %v", r, rse.results)
		}
	}
	t.Logf("%d paths without pruning, %d with, %d pruned", none.sum.Paths, rse.sum.Paths, rse.sum.Pruned)
}

// TestPruneKeepsFuncResultsApart explores Gate, whose func input returns
// a value that the path decides on either side of a branch it does not
// decide: pruning must cover what the unpruned search covers and give no
// result it does not.
func TestPruneKeepsFuncResultsApart(t *testing.T) {
	fn := pruneFunc(t, "Gate")
	none := exploreFixture(t, fn, nil, fixtureWork)
	// Depth first, the first path's subtree below each point has ended
	// before the next state reaches the point: every state that can be
	// matched is.
	rse := exploreIn(t, pruneFixtures(t).SSA, fn, machine.Config{MaxWork: fixtureWork, Pruner: rsePruner(t, Options{}), Searcher: "dfs"})
	if a, b := blockSet(none.covered), blockSet(rse.covered); !slices.Equal(a, b) {
		t.Errorf("covered %v, without pruning %v", b, a)
	}
	for r := range rse.results {
		if !none.results[r] {
			t.Errorf("result %q, which no unpruned path gives", r)
		}
	}
	// Whether b was taken is not relevant: one of 1 and 11 may be pruned,
	// and one of 100 and 110.
	if !rse.results["-1"] || !rse.results["1"] && !rse.results["11"] || !rse.results["100"] && !rse.results["110"] {
		t.Errorf("with pruning, the paths give %v; want -1, 1 or 11, and 100 or 110", rse.results)
	}
	t.Logf("%d paths without pruning, %d with, %d pruned", none.sum.Paths, rse.sum.Paths, rse.sum.Pruned)
}

// TestPruneKeepsChannelStatesApart explores Latch depth first, so that
// every state that can be matched is: the states that closed the channel
// or not differ only in its object, and pruning must still cover what
// the unpruned search covers and give no result it does not.
func TestPruneKeepsChannelStatesApart(t *testing.T) {
	fn := pruneFunc(t, "Latch")
	none := exploreFixture(t, fn, nil, fixtureWork)
	rse := exploreIn(t, pruneFixtures(t).SSA, fn, machine.Config{MaxWork: fixtureWork, Pruner: rsePruner(t, Options{}), Searcher: "dfs"})
	if !none.sum.Exhausted || !rse.sum.Exhausted {
		t.Errorf("exhausted %v without pruning, %v with", none.sum.Exhausted, rse.sum.Exhausted)
	}
	if a, b := blockSet(none.covered), blockSet(rse.covered); !slices.Equal(a, b) {
		t.Errorf("covered %v, without pruning %v", b, a)
	}
	for r := range rse.results {
		if !none.results[r] {
			t.Errorf("result %q, which no unpruned path gives", r)
		}
	}
	t.Logf("%d paths without pruning, %d with, %d pruned", none.sum.Paths, rse.sum.Paths, rse.sum.Pruned)
}
