package testgen

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// maxRounds bounds the go test runs for one package. Every round but the
// last drops at least one case, so only packages with many cases that
// crash the test binary (one per round) get near it.
const maxRounds = 12

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
	report := &Report{KeptPerFunc: make(map[*ssa.Function]int)}
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
		return report, fmt.Errorf("test file name %q: want a file name ending in _test.go", opts.FileName)
	}
	if pkg.Types == nil {
		return report, fmt.Errorf("%s: no type information for the package", pkg.Dir)
	}
	// The overlay that validation hands go test needs an absolute path.
	dir, err := filepath.Abs(pkg.Dir)
	if err != nil {
		return report, err
	}
	pkg.Dir = dir
	path := filepath.Join(dir, opts.FileName)
	if err := checkReplaceable(path); err != nil {
		return report, err
	}
	g := &generator{pkg: pkg, opts: opts, path: path, report: report, all: opts.AllPaths || (opts.CheckAll && opts.Validate)}
	g.scope = newScope(pkg.Types, pkg.Dir, opts.FileName)
	g.vars = g.chooseLocals()
	for _, ft := range funcs {
		g.addFunc(ft)
	}
	sort.Strings(report.Skipped)

	for round := 1; ; round++ {
		if g.checking() && round > maxRounds {
			// The check of every case ran out of rounds: the cases left
			// are chosen as usual, with rounds of their own.
			g.all, round = false, 1
		}
		r, err := g.render()
		if err != nil {
			return report, err
		}
		if r == nil {
			return report, removeGenerated(path)
		}
		if !opts.Validate {
			return report, g.finish(r)
		}
		if round > maxRounds {
			return report, fmt.Errorf("%s: tests still fail after %d runs of go test; no file written", path, maxRounds)
		}
		// The check of every case runs each once: it looks for
		// disagreements; flakiness is the file's check, repeated.
		runs, cover := validationRuns, opts.Cover
		if g.checking() {
			runs, cover = 1, false
		}
		v, err := runTests(ctx, opts, pkg, path, r.src, testNames(r.tables), runs, cover)
		if err != nil {
			return report, err
		}
		switch {
		case v.buildFailed:
			err = g.dropUncompilable(v, r)
		case len(v.failed) == 0 && len(v.crashed) == 0:
			if v.packageFailed {
				return report, fmt.Errorf("%s: go test failed outside the generated tests:\n%s", path, strings.TrimSpace(v.output))
			}
			if missing := notPassed(v, r); missing != "" {
				return report, fmt.Errorf("%s: go test passed without running %s:\n%s", path, missing, strings.TrimSpace(v.output))
			}
			if g.checking() {
				// Every case agreed with Go: now write only those that
				// add coverage, checked once more as the file to write.
				g.all, round = false, 0
				continue
			}
			report.CoverProfile = v.profile
			return report, g.finish(r)
		default:
			err = g.dropFailing(v, r)
		}
		if err != nil {
			return report, err
		}
	}
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
	scratch := &literals{home: g.pkg.Types, imp: newImports(g.pkg.Types), ptrHelper: "ptr"}
	for _, c := range ft.Cases {
		if why := writable(ft.Func, c, scratch); why != "" {
			skip(c, why)
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
		if err := nameable(g.pkg.Types, p.Type()); err != nil {
			return "parameter " + p.Name() + " has no type the test can write: " + err.Error()
		}
	}
	for _, ta := range fn.TypeArgs() {
		if err := nameable(g.pkg.Types, ta); err != nil {
			return "type argument: " + err.Error()
		}
	}
	return ""
}

// writable says why case c of fn cannot be written, or "".
func writable(fn *ssa.Function, c Case, l *literals) string {
	if len(c.Args) != len(fn.Params) {
		return fmt.Sprintf("%d inputs for %d parameters", len(c.Args), len(fn.Params))
	}
	if !c.Want.Panics && len(c.Want.Results) != fn.Signature.Results().Len() {
		return fmt.Sprintf("%d results for %d", len(c.Want.Results), fn.Signature.Results().Len())
	}
	for i, a := range c.Args {
		if _, err := l.inSlot(a, fn.Params[i].Type(), false); err != nil {
			return fmt.Sprintf("input %s has no literal: %v", paramField(fn, i), err)
		}
	}
	return ""
}

