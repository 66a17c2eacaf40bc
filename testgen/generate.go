package testgen

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/gotest"
	"github.com/gosymtest/gosymtest/testgen/literal"
	"golang.org/x/tools/go/ssa"
)

// Validation rounds. A round runs go test on the file as it would be
// written; when it fails, the cases to blame are dropped (from go test's
// own account, or by bisection, isolate.go) and greedy selection chooses
// again among the rest. After freezeAfter rounds, selection no longer
// brings in new cases: every later round only removes, so validation
// ends. maxStale bounds the rounds in a row that find no one to blame, a
// failure that neither go test's account nor bisection pins on any case
// (one that comes and goes).
const (
	freezeAfter = 4
	maxStale    = 2
	// maxCheckRounds bounds the rounds of Options.CheckAll's check of
	// every case; the cases left are then chosen as usual.
	maxCheckRounds = 12
)

// validationRuns is how many times validation runs each test. Once is not
// enough: the interpreter ranges over a map in insertion order, real Go in
// a random one, so a case whose result depends on the order may pass once
// and fail later; so may a case that leaves package state behind. Either
// is a flaky test. With 2 orders equally likely, 20 runs miss the other
// order with probability 2^-19.
const validationRuns = 20

// funcState is one function's test across validation rounds.
type funcState struct {
	fn       *ssa.Function
	testName string
	cands    []*candidate // the cases that can be written, in order
	broken   bool         // its test did not compile: left out
}

// generator holds one Generate call's state.
type generator struct {
	pkg    Package
	opts   Options
	path   string
	scope  *scope // the package's names, plus the test names and locals claimed
	vars   locals
	funcs  []*funcState
	report *Report
	// all renders every case: Options.AllPaths, or the check of every
	// case (Options.CheckAll) before the cases that add coverage are
	// chosen.
	all bool
	// frozen, once set, holds the only cases selection may still render
	// (see freezeAfter).
	frozen map[*candidate]bool
	// lang is the Go language version the file must compile at.
	lang goVersion
	// emptyChecked records that the package's tests were run without
	// any generated test (isolate.go), emptyErr what that showed.
	emptyChecked bool
	emptyErr     error
	// run runs go test on a rendering (gotest.Runner.Run), measuring the
	// package's coverage with cover; a fake in tests of the bisection.
	run func(ctx context.Context, r *rendering, runs int, cover bool) (*gotest.Verdict, error)
}

// rendering is one candidate file.
type rendering struct {
	src    []byte
	tables []*table
}

// Generate writes the package's test file for funcs (see the package
// documentation). With opts.Validate it only writes a file that passes
// go test, dropping and reporting the cases that fail. It returns an
// error, and leaves the directory as it was, when no passing file could
// be made or go test could not be run (the context ended, say); the
// report then still lists what was skipped and dropped.
func Generate(ctx context.Context, pkg Package, funcs []FuncTests, opts Options) (*Report, error) {
	g, err := newGenerator(pkg, funcs, opts)
	if err != nil {
		return g.report, err
	}
	return g.report, g.validate(ctx)
}

