package detector

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/constant"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/detector/internal/progen"
	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// The differential soundness test (pruning must never lose coverage): random
// functions from progen are explored without pruning and with the
// detector, and run natively. Where the unpruned run is exhausted, the
// pruned one must cover exactly the same blocks; where the pruned run is
// exhausted it claims every block it did not cover dead, and no native
// run may reach one.
//
// GOSYMTEST_DIFF_N sets the number of functions (a full check runs 1000
// or more); GOSYMTEST_DIFF_SEED the generator's seed.

const (
	// diffFuncs is the number of functions in CI.
	diffFuncs = 40
	// diffWork bounds each exploration, so that runs are deterministic.
	diffWork = 400_000
	// nativeCalls is the number of random argument lists each function
	// runs on natively, besides its tests' inputs.
	nativeCalls = 300
	// diffBackstop is a time limit behind diffWork, which counts a solver
	// query the same however long it takes: a few generated functions
	// (1 in 100 or so) ask queries that take minutes. Such a function is
	// left out of the comparison, and logged, since where the clock cuts
	// differs from run to run.
	diffBackstop = 30 * time.Second
	// diffQueryTimeout bounds one query for the same reason; a function
	// with a query that timed out is left out too.
	diffQueryTimeout = 10 * time.Second
)

// TestDifferentialSoundness compares the detector with no pruning on
// generated functions, and both with native runs.
func TestDifferentialSoundness(t *testing.T) {
	n, seed := diffFuncs, uint64(1)
	if s := os.Getenv("GOSYMTEST_DIFF_N"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			t.Fatalf("GOSYMTEST_DIFF_N=%q: want a positive count", s)
		}
		n = v
	}
	if s := os.Getenv("GOSYMTEST_DIFF_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("GOSYMTEST_DIFF_SEED=%q: want an unsigned integer", s)
		}
		seed = v
	}
	d := newDiff(t, seed, n)
	var c counts
	problems, stats := d.run(t, func(prog *ssa.Program) func() machine.Pruner { return New(prog, nil, Options{counts: &c}) })
	t.Logf("%d functions (seed %d): %d exhausted without pruning, %d with; %d paths without, %d with, %d pruned",
		n, seed, stats.noneExhausted, stats.rseExhausted, stats.nonePaths, stats.rsePaths, stats.pruned)
	for _, p := range problems {
		t.Errorf("%s", p)
	}
	// Single-valued locations (§3.5) are checked at each match too.
	if w := c.wrongSingles.Load(); w > 0 {
		t.Errorf("%d locations left out as single-valued differ between a state and the snapshot it matched", w)
	}
}

// TestDifferentialCatchesWrongPruner runs the comparison with a pruner
// that drops every state at its second program point, and requires it to
// report a mismatch: a comparison that let such a pruner through would
// not catch an unsound detector either.
func TestDifferentialCatchesWrongPruner(t *testing.T) {
	d := newDiff(t, 2, 12)
	calls := 0
	problems, _ := d.run(t, func(*ssa.Program) func() machine.Pruner {
		return func() machine.Pruner { return &secondPointPruner{calls: &calls} }
	})
	if calls == 0 {
		t.Fatal("the engine never consulted the pruner")
	}
	if len(problems) == 0 {
		t.Fatalf("a pruner that drops every state at its second point passed the comparison (%d calls)", calls)
	}
	t.Logf("caught: %d problems, the first: %s", len(problems), strings.SplitN(problems[0], "\n", 2)[0])
}

