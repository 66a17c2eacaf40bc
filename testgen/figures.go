package testgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
)

// NameCounts are the readability figures of a generated file's case
// names (issue 12's acceptance measures them per package).
type NameCounts struct {
	Names int // the rows' names
	// Numbered are the names of the returns_…_N kind: an outcome and
	// then a number, which says only that some other row had the same
	// outcome (returns_false_11).
	Numbered int
}

// numberedName matches a name made of an outcome and a number. It also
// matches returns_minus_3 for a function that returned -3, which says no
// more than returns_false_2 does about the branch the case takes.
var numberedName = regexp.MustCompile(`^(returns|panics)(_[^_]+)*_[0-9]+$`)

// NameFigures counts the case names of a generated test file: the string
// values of the first field of every row of its tables (the name column,
// whatever it is called). A file that does not parse has none.
func NameFigures(src []byte) NameCounts {
	var n NameCounts
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return n
	}
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
			kv, ok := row.Elts[0].(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			lit, ok := kv.Value.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				continue
			}
			name, err := strconv.Unquote(lit.Value)
			if err != nil {
				continue
			}
			n.Names++
			if numberedName.MatchString(name) {
				n.Numbered++
			}
		}
		return false
	})
	return n
}