// newGenerator checks the options, reads the package's scope and keeps
// the cases that can be written. Its report is never nil.
func newGenerator(pkg Package, funcs []FuncTests, opts Options) (*generator, error) {
	g := &generator{report: &Report{KeptPerFunc: make(map[*ssa.Function]int)}}
	if opts.FileName == "" {
		opts.FileName = DefaultFileName
	}
	if opts.GoCmd == "" {
		opts.GoCmd = "go"
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if !strings.HasSuffix(opts.FileName, "_test.go") || filepath.Base(opts.FileName) != opts.FileName {
		return g, fmt.Errorf("test file name %q: want a file name ending in _test.go", opts.FileName)
	}
	if pkg.Types == nil {
		return g, fmt.Errorf("%s: no type information for the package", pkg.Dir)
	}
	// The overlay that validation hands go test needs an absolute path.
	dir, err := filepath.Abs(pkg.Dir)
	if err != nil {
		return g, err
	}
	pkg.Dir = dir
	path := filepath.Join(dir, opts.FileName)
	if err := checkReplaceable(path); err != nil {
		return g, err
	}
	g.pkg, g.opts, g.path, g.all = pkg, opts, path, opts.AllPaths || (opts.CheckAll && opts.Validate)
	g.lang = packageVersion(pkg)
	g.scope = newScope(pkg.Types, pkg.Dir, opts.FileName)
	g.vars = g.chooseLocals()
	for _, ft := range funcs {
		g.addFunc(ft)
	}
	sort.Strings(g.report.Skipped)
	runner := gotest.Runner{GoCmd: opts.GoCmd, Dir: pkg.Dir, Path: path, Timeout: opts.Timeout}
	g.run = func(ctx context.Context, r *rendering, runs int, cover bool) (*gotest.Verdict, error) {
		coverPkg := ""
		if cover {
			// A run that passes is the one whose file is written: every
			// round measures.
			coverPkg = pkg.Types.Path()
		}
		return runner.Run(ctx, r.src, testNames(r.tables), runs, coverPkg)
	}
	return g, nil
}

// validate renders the file and, with Options.Validate, runs go test on
// it round after round, dropping the cases to blame, until it passes;
// then it writes the file, or removes the previous one when no case is
// left.
func (g *generator) validate(ctx context.Context) error {
	rounds, stale := 0, 0
	for {
		r, err := g.render(nil)
		if err != nil {
			return err
		}
		if r == nil {
			return removeGenerated(g.path)
		}
		if !g.opts.Validate {
			return g.finish(r)
		}
		// The check of every case runs each once: it looks for
		// disagreements; flakiness is the file's check, repeated.
		runs, cover := g.runCount()
		v, err := g.goTest(ctx, r, runs, cover)
		if err != nil {
			return err
		}
		if passed(v, r) {
			if g.checking() {
				// Every case agreed with Go: now write only those that
				// add coverage, checked once more as the file to write.
				g.all, g.frozen, rounds, stale = false, nil, 0, 0
				continue
			}
			g.report.CoverProfile = v.Profile
			return g.finish(r)
		}
		dropped, err := g.blame(v, r)
		if err != nil {
			return err
		}
		if dropped == 0 {
			if dropped, err = g.isolate(ctx, r, v); err != nil {
				return err
			}
		}
		if dropped == 0 {
			if stale++; stale >= maxStale {
				return fmt.Errorf("%s: go test fails, but neither its output nor bisection pins the failure on a case:\n%s", g.path, v.FailureText())
			}
		} else {
			stale = 0
		}
		rounds++
		switch {
		case g.checking() && rounds >= maxCheckRounds:
			// The check of every case ran out of rounds: the cases left
			// are chosen as usual, with rounds of their own.
			g.all, g.frozen, rounds, stale = false, nil, 0, 0
		case rounds == freezeAfter && g.frozen == nil:
			g.freeze()
		}
	}
}

// runCount is go test's -count and whether to measure coverage: once
// and without for the check of every case, validationRuns times and with
// Options.Cover for the file to write.
func (g *generator) runCount() (int, bool) {
	if g.checking() {
		return 1, false
	}
	return validationRuns, g.opts.Cover
}

// goTest runs go test on a rendering and counts the run in the report.
func (g *generator) goTest(ctx context.Context, r *rendering, runs int, cover bool) (*gotest.Verdict, error) {
	g.report.TestRuns++
	return g.run(ctx, r, runs, cover)
}

// freeze limits selection to the cases it chooses now, so that later
// rounds only remove cases.
func (g *generator) freeze() {
	g.frozen = make(map[*candidate]bool)
	for _, fs := range g.funcs {
		if fs.broken {
			continue
		}
		for _, c := range selectCases(preferred(fs.cands), g.all, g.pkg.Types) {
			g.frozen[c] = true
		}
	}
}

// passed tells that go test ran every row of the rendering and saw each
// pass, and failed nowhere else.
func passed(v *gotest.Verdict, r *rendering) bool {
	return !v.BuildFailed && !v.PackageFailed && len(v.Failed) == 0 && len(v.Crashed) == 0 && notPassed(v, r) == ""
}

// checking tells the rounds that run every case for Options.CheckAll
// from those of the file to write.
func (g *generator) checking() bool { return g.all && !g.opts.AllPaths }

// chooseLocals names the tests' local variables so that they shadow none
// of the package's names, and reserves them so that no import or helper
// takes them.
func (g *generator) chooseLocals() locals {
	pick := func(name string) string {
		for g.scope.taken[name] {
			name += "_"
		}
		g.scope.taken[name] = true
		return name
	}
	return locals{t: pick("t"), tests: pick("tests"), tt: pick("tt"), r: pick("r")}
}

// addFunc claims ft's test name and keeps the cases that can be written,
// reporting the others as skipped.
func (g *generator) addFunc(ft FuncTests) {
	fs := &funcState{fn: ft.Func, testName: g.scope.claimTest(testFuncName(ft.Func))}
	skip := func(c Case, why string) {
		g.report.Skipped = append(g.report.Skipped, fmt.Sprintf("%s: case %q: %s", fs.testName, c.Summary, why))
	}
	if why := g.uncallable(ft.Func); why != "" {
		for _, c := range ft.Cases {
			skip(c, why)
		}
		return
	}
	scratch := &literal.Writer{Home: g.pkg.Types, Imports: newImports(g.pkg.Types), PtrHelper: "ptr"}
	for _, c := range ft.Cases {
		if why := writable(ft.Func, c, scratch); why != "" {
			skip(c, why)
			continue
		}
		if !g.opts.AllPaths && privatePanic(c, g.pkg.Types) {
			g.report.PanicsDropped++
			continue
		}
		fs.cands = append(fs.cands, &candidate{Case: c})
	}
	g.funcs = append(g.funcs, fs)
}

// uncallable says why a test in the package cannot call fn, or "".
func (g *generator) uncallable(fn *ssa.Function) string {
	if fn == nil || fn.Object() == nil || fn.Object().Pkg() == nil {
		return "not a declared function"
	}
	obj := fn.Object()
	switch {
	case fn.Synthetic != "" && fn.Origin() == nil:
		return "not a declared function"
	case obj.Pkg().Path() != g.pkg.Types.Path():
		return "declared in another package, " + obj.Pkg().Path()
	case fn.Name() == "_" || fn.Name() == "init" && fn.Signature.Recv() == nil:
		return "function " + fn.Name() + " cannot be called"
	case fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0:
		return "generic function without type arguments"
	}
	for _, p := range fn.Params {
		if err := literal.Nameable(g.pkg.Types, p.Type()); err != nil {
			return "parameter " + p.Name() + " has no type the test can write: " + err.Error()
		}
	}
	for _, ta := range fn.TypeArgs() {
		if err := literal.Nameable(g.pkg.Types, ta); err != nil {
			return "type argument: " + err.Error()
		}
	}
	return ""
}

// writable says why case c of fn cannot be written, or "".
func writable(fn *ssa.Function, c Case, l *literal.Writer) string {
	if len(c.Args) != len(fn.Params) {
		return fmt.Sprintf("%d inputs for %d parameters", len(c.Args), len(fn.Params))
	}
	if !c.Want.Panics && len(c.Want.Results) != fn.Signature.Results().Len() {
		return fmt.Sprintf("%d results for %d", len(c.Want.Results), fn.Signature.Results().Len())
	}
	for i, a := range c.Args {
		if a.Kind == concrete.Handed {
			if why := handedWritable(fn, i, a, l); why != "" {
				return fmt.Sprintf("input %s has no literal: %s", paramField(fn, i), why)
			}
			continue
		}
		if _, err := l.InSlot(a, fn.Params[i].Type(), false); err != nil {
			return fmt.Sprintf("input %s has no literal: %v", paramField(fn, i), err)
		}
	}
	return ""
}

// render prints the file for the selected cases of every function whose
// test compiles, or returns nil when there is none; with only set, just
// for those of them in only (a part under bisection). A function whose
// test cannot be printed (a bug in gosymtest) is left out, with its
// cases reported, and the file printed without it.
func (g *generator) render(only map[*candidate]bool) (*rendering, error) {
	for {
		r, retry, err := g.renderOnce(only)
		if err != nil || !retry {
			return r, err
		}
	}
}

// renderOnce prints the file. It prints twice: the first pass finds the
// packages the file imports, the second writes them by the names they
// were given. retry says it left out a function whose test could not be
// printed, and the file must be printed again without it.
func (g *generator) renderOnce(only map[*candidate]bool) (r *rendering, retry bool, err error) {
	imp := newImports(g.pkg.Types)
	for pass := 0; pass < 2; pass++ {
		sc := g.scope.clone()
		h := helpers{ptr: sc.claim("ptr", "gosymtestPtr"), errText: sc.claim("errText", "gosymtestErrText"),
			setEnviron: sc.claim("setEnviron", "gosymtestSetEnviron"), types: literal.ClaimHelperTypes(sc.claim)}
		if pass == 1 {
			imp.fix(sc)
		}
		h.forms = &langForms{lang: g.lang, base: h.ptr, claim: sc.claim, names: make(map[string]string)}
		h.fakes = &literal.Fakes{Claim: sc.claim}
		l := &literal.Writer{Home: g.pkg.Types, Imports: imp, PtrHelper: h.ptr, HelperTypes: h.types, Lang: h.forms, Fakes: h.fakes}
		vars := g.vars
		vars.declared = func(name string) bool { return sc.taken[name] }
		r = &rendering{}
		states := make(map[*table]*funcState)
		for _, fs := range g.funcs {
			if fs.broken {
				continue
			}
			selected := selectCases(preferred(keep(fs.cands, g.frozen)), g.all, g.pkg.Types)
			if only != nil {
				selected = keep(selected, only)
			}
			if len(selected) == 0 {
				continue
			}
			t, err := buildTable(fs.fn, fs.testName, selected, l, vars)
			if err != nil {
				// The imports of its first pass are recorded: print
				// again from the start.
				fs.broken = true
				for _, c := range selected {
					c.failed = true
					g.report.Skipped = append(g.report.Skipped, fmt.Sprintf("%s: case %q: %v (a bug in gosymtest)", fs.testName, c.Summary, err))
				}
				return nil, true, nil
			}
			states[t] = fs
			r.tables = append(r.tables, t)
		}
		if len(r.tables) == 0 {
			return nil, false, nil
		}
		h.usedTypes = l.UsedHelpers
		src, err := emitFile(g.pkg.Types.Name(), r.tables, imp, h, l.UsesPtr)
		if err != nil {
			if g.dropUnprintable(r, states, imp, h, l.UsesPtr) {
				return nil, true, nil
			}
			return nil, false, err
		}
		r.src = src
	}
	return r, false, nil
}

// dropUnprintable leaves out the functions whose test alone does not
// parse once printed (a bug in gosymtest), reporting their rows as not
// compiled, and says whether there was one.
func (g *generator) dropUnprintable(r *rendering, states map[*table]*funcState, imp *imports, h helpers, usesPtr bool) bool {
	found := false
	for _, t := range r.tables {
		_, err := emitFile(g.pkg.Types.Name(), []*table{t}, imp, h, usesPtr)
		if err == nil {
			continue
		}
		found = true
		states[t].broken = true
		msg := firstLine(err.Error())
		for _, row := range t.rows {
			row.cand.failed = true
			g.report.Dropped = append(g.report.Dropped, notCompiled(t, row, msg))
		}
	}
	return found
}

// keep is the candidates in set, in order; all of them when set is nil.
func keep(cands []*candidate, set map[*candidate]bool) []*candidate {
	if set == nil {
		return cands
	}
	var kept []*candidate
	for _, c := range cands {
		if set[c] {
			kept = append(kept, c)
		}
	}
	return kept
}

// notPassed names a row that go test did not report as passed, or is "".
// Only rows seen to pass are written.
func notPassed(v *gotest.Verdict, r *rendering) string {
	for _, t := range r.tables {
		for _, row := range t.rows {
			if name := t.testName + "/" + row.name; !v.Passed[name] {
				return name
			}
		}
	}
	return ""
}

func testNames(tables []*table) []string {
	names := make([]string, len(tables))
	for i, t := range tables {
		names[i] = t.testName
	}
	return names
}

// finish writes the file and counts what it holds.
func (g *generator) finish(r *rendering) error {
	if err := writeFile(g.path, r.src); err != nil {
		return err
	}
	g.report.Path = g.path
	for _, t := range r.tables {
		g.report.Kept += len(t.rows)
		g.report.KeptPerFunc[t.fn] = len(t.rows)
		g.report.PanicsFound = append(g.report.PanicsFound, findings(t)...)
	}
	return nil
}