// TestDifferentialCatchesLostBlocks checks the whole comparison, native
// runs and marker blocks included, on real explorations, whatever the
// engine does with a Pruner: a made-up pruned arm that kept only the
// first tested path of each unpruned exploration and claims to be
// exhausted must be caught, both as covering less and as claiming dead
// blocks that native runs reach.
func TestDifferentialCatchesLostBlocks(t *testing.T) {
	d := newDiff(t, 3, 12)
	none, lossy := map[string]arm{}, map[string]arm{}
	firstOnly := 0
	for _, f := range d.pkg.Funcs {
		var first []*ssa.BasicBlock
		a := d.exploreFirst(t, d.fns[f.Name], &first)
		none[f.Name] = a
		l := arm{exhausted: true, covered: map[*ssa.BasicBlock]bool{}}
		for _, b := range first {
			l.covered[b] = true
		}
		if len(l.covered) < len(a.covered) {
			firstOnly++
		}
		lossy[f.Name] = l
	}
	if firstOnly == 0 {
		t.Fatal("every function has one path: the generated package tests nothing")
	}
	problems := d.check(t, none, lossy)
	var less, native int
	for _, p := range problems {
		if strings.Contains(p, "covers without pruning but not with") {
			less++
		}
		if strings.Contains(p, "claimed dead by the exhausted rse exploration ran natively") {
			native++
		}
	}
	t.Logf("%d functions lost blocks; caught %d as covering less and %d dead claims refuted natively", firstOnly, less, native)
	if less < firstOnly || native == 0 {
		t.Errorf("%d functions lost blocks; caught %d as covering less and %d dead claims refuted natively", firstOnly, less, native)
	}
}

// TestCompareArms checks the comparison itself on made-up runs, engine
// aside: each kind of disagreement is reported, and agreement is not.
func TestCompareArms(t *testing.T) {
	fn := &ssa.Function{}
	b := make([]*ssa.BasicBlock, 4)
	for i := range b {
		b[i] = &ssa.BasicBlock{Index: i}
	}
	fn.Blocks = b
	set := func(bs ...int) map[*ssa.BasicBlock]bool {
		m := map[*ssa.BasicBlock]bool{}
		for _, i := range bs {
			m[b[i]] = true
		}
		return m
	}
	markers := map[int]*ssa.BasicBlock{0: b[1], 1: b[2], 2: b[3]}
	for _, tc := range []struct {
		name      string
		none, rse arm
		native    []int
		want      string // "" for no problem
	}{
		{"agree", arm{exhausted: true, covered: set(0, 1)}, arm{exhausted: true, covered: set(0, 1)}, []int{0}, ""},
		{"rse covers less", arm{exhausted: true, covered: set(0, 1, 2)}, arm{exhausted: true, covered: set(0, 1)}, []int{0}, "covers without pruning"},
		{"rse covers more", arm{exhausted: true, covered: set(0, 1)}, arm{exhausted: false, covered: set(0, 1, 2)}, nil, "covers with pruning"},
		{"none cut short", arm{covered: set(0)}, arm{covered: set(0, 1)}, nil, ""},
		{"rse exhausted below none", arm{covered: set(0, 1, 2)}, arm{exhausted: true, covered: set(0, 1)}, nil, "covers without pruning"},
		{"refuted dead claim", arm{covered: set(0)}, arm{exhausted: true, covered: set(0)}, []int{0}, "ran natively"},
		{"refuted without pruning", arm{exhausted: true, covered: set(0, 1)}, arm{exhausted: true, covered: set(0, 1)}, []int{0, 1}, "ran natively"},
	} {
		got := compareArms(tc.none, tc.rse, tc.native, markers)
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: problems %q", tc.name, got)
		case tc.want != "" && !slices.ContainsFunc(got, func(p string) bool { return strings.Contains(p, tc.want) }):
			t.Errorf("%s: problems %q, want one saying %q", tc.name, got, tc.want)
		}
	}
}

// diff is a generated package written into a module, loaded, and run.
type diff struct {
	dir   string
	pkg   *progen.Package
	prog  *loader.Program
	fns   map[string]*ssa.Function
	mark  map[int]*ssa.BasicBlock // marker → its block
	inPkg *ssa.Package
}

