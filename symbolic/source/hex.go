package source

import (
	"go/ast"
	"go/token"
	"strings"
)

// hexOperands are the variables a branch condition compares with an
// integer constant written in hex, alone or masked or shifted (x,
// x&0xf0, x>>4), in the order the syntax gives them. The writer of the
// tests writes such an input in hex too: the function treats it as bits.
// tag is set for a case of a tagged switch, which compares the tag with
// the case's value leaf.
func hexOperands(leaf, tag ast.Expr) []string {
	cond := leaf
	if tag != nil {
		cond = &ast.BinaryExpr{X: tag, Op: token.EQL, Y: leaf}
	}
	var names []string
	ast.Inspect(cond, func(n ast.Node) bool {
		bin, ok := n.(*ast.BinaryExpr)
		if !ok {
			return true
		}
		switch bin.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.AND, token.OR, token.XOR, token.AND_NOT:
		default:
			return true
		}
		for _, pair := range [][2]ast.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
			if isHexLit(pair[1]) {
				if id := rootIdent(pair[0]); id != "" {
					names = append(names, id)
				}
			}
		}
		return true
	})
	return names
}

// isHexLit reports whether e is an integer literal written in hex.
func isHexLit(e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BasicLit)
	return ok && b.Kind == token.INT && (strings.HasPrefix(b.Value, "0x") || strings.HasPrefix(b.Value, "0X"))
}

// rootIdent is the variable an operand is made of when it is a variable
// or a mask or shift of one (x, x&0xf0, x>>4), or "".
func rootIdent(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name
	case *ast.BinaryExpr:
		switch e.Op {
		case token.AND, token.OR, token.XOR, token.AND_NOT, token.SHL, token.SHR:
			if _, ok := ast.Unparen(e.Y).(*ast.BasicLit); ok {
				return rootIdent(e.X)
			}
			if _, ok := ast.Unparen(e.X).(*ast.BasicLit); ok {
				return rootIdent(e.Y)
			}
		}
	}
	return ""
}
