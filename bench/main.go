package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// settings are one run's budgets; -quick picks small ones.
type settings struct {
	Quick       bool
	Budget      time.Duration // gosymtest -budget, per function
	MaxWork     int           // gosymtest -max-work, per function
	FuzzTime    time.Duration // go test -fuzztime, per function
	Cap         int           // functions per package (0: all)
	Samples     int           // points of the fuzz arm's coverage curve
	TestTimeout time.Duration // any one go test run
	MutTimeout  time.Duration // any one gremlins run (the mutation arm)
	MutWorkers  int           // gremlins --workers (0: gremlins' default, the CPUs)
	// Orders is how many search orders (-seed 0 … Orders-1) the
	// detector's arm and the unpruned one run over besides their main
	// run (orders.go); 0: none.
	Orders int
}

var (
	quickSettings = settings{Quick: true, Budget: time.Second, MaxWork: 2_000_000, FuzzTime: time.Second, Cap: 6, Samples: 3, TestTimeout: 3 * time.Minute, MutTimeout: 5 * time.Minute}
	fullSettings  = settings{Budget: 2 * time.Second, MaxWork: 20_000_000, FuzzTime: 2 * time.Second, Cap: 20, Samples: 6, TestTimeout: 10 * time.Minute, MutTimeout: 15 * time.Minute}
)

// bench is the state shared by all packages of a run.
type bench struct {
	set       settings
	repoRoot  string
	scratch   string
	gosymtest string   // the binary, built once
	env       []string // for every child in the scratch modules
	gocache   string
	flags     map[string]bool
	skip      map[string]bool // arms not to run (-skip)
	with      map[string]bool // opt-in arms to run (-with)

	gremlins    string // the installed gremlins binary, once installed
	gremlinsErr error  // why it could not be installed
}

