package testgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// An integer input is written in hex when the function under test treats
// it as bits: one of the case's branches in the function compares it, or
// a mask of it, with a hex constant (x&0x80 != 0, c >= 0x7f). Anywhere
// else an integer reads better in decimal.

// hexParams are the names of the parameters that the case's branches in
// the function under test compare with hex constants.
func hexParams(c *candidate) map[string]bool {
	var hex map[string]bool
	for _, b := range c.Branches {
		if b.Func != "" || !strings.Contains(b.Cond, "0x") && !strings.Contains(b.Cond, "0X") {
			continue
		}
		e, err := parser.ParseExpr(b.Cond)
		if err != nil {
			continue
		}
		ast.Inspect(e, func(n ast.Node) bool {
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
				if !isHexLit(pair[1]) {
					continue
				}
				if id := rootIdent(pair[0]); id != "" {
					if hex == nil {
						hex = make(map[string]bool)
					}
					hex[id] = true
				}
			}
			return true
		})
	}
	return hex
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