// newDiff generates n functions from seed into a temporary module and
// loads them.
func newDiff(t *testing.T, seed uint64, n int) *diff {
	t.Helper()
	d := &diff{dir: t.TempDir(), pkg: progen.Generate("gen", seed, n)}
	files := map[string]string{
		"go.mod":           "module progen.local/diff\n\ngo 1.26\n",
		"gen/gen.go":       d.pkg.Source,
		"native/native.go": d.pkg.Harness("progen.local/diff/gen"),
	}
	for name, src := range files {
		path := filepath.Join(d.dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog, err := loader.Load(loader.Config{Dir: d.dir, Patterns: []string{"./gen"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) > 0 || len(prog.Packages) != 1 {
		t.Fatalf("generated package did not load: %v\n%s", prog.Errors, d.pkg.Source)
	}
	d.prog, d.inPkg = prog, prog.Packages[0].SSA
	d.fns = map[string]*ssa.Function{}
	for _, f := range d.pkg.Funcs {
		fn := d.inPkg.Func(f.Name)
		if fn == nil {
			t.Fatalf("no function %s in the generated package", f.Name)
		}
		d.fns[f.Name] = fn
	}
	d.mark = markerBlocks(d.inPkg)
	return d
}

// markerBlocks finds each marker's block: the one that stores to Cov at
// the marker's constant index.
func markerBlocks(pkg *ssa.Package) map[int]*ssa.BasicBlock {
	m := map[int]*ssa.BasicBlock{}
	for _, mem := range pkg.Members {
		fn, ok := mem.(*ssa.Function)
		if !ok {
			continue
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				st, ok := in.(*ssa.Store)
				if !ok {
					continue
				}
				ia, ok := st.Addr.(*ssa.IndexAddr)
				if !ok {
					continue
				}
				g, ok := ia.X.(*ssa.Global)
				c, isConst := ia.Index.(*ssa.Const)
				if !ok || !isConst || g.Name() != progen.CovVar {
					continue
				}
				k, _ := constant.Int64Val(c.Value)
				m[int(k)] = b
			}
		}
	}
	return m
}

// arm is what one exploration of a function gave.
type arm struct {
	exhausted bool
	timedOut  bool // cut by diffBackstop, or a query by diffQueryTimeout
	paths     int
	pruned    int
	// covered are the blocks of the generated package (the function's and
	// its helpers') that paths with a replayed test entered.
	covered map[*ssa.BasicBlock]bool
	inputs  [][]int // the tests' arguments
}

// diffStats sums the arms over the functions, for the log.
type diffStats struct {
	noneExhausted, rseExhausted int
	nonePaths, rsePaths, pruned int
}

// run explores every function with no pruner and with rse's, runs them
// natively, and returns the mismatches, each with the function's source.
func (d *diff) run(t *testing.T, rse func(*ssa.Program) func() machine.Pruner) ([]string, diffStats) {
	t.Helper()
	var st diffStats
	none, pruned := map[string]arm{}, map[string]arm{}
	pruner := rse(d.prog.SSA)
	for i, f := range d.pkg.Funcs {
		fn := d.fns[f.Name]
		began := time.Now()
		none[f.Name] = d.explore(t, fn, nil)
		pruned[f.Name] = d.explore(t, fn, pruner)
		// Progress, for the full count; a slow function is named, since
		// the work bound counts a query the same however long it takes.
		if took := time.Since(began); took > 5*time.Second {
			t.Logf("%s took %v (%d and %d paths)", f.Name, took.Round(time.Millisecond), none[f.Name].paths, pruned[f.Name].paths)
		}
		if (i+1)%100 == 0 {
			t.Logf("%d of %d functions explored", i+1, len(d.pkg.Funcs))
		}
		st.nonePaths += none[f.Name].paths
		st.rsePaths += pruned[f.Name].paths
		st.pruned += pruned[f.Name].pruned
		if none[f.Name].exhausted {
			st.noneExhausted++
		}
		if pruned[f.Name].exhausted {
			st.rseExhausted++
		}
	}
	return d.check(t, none, pruned), st
}

// check runs every function natively on random inputs and on those of
// both arms' tests, and returns the disagreements of compareArms, each
// with the function's source.
func (d *diff) check(t *testing.T, none, pruned map[string]arm) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(len(d.pkg.Funcs)), 17))
	inputs := map[string][][]int{}
	for _, f := range d.pkg.Funcs {
		in := append(slices.Clone(none[f.Name].inputs), pruned[f.Name].inputs...)
		for range nativeCalls {
			a := make([]int, f.Params)
			for i := range a {
				// Mostly near the generated constants (-4…4), where the
				// branches are decided; some wider, some anywhere.
				switch r := rng.IntN(10); {
				case r < 7:
					a[i] = rng.IntN(15) - 7
				case r < 9:
					a[i] = rng.IntN(201) - 100
				default:
					a[i] = int(rng.Int64())
				}
			}
			in = append(in, a)
		}
		inputs[f.Name] = in
	}
	reached := d.native(t, inputs)
	if total := func() (n int) {
		for _, ks := range reached {
			n += len(ks)
		}
		return n
	}(); total == 0 {
		t.Fatal("the native runs reached no marker: the harness does not call the functions")
	}
	for name, ks := range reached {
		for _, k := range ks {
			if d.mark[k] == nil {
				t.Fatalf("%s reached marker %d natively, which has no SSA block: the markers are not found", name, k)
			}
		}
	}
	var problems []string
	for _, f := range d.pkg.Funcs {
		if none[f.Name].timedOut || pruned[f.Name].timedOut {
			t.Logf("%s: left out, an exploration ran into the %v backstop or a query timed out", f.Name, diffBackstop)
			continue
		}
		for _, p := range compareArms(none[f.Name], pruned[f.Name], reached[f.Name], d.mark) {
			problems = append(problems, fmt.Sprintf("%s: %s\n%s", f.Name, p, f.Source))
		}
	}
	return problems
}