// render prints the file for the selected cases of every function whose
// test compiles, or returns nil when there is none. It prints twice: the
// first pass finds the packages the file imports, the second writes them
// by the names they were given.
func (g *generator) render() (*rendering, error) {
	imp := newImports(g.pkg.Types)
	var r *rendering
	for pass := 0; pass < 2; pass++ {
		sc := g.scope.clone()
		h := helpers{ptr: sc.claim("ptr", "gosymtestPtr"), errText: sc.claim("errText", "gosymtestErrText"),
			setEnviron: sc.claim("setEnviron", "gosymtestSetEnviron"), types: claimHelperTypes(sc)}
		if pass == 1 {
			imp.fix(sc)
		}
		l := &literals{home: g.pkg.Types, imp: imp, ptrHelper: h.ptr, helperTypes: h.types}
		vars := g.vars
		vars.declared = func(name string) bool { return sc.taken[name] }
		r = &rendering{}
		for _, fs := range g.funcs {
			if fs.broken {
				continue
			}
			selected := selectCases(fs.cands, g.all)
			if len(selected) == 0 {
				continue
			}
			t, err := buildTable(fs.fn, fs.testName, selected, l, vars)
			if err != nil {
				return nil, fmt.Errorf("%s: %w (a bug in gosymtest)", g.path, err)
			}
			r.tables = append(r.tables, t)
		}
		if len(r.tables) == 0 {
			return nil, nil
		}
		h.usedTypes = l.usedHelpers
		src, err := emitFile(g.pkg.Types.Name(), r.tables, imp, h, l.usesPtr)
		if err != nil {
			return nil, err
		}
		r.src = src
	}
	return r, nil
}

// notPassed names a row that go test did not report as passed, or is "".
// Only rows seen to pass are written.
func notPassed(v *verdict, r *rendering) string {
	for _, t := range r.tables {
		for _, row := range t.rows {
			if name := t.testName + "/" + row.name; !v.passed[name] {
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

// dropFailing marks the rows that failed or crashed under go test, and
// reports each as a divergence.
func (g *generator) dropFailing(v *verdict, r *rendering) error {
	dropped := 0
	for _, t := range r.tables {
		rowsDropped := 0
		for _, row := range t.rows {
			key := t.testName + "/" + row.name
			got := ""
			if reason, ok := v.crashed[key]; ok {
				got = "crashed: " + reason
			} else if lines, ok := v.failed[key]; ok {
				got = gotText(t, lines)
				if got == "" {
					// The test stopped before any check: an unrecovered
					// panic, which the parent's output reports.
					got = "crashed: " + crashReason(key, v.outputs, v.output)
				}
			} else {
				continue
			}
			row.cand.failed = true
			rowsDropped++
			if row.cand.Uncontrolled {
				g.report.Skipped = append(g.report.Skipped, uncontrolledSkip(t, row))
				continue
			}
			g.report.Dropped = append(g.report.Dropped, divergence(t, row, got))
		}
		_, crashed := v.crashed[t.testName]
		_, failed := v.failed[t.testName]
		if rowsDropped == 0 && (crashed || failed) {
			// The test failed outside its rows.
			why := "crashed: " + crashReason(t.testName, v.outputs, v.output)
			for _, row := range t.rows {
				row.cand.failed = true
				if row.cand.Uncontrolled {
					g.report.Skipped = append(g.report.Skipped, uncontrolledSkip(t, row))
					continue
				}
				g.report.Dropped = append(g.report.Dropped, divergence(t, row, why))
			}
			rowsDropped = len(t.rows)
		}
		dropped += rowsDropped
	}
	if dropped == 0 {
		return fmt.Errorf("%s: go test failed, but not in a generated case:\n%s", g.path, strings.TrimSpace(v.output))
	}
	return nil
}

// dropUncompilable leaves out the rows, or whole tests, that the compiler
// complained about. An error outside every test is not the rows' fault:
// the package's own tests may not build. Then no file is written.
func (g *generator) dropUncompilable(v *verdict, r *rendering) error {
	errs := compileErrors(v)
	if len(errs) == 0 {
		return buildFailure(g.path, v)
	}
	m, err := mapSource(r.src)
	if err != nil {
		return err
	}
	byName := make(map[string]*table)
	for _, t := range r.tables {
		byName[t.testName] = t
	}
	states := make(map[string]*funcState)
	for _, fs := range g.funcs {
		states[fs.testName] = fs
	}
	rowErrs := make(map[*candidate]string)
	funcErrs := make(map[string]string)
	for _, e := range errs {
		test, rowIndex, ok := m.locate(e.line)
		t := byName[test]
		if !ok || t == nil {
			return buildFailure(g.path, v)
		}
		switch {
		case rowIndex >= 0 && rowIndex < len(t.rows):
			if _, seen := rowErrs[t.rows[rowIndex].cand]; !seen {
				rowErrs[t.rows[rowIndex].cand] = e.msg
			}
		case funcErrs[test] == "":
			funcErrs[test] = e.msg
		}
	}
	for _, t := range r.tables {
		if msg, ok := funcErrs[t.testName]; ok {
			states[t.testName].broken = true
			for _, row := range t.rows {
				g.report.Dropped = append(g.report.Dropped, notCompiled(t, row, msg))
			}
			continue
		}
		for _, row := range t.rows {
			if msg, ok := rowErrs[row.cand]; ok {
				row.cand.failed = true
				g.report.Dropped = append(g.report.Dropped, notCompiled(t, row, msg))
			}
		}
	}
	return nil
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
	}
	return nil
}
