package testgen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"

	"github.com/gosymtest/gosymtest/testgen/gotest"
)

// A failing run of go test read back: the rows its output blames
// (blame, and the drop functions it calls), and for each a Divergence
// that says what the interpreter expected and what Go did.

// divergence describes a row that failed, with what Go did (got).
func divergence(t *table, r row, got string) Divergence {
	return Divergence{Func: t.fn, Test: t.testName, Case: r.name, Inputs: inputsText(t, r), Want: wantText(t, r), Got: got}
}

// notCompiled describes a row the compiler rejected.
func notCompiled(t *table, r row, msg string) Divergence {
	d := divergence(t, r, "does not compile: "+msg)
	d.NotCompiled = true
	return d
}

// inputsText is "x: -3, s: \"ab\"".
func inputsText(t *table, r row) string {
	parts := make([]string, len(t.params))
	for i, p := range t.params {
		parts[i] = p.field + ": " + r.args[i]
	}
	return strings.Join(parts, ", ")
}

// wantText is what the interpreter expected, in the table's terms:
// "want: 3, wantErr: nil" or `panics: "boom"`.
func wantText(t *table, r row) string {
	if r.panics {
		if r.wantPanic == "" {
			return "panics"
		}
		return "panics: " + r.wantPanic
	}
	var parts []string
	for i, res := range t.results {
		w := r.wants[i]
		switch res.check {
		case unchecked, checkErrMadeAny:
			continue
		case checkViews:
			parts = append(parts, viewFields(res, w, r.views[i])...)
			continue
		case checkErrMsg, checkErrIs:
			if w == "" {
				w = "nil"
			}
		case checkErrIsOrMsg:
			if w == "" && r.msgs[i] != "" {
				parts = append(parts, res.msgField+": "+r.msgs[i])
				continue
			}
			if w == "" {
				w = "nil"
			}
		case checkErrNil:
			if w == "" {
				w = "false"
			}
		case checkErrMade:
			if w == "" {
				w = `""`
			}
		}
		parts = append(parts, res.field+": "+w)
	}
	for k, c := range t.after {
		if k < len(r.afterWants) && r.afterWants[k] != "" {
			parts = append(parts, c.field+": "+r.afterWants[k])
		}
	}
	if len(parts) == 0 {
		return "returns"
	}
	return strings.Join(parts, ", ")
}

// messageHeader matches the first line of a t.Errorf message in go test
// output: "    file_test.go:42: Abs():".
var messageHeader = regexp.MustCompile(`^\s*\S+\.go:\d+: (.*):$`)

// gotText reads what Go did from a failing subtest's output, whose
// messages emit.go printed as "label:", " got X", "want Y". It is "X" for
// a one-result function, and "result 2: X; error: Y" for the parts that
// failed of one with more.
func gotText(t *table, lines []string) string {
	var parts []string
	label := ""
	for _, line := range lines {
		line = strings.TrimRight(line, "\n")
		if m := messageHeader.FindStringSubmatch(line); m != nil {
			label = strings.TrimSpace(strings.TrimPrefix(m[1], t.label))
			continue
		}
		trimmed := strings.TrimSpace(line)
		if got, ok := strings.CutPrefix(trimmed, "got "); ok {
			if label != "" {
				got = label + ": " + got
			}
			parts = append(parts, got)
		}
	}
	return strings.Join(parts, "; ")
}

// sourceMap knows which lines of a rendered file belong to which test
// function, and to which of its rows.
type sourceMap struct {
	funcs map[string][2]int   // test name → first and last line
	rows  map[string][][2]int // test name → each row's first and last line
}

// mapSource reads the rendered file back: its test functions, and in
// each the elements of the table, which are the rows in order.
func mapSource(src []byte) (*sourceMap, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "candidate.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	m := &sourceMap{funcs: make(map[string][2]int), rows: make(map[string][][2]int)}
	lines := func(n ast.Node) [2]int { return [2]int{fset.Position(n.Pos()).Line, fset.Position(n.End()).Line} }
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil || len(fd.Body.List) == 0 {
			continue
		}
		m.funcs[fd.Name.Name] = lines(fd)
		assign, ok := fd.Body.List[0].(*ast.AssignStmt)
		if !ok || len(assign.Rhs) != 1 {
			continue
		}
		if lit, ok := assign.Rhs[0].(*ast.CompositeLit); ok {
			for _, elt := range lit.Elts {
				m.rows[fd.Name.Name] = append(m.rows[fd.Name.Name], lines(elt))
			}
		}
	}
	return m, nil
}

// locate says where a line is: in which test, and in which row (-1 when
// outside the table's rows). ok is false outside every test function.
func (m *sourceMap) locate(line int) (test string, rowIndex int, ok bool) {
	for name, span := range m.funcs {
		if line < span[0] || line > span[1] {
			continue
		}
		for i, r := range m.rows[name] {
			if line >= r[0] && line <= r[1] {
				return name, i, true
			}
		}
		return name, -1, true
	}
	return "", -1, false
}