// explore runs the engine on fn with pruner (nil: none), within diffWork.
func (d *diff) explore(t *testing.T, fn *ssa.Function, pruner func() machine.Pruner) arm {
	t.Helper()
	return d.exploreWith(t, fn, pruner, nil)
}

// exploreFirst explores fn without pruning and also gives the blocks of
// the first path that had a replayed test.
func (d *diff) exploreFirst(t *testing.T, fn *ssa.Function, first *[]*ssa.BasicBlock) arm {
	t.Helper()
	return d.exploreWith(t, fn, nil, first)
}

// exploreWith is explore, storing into first (when not nil) the blocks of
// the first tested path of the package.
func (d *diff) exploreWith(t *testing.T, fn *ssa.Function, pruner func() machine.Pruner, first *[]*ssa.BasicBlock) arm {
	t.Helper()
	z3, err := z3.New(z3.Options{Timeout: diffQueryTimeout})
	if err != nil {
		t.Fatal(err)
	}
	defer z3.Close()
	a := arm{covered: map[*ssa.BasicBlock]bool{}}
	tested := 0
	sink := func(p *machine.PathEnd) {
		if p.Boundary != "" || p.Test == nil || !p.Test.Replayed {
			return
		}
		for _, b := range p.Blocks {
			if b.Parent().Pkg == d.inPkg {
				a.covered[b] = true
				if first != nil && tested == 0 {
					*first = append(*first, b)
				}
			}
		}
		tested++
		var args []int
		for _, v := range p.Test.Args {
			if v.Kind != concrete.Int {
				return
			}
			args = append(args, int(v.Int))
		}
		a.inputs = append(a.inputs, args)
	}
	sum, err := symbolic.NewEngine(d.prog.SSA, machine.Config{
		Solver:       z3,
		Sink:         machine.SinkFunc(sink),
		MaxWork:      diffWork,
		Budget:       diffBackstop,
		NoBoundaries: true,
		NoMutants:    true,
		Pruner:       pruner,
	}).Explore(context.Background(), fn)
	if err != nil {
		t.Fatalf("%s: %v", fn.Name(), err)
	}
	a.exhausted, a.paths, a.pruned = sum.Exhausted, sum.Paths, sum.Pruned
	a.timedOut = sum.Elapsed >= diffBackstop || sum.Ends[machine.EndSolverUnknown] > 0
	return a
}

