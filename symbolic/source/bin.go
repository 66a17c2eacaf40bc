package source

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"
)

// Bin is a comparison and its operands as a reader sees them.
type Bin struct{ X, Y, Whole string }

// Bin reads the comparison bin as written in the source ("a", "0x0f",
// "a > 0x0f"), which names what the SSA form has inlined: a local
// variable, not the table lookup that set it, whose 256-byte table would
// fill the comment. Where the function has no syntax for it (a generated
// comparison), the SSA form is printed instead.
func (r *Reader) Bin(bin *ssa.BinOp) Bin {
	if t, ok := r.bins[bin]; ok {
		return t
	}
	if r.bins == nil {
		r.bins = make(map[*ssa.BinOp]Bin)
	}
	t := Bin{X: Pin(bin.X, true), Y: Pin(bin.Y, true), Whole: Pin(bin, true)}
	if syntax := bin.Parent().Syntax(); syntax != nil && bin.Pos().IsValid() {
		ast.Inspect(syntax, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok && b.OpPos == bin.Pos() && b.Op == bin.Op {
				fset := r.fset
				if x, y, whole := printExpr(fset, b.X), printExpr(fset, b.Y), printExpr(fset, b); x != "" && y != "" && whole != "" {
					t = Bin{X: x, Y: y, Whole: whole}
				}
				return false
			}
			return true
		})
	}
	r.bins[bin] = t
	return t
}
