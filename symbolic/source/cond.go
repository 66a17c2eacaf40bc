package source

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Conditions in source terms. A pin (pins.go) is rebuilt from SSA and reads
// in SSA's terms; a test's comment should quote the source instead:
// "parse.go:42: s[0] != 'v'". The condition of an ssa.If is the value of
// one leaf of the source condition: the SSA builder splits &&, || and !
// into branches of their own, so the leaf is a comparison, a call, a
// selector, an identifier. It is found in the function's syntax by the
// value's position (a comparison's is its operator's, a call's its
// parenthesis'), and printed as written, for the side taken: the then
// side as is, the else side with its comparison operator flipped or
// under a "!". A case of a tagged switch compares the tag with the case's
// value at the value's position: it reads "tag == value". An If whose
// condition has no position in the syntax (a range loop's index test,
// synthetic code, a local boolean variable) has no source reading; the
// path's pins still say what it decided.

// Cond is the source reading of one ssa.If.
type Cond struct {
	OK    bool      // false when the source does not show the condition
	Pos   string    // "parse.go:42"
	Sides [2]string // the condition where it holds (Succs[0]) and where it does not
	Hex   []string  // the variables it compares with hex constants (hex.go)
}

// Cond is the source reading of in, computed once per If.
func (r *Reader) Cond(in *ssa.If) Cond {
	if c, ok := r.conds[in]; ok {
		return c
	}
	if r.conds == nil {
		r.conds = make(map[*ssa.If]Cond)
	}
	c := r.readCond(in)
	r.conds[in] = c
	return c
}

func (r *Reader) readCond(in *ssa.If) Cond {
	fn := in.Block().Parent()
	syntax := fn.Syntax()
	pos := valuePos(in.Cond)
	if syntax == nil || !pos.IsValid() || pos < syntax.Pos() || pos >= syntax.End() {
		return Cond{}
	}
	leaf, tag := findLeaf(syntax, pos)
	if leaf == nil {
		return Cond{}
	}
	fset := r.fset
	var then, els string
	if tag != nil {
		t, v := printExpr(fset, tag), printExpr(fset, leaf)
		then, els = t+" == "+v, t+" != "+v
	} else {
		then, els = printExpr(fset, leaf), negateExpr(fset, leaf)
	}
	p := fset.Position(leaf.Pos())
	if then == "" || els == "" || p.Filename == "" {
		return Cond{}
	}
	return Cond{OK: true, Pos: filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line), Sides: [2]string{then, els}, Hex: hexOperands(leaf, tag)}
}

// valuePos is the position the SSA builder gave v: a load's, when it has
// none, is its address's.
func valuePos(v ssa.Value) token.Pos {
	if p := v.Pos(); p.IsValid() {
		return p
	}
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		return u.X.Pos()
	}
	return token.NoPos
}

// findLeaf finds, in a function's syntax, the leaf of a condition whose
// value has position pos; tag is set when the leaf is a case value of a
// tagged switch, which the builder compares with the tag. Function
// literals are searched too: a closure's If may be looked up in its own
// syntax only, but an outer one never matches an inner position falsely,
// as positions are unique.
func findLeaf(syntax ast.Node, pos token.Pos) (leaf, tag ast.Expr) {
	var visit func(ast.Expr)
	visit = func(x ast.Expr) {
		x = ast.Unparen(x)
		switch c := x.(type) {
		case *ast.UnaryExpr:
			if c.Op == token.NOT {
				visit(c.X)
				return
			}
		case *ast.BinaryExpr:
			if c.Op == token.LAND || c.Op == token.LOR {
				visit(c.X)
				visit(c.Y)
				return
			}
		}
		if leaf == nil && leafPos(x) == pos {
			leaf = x
		}
	}
	ast.Inspect(syntax, func(n ast.Node) bool {
		if leaf != nil {
			return false
		}
		if n == nil || n.Pos() > pos || n.End() <= pos {
			return n == nil // only the nodes that enclose pos can hold the leaf
		}
		switch s := n.(type) {
		case *ast.IfStmt:
			visit(s.Cond)
		case *ast.ForStmt:
			if s.Cond != nil {
				visit(s.Cond)
			}
		case *ast.SwitchStmt:
			for _, cc := range s.Body.List {
				for _, v := range cc.(*ast.CaseClause).List {
					if s.Tag == nil {
						visit(v)
					} else if v.Pos() == pos && leaf == nil {
						leaf, tag = v, s.Tag
					}
				}
			}
		case *ast.BinaryExpr:
			if s.Op == token.LAND || s.Op == token.LOR {
				visit(s) // && and || branch outside conditions too
			}
		}
		return true
	})
	return leaf, tag
}

// leafPos is the position the SSA builder gives the value of x.
func leafPos(x ast.Expr) token.Pos {
	switch c := x.(type) {
	case *ast.BinaryExpr:
		return c.OpPos
	case *ast.CallExpr:
		return c.Lparen
	case *ast.SelectorExpr:
		return c.Sel.Pos()
	case *ast.IndexExpr:
		return c.Lbrack
	case *ast.Ident:
		return c.Pos()
	case *ast.StarExpr:
		return c.Star
	case *ast.UnaryExpr:
		return c.OpPos
	}
	return token.NoPos
}

// printExpr prints x as written, on one line.
func printExpr(fset *token.FileSet, x ast.Expr) string {
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, fset, x); err != nil {
		return ""
	}
	lines := strings.Split(buf.String(), "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	return strings.Join(lines, " ")
}

// flipped are the comparison operators and their negations.
var flipped = map[token.Token]token.Token{
	token.EQL: token.NEQ, token.NEQ: token.EQL,
	token.LSS: token.GEQ, token.GEQ: token.LSS,
	token.GTR: token.LEQ, token.LEQ: token.GTR,
}

// negateExpr prints the negation of the leaf x: a comparison with its
// operator flipped, anything else under a "!".
func negateExpr(fset *token.FileSet, x ast.Expr) string {
	switch c := x.(type) {
	case *ast.BinaryExpr:
		if op, ok := flipped[c.Op]; ok {
			n := *c
			n.Op = op
			return printExpr(fset, &n)
		}
	case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr, *ast.IndexExpr:
		return "!" + printExpr(fset, x)
	}
	return "!(" + printExpr(fset, x) + ")"
}
