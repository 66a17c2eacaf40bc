package testgen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

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
		case unchecked:
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

// compileError is one compiler message about the candidate file.
type compileError struct {
	line int
	msg  string
}

// compileErrors picks the messages about the candidate file out of the
// build output, which names it by its temporary path.
func compileErrors(v *verdict) []compileError {
	name := regexp.QuoteMeta(filepath.Base(filepath.Dir(v.candidate)) + "/" + filepath.Base(v.candidate))
	re := regexp.MustCompile(`(?m)` + name + `:(\d+):\d+: (.*)$`)
	var errs []compileError
	for _, m := range re.FindAllStringSubmatch(v.buildOutput, -1) {
		line, _ := strconv.Atoi(m[1])
		errs = append(errs, compileError{line: line, msg: m[2]})
	}
	return errs
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
func buildFailure(path string, v *verdict) error {
	return fmt.Errorf("%s: the package's tests do not build:\n%s", path, strings.TrimSpace(v.buildOutput))
}
