package testgen

import (
	"go/ast"
	"go/token"
)

// A generated test is in the package it tests, so a type of that package
// is written bare: T{…} or &T{…}, never pkg.T{…}. And only in a literal
// of a type of its own package can a file set an unexported field. So a
// composite literal sets private state when its type is a bare name the
// test file does not declare (the file's own doubles, errReader, do not
// count) and one of its keys is an unexported name. The type of a
// literal written without one ([]*T{{…}}) is the element type of the
// literal around it.
//
// What the file alone cannot tell: a map type of the package keyed by
// constants, M{lower: 1}, looks like a struct literal and counts; and
// whether a function of the package returns the type, which needs the
// package's types.

// origin is where the type of a composite literal is declared.
type origin int

const (
	originNone    origin = iota // not known, or no literal of it can set a field
	originPackage               // the package under test
	originFile                  // the test file: a double, or an anonymous struct
)

// litType is the type of a composite literal: its expression when it is
// written, and where it is declared.
type litType struct {
	expr   ast.Expr // nil: not written (an element of a named type)
	origin origin
}

// setsPrivateState reports whether some input or expected value of row
// sets an unexported field of a type of the package under test.
func setsPrivateState(file fileFacts, row *ast.CompositeLit) bool {
	s := privateScan{file: file}
	for _, e := range row.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			e = kv.Value // the row's own keys are its columns
		}
		s.expr(e, litType{})
		if s.found {
			return true
		}
	}
	return false
}

type privateScan struct {
	file  fileFacts
	found bool
}

// expr scans e, which may be a literal whose type is elided (of type
// elided) or an expression that holds literals.
func (s *privateScan) expr(e ast.Expr, elided litType) {
	if lit, ok := e.(*ast.CompositeLit); ok {
		s.lit(lit, elided)
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok {
			s.lit(lit, litType{})
			return false
		}
		return !s.found
	})
}

func (s *privateScan) lit(lit *ast.CompositeLit, t litType) {
	if lit.Type != nil {
		t = s.typeOf(lit.Type)
	}
	if t.origin == originPackage && setsUnexported(lit) {
		s.found = true
		return
	}
	elem, key := s.elems(t)
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			s.expr(kv.Key, key)
			e = kv.Value
		}
		s.expr(e, elem)
		if s.found {
			return
		}
	}
}

// typeOf classifies the type expression of a literal.
func (s *privateScan) typeOf(e ast.Expr) litType {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X // an elided &T{…}
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X // T[int]{…}
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			if s.file.types[x.Name] {
				return litType{x, originFile}
			}
			return litType{x, originPackage}
		case *ast.StructType:
			return litType{x, originFile}
		case *ast.ArrayType, *ast.MapType:
			return litType{x, originNone}
		default:
			return litType{x, originNone} // pkg.T: its unexported fields cannot be set
		}
	}
}

// elems are the types of the elements and of the keys of a literal of
// type t, for those written without their type.
func (s *privateScan) elems(t litType) (elem, key litType) {
	switch x := t.expr.(type) {
	case *ast.ArrayType:
		return s.typeOf(x.Elt), litType{}
	case *ast.MapType:
		return s.typeOf(x.Value), s.typeOf(x.Key)
	}
	// A named slice or map type: its elements are declared where it is.
	return litType{origin: t.origin}, litType{origin: t.origin}
}

// setsUnexported reports whether a literal has a key that is an
// unexported name: a struct field (error, of an embedded error, too).
func setsUnexported(lit *ast.CompositeLit) bool {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name != "_" && !token.IsExported(key.Name) {
			return true
		}
	}
	return false
}
