package literal

import (
	"go/scanner"
	"go/token"
	"go/types"
	"strings"
)

// Imports names the packages the literals refer to, in the file they go
// in, and records that the file imports them.
type Imports interface {
	// Name is the name the file imports the package at pkgPath by (its
	// package clause says pkgName).
	Name(pkgPath, pkgName string) string
	// Qualifier is a types.Qualifier for the file: "" for the file's own
	// package, else the package's import name.
	Qualifier(p *types.Package) string
}

// Lang is what the file's Go language version lets a literal use. Below
// go1.18 there are no type parameters and no any: the pointer helper is
// one plain function per type, ptrInt(3), and any is spelled
// interface{}.
type Lang interface {
	// Generics tells that the file may use type parameters and any.
	Generics() bool
	// PtrFunc names, when the file may not use generics, the function
	// that returns a pointer to a copy of its argument of the type
	// spelled typ, and records that the file declares it.
	PtrFunc(typ string) string
}

// generics tells that the literals may use type parameters and any.
func (w *Writer) generics() bool { return w.Lang == nil || w.Lang.Generics() }

// spell adapts a type as types.TypeString writes it to the file's
// version: before go1.18, any (which the standard library's types
// bring in) becomes interface{}, unless the package declares its own
// any.
func (w *Writer) spell(typ string) string {
	if w.generics() || !strings.Contains(typ, "any") || w.Home.Scope().Lookup("any") != nil {
		return typ
	}
	return replaceAny(typ)
}

// ptrCall is the call that makes a pointer to a copy of the value src of
// the type spelled typ, and records the helper it uses: ptr[T](src), or
// below go1.18 the helper of that type, ptrInt(src).
func (w *Writer) ptrCall(typ, src string) string {
	w.UsesPtr = true
	if w.generics() {
		return w.PtrHelper + "[" + typ + "](" + src + ")"
	}
	return w.Lang.PtrFunc(typ) + "(" + src + ")"
}

// replaceAny writes interface{} for each any in a type expression that
// names the type: not a field called any (struct{ any int }), not a
// qualified name (pkg.any).
func replaceAny(typ string) string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	src := []byte(typ)
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	type tok struct {
		pos int
		tok token.Token
		lit string
	}
	var toks []tok
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		if t == token.SEMICOLON && lit == "\n" {
			continue // inserted at the end
		}
		toks = append(toks, tok{fset.Position(pos).Offset, t, lit})
	}
	var b strings.Builder
	last := 0
	for i, t := range toks {
		if t.tok != token.IDENT || t.lit != "any" || i > 0 && toks[i-1].tok == token.PERIOD {
			continue
		}
		if i+1 < len(toks) {
			switch toks[i+1].tok {
			case token.RPAREN, token.RBRACK, token.RBRACE, token.COMMA, token.SEMICOLON:
			default:
				continue // a field's or a parameter's name
			}
		}
		b.WriteString(typ[last:t.pos])
		b.WriteString("interface{}")
		last = t.pos + len("any")
	}
	b.WriteString(typ[last:])
	return b.String()
}