// buildFailure is the error for a build failure that cannot be pinned on
// a row or a test: a bug in gosymtest or a package whose tests do not
// build without the generated file either.
func buildFailure(path string, v *gotest.Verdict) error {
	return fmt.Errorf("%s: the package's tests do not build:\n%s", path, strings.TrimSpace(v.BuildOutput))
}

// blame drops the cases go test's output pins a failure on, reporting
// each, and returns how many it dropped: rows the compiler points at (or
// their whole test when it points outside the table), rows that failed or
// were running when the test binary died, rows that never ran in a run
// that passed. 0 means the output pins the failure on no case.
func (g *generator) blame(v *gotest.Verdict, r *rendering) (int, error) {
	switch {
	case v.BuildFailed:
		return g.dropUncompilable(v, r)
	case len(v.Failed) > 0 || len(v.Crashed) > 0:
		return g.dropFailing(v, r), nil
	case !v.PackageFailed:
		return g.dropNotRun(v, r), nil
	}
	return 0, nil
}

// dropFailing marks the rows that failed or crashed under go test,
// reports each as a divergence, and returns how many it marked.
func (g *generator) dropFailing(v *gotest.Verdict, r *rendering) int {
	dropped := 0
	for _, t := range r.tables {
		rowsDropped := 0
		for _, row := range t.rows {
			key := t.testName + "/" + row.name
			got := ""
			if reason, ok := v.Crashed[key]; ok {
				got = "crashed: " + reason
			} else if lines, ok := v.Failed[key]; ok {
				got = gotText(t, lines)
				if got == "" {
					// The test stopped before any check: an unrecovered
					// panic, which the parent's output reports.
					got = "crashed: " + v.CrashReason(key)
				}
			} else {
				continue
			}
			g.drop(t, row, divergence(t, row, got))
			rowsDropped++
		}
		_, crashed := v.Crashed[t.testName]
		_, failed := v.Failed[t.testName]
		if rowsDropped == 0 && (crashed || failed) {
			// The test failed outside its rows.
			why := "crashed: " + v.CrashReason(t.testName)
			for _, row := range t.rows {
				g.drop(t, row, divergence(t, row, why))
			}
			rowsDropped = len(t.rows)
		}
		dropped += rowsDropped
	}
	return dropped
}

// dropNotRun marks the rows that go test did not report as passed in a
// run that failed nowhere: a row must be seen to pass to be written.
func (g *generator) dropNotRun(v *gotest.Verdict, r *rendering) int {
	dropped := 0
	for _, t := range r.tables {
		for _, row := range t.rows {
			if !v.Passed[t.testName+"/"+row.name] {
				g.drop(t, row, divergence(t, row, "did not run"))
				dropped++
			}
		}
	}
	return dropped
}

// drop marks a row's case as failed, never to be selected again, and
// reports it: as a divergence, or as skipped when its path depends on
// values the test cannot set (Go may then take another path: no
// disagreement).
func (g *generator) drop(t *table, r row, d Divergence) {
	r.cand.failed = true
	if r.cand.Uncontrolled && !d.NotCompiled {
		g.report.Skipped = append(g.report.Skipped, uncontrolledSkip(t, r))
		return
	}
	g.report.Dropped = append(g.report.Dropped, d)
}

// dropUncompilable leaves out the rows, or whole tests, that the
// compiler complained about, and returns how many cases it left out. An
// error outside every test (in a helper, say) is not pinned on any case:
// bisection finds the cases that bring it about (isolate.go).
func (g *generator) dropUncompilable(v *gotest.Verdict, r *rendering) (int, error) {
	errs := v.CompileErrors()
	if len(errs) == 0 {
		return 0, nil
	}
	m, err := mapSource(r.src)
	if err != nil {
		return 0, err
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
		test, rowIndex, ok := m.locate(e.Line)
		t := byName[test]
		if !ok || t == nil {
			continue
		}
		switch {
		case rowIndex >= 0 && rowIndex < len(t.rows):
			if _, seen := rowErrs[t.rows[rowIndex].cand]; !seen {
				rowErrs[t.rows[rowIndex].cand] = e.Msg
			}
		case funcErrs[test] == "":
			funcErrs[test] = e.Msg
		}
	}
	dropped := 0
	for _, t := range r.tables {
		if msg, ok := funcErrs[t.testName]; ok {
			states[t.testName].broken = true
			for _, row := range t.rows {
				row.cand.failed = true
				g.report.Dropped = append(g.report.Dropped, notCompiled(t, row, msg))
			}
			dropped += len(t.rows)
			continue
		}
		for _, row := range t.rows {
			if msg, ok := rowErrs[row.cand]; ok {
				g.drop(t, row, notCompiled(t, row, msg))
				dropped++
			}
		}
	}
	return dropped, nil
}
