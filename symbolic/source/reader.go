package source

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Reader reads SSA back as source text. It keeps each reading it makes,
// as the same branch is read again on every path through it. It is not
// safe for concurrent use: one per engine.
type Reader struct {
	fset  *token.FileSet
	conds map[*ssa.If]Cond
	bins  map[*ssa.BinOp]Bin
	convs map[*ssa.Convert]string
}

// NewReader returns a Reader of the syntax positioned in fset.
func NewReader(fset *token.FileSet) *Reader { return &Reader{fset: fset} }

// Print is x as written, on one line; "" when it cannot be printed.
func (r *Reader) Print(x ast.Expr) string { return printExpr(r.fset, x) }
