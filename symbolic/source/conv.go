package source

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"
)

// Conv is the conversion as written in the source, "[]rune(str1)",
// or "" when the function has no syntax there.
func (r *Reader) Conv(in *ssa.Convert) string {
	if text, ok := r.convs[in]; ok {
		return text
	}
	if r.convs == nil {
		r.convs = make(map[*ssa.Convert]string)
	}
	text := ""
	if syntax := in.Parent().Syntax(); syntax != nil && in.Pos().IsValid() {
		ast.Inspect(syntax, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && call.Lparen == in.Pos() {
				text = printExpr(r.fset, call)
			}
			return text == ""
		})
	}
	r.convs[in] = text
	return text
}
