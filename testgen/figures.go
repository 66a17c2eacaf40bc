package testgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Figures are the readability figures of a generated test file: how many
// of its names and literals a reader would stop at, and how many of its
// cases a reviewer would reject as reached from the inside out (built on
// private state, or expecting a panic or only failures).
type Figures struct {
	Names int // the rows' names
	// Numbered are the names of the returns_…_N kind: another row's
	// name and a number, which says only that the other row had the
	// same outcome (returns_false_11 beside returns_false). A number
	// that is a value (returns_3, r_is_34) does not count.
	Numbered int
	// Strings are the distinct string literals of the rows other than
	// their names: inputs, expected results and messages.
	Strings int
	// NonPrintable are those of Strings that hold a byte a reader cannot
	// see: invalid UTF-8, or a character that is neither printable nor a
	// tab, newline or carriage return ("\x80\x00", NUL padding).
	NonPrintable int

	// The case counts below are over the case tables, tests := []struct{…}{…}
	// (figures_cases.go).

	Tables int // case tables
	Cases  int // their rows
	// PrivateState are the rows that set an unexported field of a type
	// of the package under test in a composite literal, at any depth of
	// an input or an expected result (figures_private.go).
	PrivateState int
	Panics       int // rows that expect a panic (panics: true)
	// NilDeref are those of Panics whose expected message says "nil
	// pointer dereference".
	NilDeref int
	// RuntimeError are those of Panics whose expected message is the
	// runtime's ("runtime error: …"): a panic the package does not call.
	// A panic row whose message is unknown counts in neither.
	RuntimeError int
	// FailureOnly are the tables with at least one row whose every row
	// panics or expects an error.
	FailureOnly int
}

// numberSuffix matches the number a repeated name gets.
var numberSuffix = regexp.MustCompile(`_[0-9]+$`)

// FileFigures measures a generated test file: the names of the rows of
// its tables (the string value of each row's first field, the name
// column whatever it is called), the other string literals of the rows,
// and the outcomes and inputs of the cases. A file that does not parse
// has none.
func FileFigures(src []byte) Figures {
	var n Figures
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return n
	}
	seen := make(map[string]bool)
	file := newFileFacts(f)
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		ast.Inspect(fn.Body, func(node ast.Node) bool {
			assign, ok := node.(*ast.AssignStmt)
			if !ok || len(assign.Rhs) != 1 {
				return true
			}
			table, ok := assign.Rhs[0].(*ast.CompositeLit)
			if !ok {
				return true
			}
			if _, ok := table.Type.(*ast.ArrayType); !ok {
				return true
			}
			n.literals(table, seen)
			n.cases(file, fn.Body, assign, table)
			return false
		})
	}
	return n
}

// literals counts the names and the string literals of a table's rows.
func (n *Figures) literals(table *ast.CompositeLit, seen map[string]bool) {
	names := make(map[string]bool)
	var rowNames []string
	for _, e := range table.Elts {
		row, ok := e.(*ast.CompositeLit)
		if !ok || len(row.Elts) == 0 {
			continue
		}
		if name, ok := fieldString(row.Elts[0]); ok {
			names[name] = true
			rowNames = append(rowNames, name)
		}
		for _, field := range row.Elts[1:] {
			ast.Inspect(field, func(node ast.Node) bool {
				lit, ok := node.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || seen[s] {
					return true
				}
				seen[s] = true
				n.Strings++
				if !readable(s) {
					n.NonPrintable++
				}
				return true
			})
		}
	}
	for _, name := range rowNames {
		n.Names++
		if loc := numberSuffix.FindStringIndex(name); loc != nil && names[name[:loc[0]]] {
			n.Numbered++
		}
	}
}

// fieldString is the string a row's field holds, keyed or not.
func fieldString(e ast.Expr) (string, bool) {
	if kv, ok := e.(*ast.KeyValueExpr); ok {
		e = kv.Value
	}
	return stringValue(e)
}

// readable reports whether every character of s can be seen or is common
// white space.
func readable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) && r != '\t' && r != '\n' && r != '\r' {
			return false
		}
	}
	return true
}