func main() {
	quick := flag.Bool("quick", false, "run the packages tagged quick, with short budgets")
	corpusFile := flag.String("corpus", "bench/corpus.txt", "corpus file, relative to the repository root")
	only := flag.String("only", "", "run only the corpus entries whose name matches this regexp")
	outDir := flag.String("out", "bench/results", "directory for the CSV and PNG, relative to the repository root")
	resultsMD := flag.String("results", "bench/RESULTS.md", "markdown summary to regenerate")
	keep := flag.Bool("keep", false, "keep the scratch directory (its path is logged)")
	budget := flag.Duration("budget", 0, "override gosymtest's -budget per function")
	fuzzTime := flag.Duration("fuzztime", 0, "override the fuzzing time per function")
	maxWork := flag.Int("max-work", -1, "override gosymtest's -max-work")
	limit := flag.Int("cap", -1, "override the functions per package (0: all)")
	skip := flag.String("skip", "", "comma-separated arms not to run (e.g. fuzz,gosymtest-no-incremental); the default runs every arm but the opt-in ones")
	with := flag.String("with", "", "comma-separated opt-in arms to run too (mutation, rse-no-refine, ...; solver: every solver arm)")
	mutWorkers := flag.Int("mutation-workers", 0, "gremlins --workers for the mutation arm (0: gremlins' default, one per CPU)")
	mutTimeout := flag.Duration("mutation-timeout", 0, "override the time limit of one gremlins run")
	orders := flag.Int("orders", 0, "also run gosymtest and gosymtest-prune-none (and, with -with solver, solver-green and solver-none) with -seed 0 … N-1, and compare their coverage over these search orders")
	flag.Parse()

	set := fullSettings
	if *quick {
		set = quickSettings
	}
	if *budget > 0 {
		set.Budget = *budget
	}
	if *fuzzTime > 0 {
		set.FuzzTime = *fuzzTime
	}
	if *maxWork >= 0 {
		set.MaxWork = *maxWork
	}
	if *limit >= 0 {
		set.Cap = *limit
	}
	set.MutWorkers = *mutWorkers
	if *orders < 0 {
		fmt.Fprintln(os.Stderr, "bench: -orders must be 0 or more")
		os.Exit(2)
	}
	set.Orders = *orders
	if *mutTimeout > 0 {
		set.MutTimeout = *mutTimeout
	}
	skipped, err := parseArms("-skip", *skip)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	withArms, err := parseArms("-with", *with)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	if err := run(set, *corpusFile, *only, *outDir, *resultsMD, *keep, skipped, withArms); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(set settings, corpusFile, only, outDir, resultsMD string, keep bool, skip, with map[string]bool) error {
	started := time.Now()
	root, err := goEnv("GOMOD")
	if err != nil || root == "" || root == os.DevNull {
		return fmt.Errorf("run from the gosymtest module (go env GOMOD: %q)", root)
	}
	b := &bench{set: set, repoRoot: filepath.Dir(root), flags: make(map[string]bool), skip: skip, with: with}
	f, err := os.Open(underRoot(b.repoRoot, corpusFile))
	if err != nil {
		return err
	}
	entries, err := parseCorpus(f)
	f.Close()
	if err != nil {
		return err
	}
	entries, err = pick(entries, set.Quick, only, solverSelected(skip, with))
	if err != nil {
		return err
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	if b.gocache, err = goEnv("GOCACHE"); err != nil {
		return err
	}
	if b.scratch, err = os.MkdirTemp("", "gosymtest-bench-"); err != nil {
		return err
	}
	if keep {
		logf("scratch directory kept: %s", b.scratch)
	} else {
		defer os.RemoveAll(b.scratch)
	}
	// Each copy is a module of its own; -mod=mod lets go fill in go.sum
	// lines a copied module's tests need; GOWORK=off keeps any go.work of
	// the user's out.
	b.env = []string{"GOWORK=off", "GOFLAGS=-mod=mod -buildvcs=false", "GOTOOLCHAIN=local"}

	logf("building gosymtest")
	b.gosymtest = filepath.Join(b.scratch, "gosymtest")
	if r := command(b.repoRoot, nil, 10*time.Minute, "go", "build", "-o", b.gosymtest, "./cmd/gosymtest"); r.Err != nil {
		return fmt.Errorf("building gosymtest: %s", r.tail(5))
	}

	var results []pkgResult
	for _, e := range entries {
		logf("package %s (%s %s)", e.Name, e.Kind, e.Source)
		pr := measurePackage(b, e, goroot)
		for _, a := range pr.Arms {
			if a.ran() {
				logCoverage(a.Arm, a)
			} else {
				logf("  %-26s not run: %s", a.Arm, a.Status)
			}
		}
		logMutation(pr.Mutation)
		if pr.Status != "" {
			logf("  package not measured: %s", pr.Status)
		}
		results = append(results, pr)
	}
	rep := report{Settings: set, Results: results, Started: started, Elapsed: time.Since(started), Machine: describeMachine()}
	return writeOutputs(b.repoRoot, outDir, resultsMD, rep)
}

// pick keeps the quick entries in quick mode and those -only matches;
// the solver-bench subjects only when a solver arm runs (solver).
func pick(entries []entry, quick bool, only string, solver bool) ([]entry, error) {
	var re *regexp.Regexp
	if only != "" {
		var err error
		if re, err = regexp.Compile(only); err != nil {
			return nil, err
		}
	}
	var out []entry
	for _, e := range entries {
		if (quick && !e.Quick) || (re != nil && !re.MatchString(e.Name)) || (e.Subject && !solver) {
			continue
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no corpus entry selected (the solver-bench subjects need -with solver)")
	}
	return out, nil
}

// pkgResult is one row of the tables.
type pkgResult struct {
	Entry    entry
	Status   string // why the package could not be measured at all
	Funcs    int    // declarations in the package
	Selected int    // under the cap
	Fuzzable int    // selected and natively fuzzable
	Arms     []armResult
	// Union is the coverage of gosymtest's tests and the package's own
	// together (ok false when either arm did not run).
	Union unionCoverage
	// Mutation is the mutation arm's result (nil: the package was not
	// measured).
	Mutation *mutationResult
	// Readability counts the default gosymtest arm's file (nil: no file).
	Readability *readability
	// Orders are the runs over search orders (-orders; orders.go).
	Orders []orderRuns
}

// unionCoverage is the coverage of two arms' tests together.
type unionCoverage struct {
	Covered, Total int
	OK             bool // false when either arm did not run
}

// measurePackage copies one package and runs every arm on it.
func measurePackage(b *bench, e entry, goroot string) pkgResult {
	pr := pkgResult{Entry: e}
	w := &pkgWork{Entry: e, Dir: filepath.Join(b.scratch, e.Name)}
	var err error
	if w.Src, err = locate(e, b.repoRoot, goroot, b.scratch); err != nil {
		pr.Status = err.Error()
		return pr
	}
	files, err := goFiles(w.Src.Dir)
	if err == nil {
		w.Pkg, err = parsePackage(files)
	}
	if err != nil {
		pr.Status = "parse: " + err.Error()
		return pr
	}
	w.Selected = selectFuncs(w.Pkg.Funcs, b.set.Cap)
	if len(w.Selected) < len(w.Pkg.Funcs) {
		w.Scope = scopeOf(w.Selected)
	}
	pr.Funcs, pr.Selected = len(w.Pkg.Funcs), len(w.Selected)
	for _, f := range w.Selected {
		if f.Fuzz != nil {
			pr.Fuzzable++
		}
	}

	// The base copy: does the package build outside its home, and what
	// are its statements? A test file with no tests gives a profile of
	// every statement, none covered.
	base := filepath.Join(w.Dir, "base")
	if err := copyPackage(e, w.Src, base, false); err != nil {
		pr.Status = "copy: " + err.Error()
		return pr
	}
	if err := os.WriteFile(filepath.Join(base, "bench_empty_test.go"), []byte("package "+w.Pkg.Name+"\n"), 0o644); err != nil {
		pr.Status = err.Error()
		return pr
	}
	r := command(base, b.env, b.set.TestTimeout, "go", "test", "-count=1", "-coverprofile=bench-cover.out", "./")
	if w.Base, err = readProfile(filepath.Join(base, "bench-cover.out")); err != nil || r.Err != nil {
		pr.Status = "does not build as a copy: " + firstBuildError(r.Stdout+"\n"+r.Stderr)
		return pr
	}
	for bl := range w.Base {
		w.Base[bl] = false
	}
	// gosymtest's load time, where its coverage curve starts.
	env, err := b.hermeticEnv(w.Dir)
	if err != nil {
		pr.Status = err.Error()
		return pr
	}
	r = command(base, env, b.set.TestTimeout, b.gosymtest, "-dry-run", "./")
	w.LoadMs = r.Wall.Milliseconds()

	for _, spec := range armSpecs {
		if e.Subject && !spec.Solver {
			continue // a subject is there for the solver arms alone
		}
		var a armResult
		switch {
		case spec.Kind == armMutation:
			pr.Mutation = &mutationResult{Status: b.notRun(spec)}
			if pr.Mutation.Status == "" {
				pr.Mutation = runMutation(b, w)
			}
			continue
		case b.notRun(spec) != "":
			a.Status = b.notRun(spec)
		case spec.Kind == armFuzzSeeded:
			a = runFuzzSeeded(b, w, spec)
		case spec.Kind == armGosymtest:
			a = runGosymtest(b, w, spec)
		case spec.Kind == armFuzz:
			a = runFuzz(b, w)
		case spec.Kind == armHuman:
			a = runHuman(b, w)
		}
		a.Arm = spec.Name
		pr.Arms = append(pr.Arms, a)
	}
	if b.set.Orders > 0 && !e.Subject {
		pr.Orders = runOrders(b, w)
	}
	pr.Union = unionOf(pr, w.Scope)
	if src, err := os.ReadFile(filepath.Join(w.Dir, armSpecs[0].Name, generatedFile)); err == nil {
		r := measureReadability(src)
		pr.Readability = &r
	}
	// A statement claimed dead that any other arm executed is a wrong
	// claim: check every gosymtest arm against all the others.
	for i := range pr.Arms {
		if len(pr.Arms[i].deadBlocks) == 0 {
			continue
		}
		var others []profile
		for j, o := range pr.Arms {
			if j != i && o.profile != nil {
				others = append(others, o.profile)
			}
		}
		pr.Arms[i].DeadRefuted = refuted(pr.Arms[i].deadBlocks, others...)
	}
	os.RemoveAll(w.Dir) // the copies can be large; the next package needs none of them
	return pr
}

// flagAvailable reports whether the gosymtest binary accepts a flag, or
// flags with their values separated by spaces ("-prune none"): an
// undefined flag or a bad value makes the flag package exit 2 before
// -version prints.
func (b *bench) flagAvailable(flagName string) bool {
	if ok, seen := b.flags[flagName]; seen {
		return ok
	}
	r := command(b.scratch, nil, time.Minute, b.gosymtest, append(strings.Fields(flagName), "-version")...)
	b.flags[flagName] = r.Err == nil
	return r.Err == nil
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	return strings.TrimSpace(string(out)), err
}

// logCoverage logs the coverage and wall time of a run named name.
func logCoverage(name string, a armResult) {
	logf("  %-26s %5.1f%% (%d/%d) in %v", name, a.percent(), a.Covered, a.Total, a.Wall.Round(time.Millisecond))
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
}

// notRun says why an arm is not to run: -skip names it, or it is opt-in
// and -with does not; "" when it runs.
func (b *bench) notRun(spec armSpec) string {
	switch {
	case b.skip[spec.Name]:
		return "skipped (-skip)"
	case spec.OptIn && !b.with[spec.Name]:
		return "not run: opt-in (-with " + spec.Name + ")"
	}
	return ""
}

// parseArms reads -skip or -with: arm names separated by commas, each
// one of armSpecs, so that a typo fails at once; "solver" stands for
// every solver arm.
func parseArms(flagName, s string) (map[string]bool, error) {
	out := make(map[string]bool)
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if name == solverGroup {
			for _, spec := range armSpecs {
				if spec.Solver {
					out[spec.Name] = true
				}
			}
			continue
		}
		known := false
		for _, spec := range armSpecs {
			known = known || spec.Name == name
		}
		if !known {
			return nil, fmt.Errorf("%s: unknown arm %q", flagName, name)
		}
		out[name] = true
	}
	return out, nil
}