// native runs the harness on inputs and returns the markers each
// function reached.
func (d *diff) native(t *testing.T, inputs map[string][][]int) map[string][]int {
	t.Helper()
	in, err := json.Marshal(inputs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./native")
	cmd.Dir = d.dir
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("native run: %v\n%s", err, stderr.Bytes())
	}
	var reached map[string][]int
	if err := json.Unmarshal(out, &reached); err != nil {
		t.Fatalf("native run wrote %q: %v", out, err)
	}
	return reached
}

// compareArms returns the disagreements between an exploration without
// pruning (none), one with (rse), and the markers native runs reached.
func compareArms(none, rse arm, native []int, markers map[int]*ssa.BasicBlock) []string {
	var problems []string
	diffBlocks := func(a, b map[*ssa.BasicBlock]bool) []string {
		var out []string
		for blk := range a {
			if !b[blk] {
				out = append(out, blockName(blk))
			}
		}
		slices.Sort(out)
		return out
	}
	if none.exhausted || rse.exhausted {
		// Pruning never loses a block the unpruned search covers once
		// either finished.
		if lost := diffBlocks(none.covered, rse.covered); len(lost) > 0 {
			problems = append(problems, fmt.Sprintf("blocks %v covers without pruning but not with (exhausted: none %v, rse %v)", lost, none.exhausted, rse.exhausted))
		}
	}
	if none.exhausted {
		if more := diffBlocks(rse.covered, none.covered); len(more) > 0 {
			problems = append(problems, fmt.Sprintf("blocks %v covers with pruning but not without, which is exhausted", more))
		}
	}
	for _, run := range []struct {
		name string
		a    arm
	}{{"none", none}, {"rse", rse}} {
		if !run.a.exhausted {
			continue
		}
		for _, k := range native {
			if b := markers[k]; b != nil && !run.a.covered[b] {
				problems = append(problems, fmt.Sprintf("block %s (marker %d) claimed dead by the exhausted %s exploration ran natively", blockName(b), k, run.name))
			}
		}
	}
	return problems
}

func blockName(b *ssa.BasicBlock) string {
	if b.Parent() == nil {
		return fmt.Sprintf("b%d", b.Index)
	}
	return fmt.Sprintf("%s.b%d", b.Parent().Name(), b.Index)
}

// secondPointPruner is a wrong detector: it drops every state at the
// second program point it reaches (a forked state counts its parent's).
type secondPointPruner struct {
	calls  *int
	points map[*machine.State]int
}

func (p *secondPointPruner) Prepare(*ssa.Function) {}
func (p *secondPointPruner) Begin(*ssa.Function)   { p.points = map[*machine.State]int{} }
func (p *secondPointPruner) Root(s *machine.State) {
	p.points[s] = 0
}
func (p *secondPointPruner) Forked(parent, child *machine.State) {
	p.points[child] = p.points[parent]
}
func (p *secondPointPruner) Stepped(s *machine.State, _ []machine.Event) machine.Verdict {
	*p.calls++
	if _, ok := s.AtPoint(); !ok {
		return machine.Keep
	}
	p.points[s]++
	if p.points[s] == 2 {
		return machine.Prune
	}
	return machine.Keep
}
func (p *secondPointPruner) Recheck(*machine.State) machine.Verdict { return machine.Keep }
func (p *secondPointPruner) Hurry(*machine.State) bool              { return false }
func (p *secondPointPruner) Ended(s *machine.State, _ machine.EndKind, _ bool) {
	delete(p.points, s)
}
