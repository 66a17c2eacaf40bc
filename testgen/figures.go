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

// Figures are the readability figures of a generated test file, which
// issue 12's acceptance measures per package.
type Figures struct {
	Names int // the rows' names
	// Numbered are the names of the returns_…_N kind: an outcome and
	// then a number, which says only that some other row had the same
	// outcome (returns_false_11).
	Numbered int
	// Strings are the distinct string literals of the rows other than
	// their names: inputs, expected results and messages.
	Strings int
	// NonPrintable are those of Strings that hold a byte a reader cannot
	// see: invalid UTF-8, or a character that is neither printable nor a
	// tab, newline or carriage return ("\x80\x00", NUL padding).
	NonPrintable int
}

// numberedName matches a name made of an outcome and a number. It also
// matches returns_minus_3 for a function that returned -3, which says no
// more than returns_false_2 does about the branch the case takes.
var numberedName = regexp.MustCompile(`^(returns|panics)(_[^_]+)*_[0-9]+$`)

// FileFigures measures a generated test file: the names of the rows of
// its tables (the string value of each row's first field, the name
// column whatever it is called) and the other string literals of the
// rows. A file that does not parse has none.
func FileFigures(src []byte) Figures {
	var n Figures
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return n
	}
	seen := make(map[string]bool)
	ast.Inspect(f, func(node ast.Node) bool {
		decl, ok := node.(*ast.AssignStmt)
		if !ok || len(decl.Rhs) != 1 {
			return true
		}
		table, ok := decl.Rhs[0].(*ast.CompositeLit)
		if !ok {
			return true
		}
		if _, ok := table.Type.(*ast.ArrayType); !ok {
			return true
		}
		for _, e := range table.Elts {
			row, ok := e.(*ast.CompositeLit)
			if !ok || len(row.Elts) == 0 {
				continue
			}
			if name, ok := fieldString(row.Elts[0]); ok {
				n.Names++
				if numberedName.MatchString(name) {
					n.Numbered++
				}
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
		return false
	})
	return n
}

// fieldString is the string a row's keyed field holds.
func fieldString(e ast.Expr) (string, bool) {
	kv, ok := e.(*ast.KeyValueExpr)
	if !ok {
		return "", false
	}
	lit, ok := kv.Value.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
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
