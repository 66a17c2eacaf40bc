package loader

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestPrivateStateAndViewedTypes checks which types hold a package's
// private state, and which of them a test reads through their methods:
// T and *T of a struct with an unexported field, at any depth of the
// package's own types; not a plain data type, not another package's
// unexported fields, not a type that only holds them through an
// interface.
func TestPrivateStateAndViewedTypes(t *testing.T) {
	const src = `package p

import "strings"

type Plain struct{ X, Y int }
type Secret struct{ n int }
type Holder struct{ S *Secret }
type Many []Secret
type Wrap struct{ R strings.Reader }
type Iface struct{ V any }
type Self struct {
	Next *Self
	Name string
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	typ := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	for _, c := range []struct {
		name            string
		private, viewed bool
	}{
		{"Plain", false, false},
		{"Secret", true, true},
		{"Holder", true, true}, // exported field, private state below it
		{"Many", true, false},  // a slice: not read through methods
		{"Wrap", false, false}, // strings.Reader's fields are not p's
		{"Iface", false, false},
		{"Self", false, false}, // a cycle of exported fields ends
	} {
		for _, ty := range []types.Type{typ(c.name), types.NewPointer(typ(c.name))} {
			if got := HasPrivateState(ty, pkg); got != c.private {
				t.Errorf("HasPrivateState(%s) = %v, want %v", ty, got, c.private)
			}
			if _, got := ViewedType(ty, pkg); got != c.viewed {
				t.Errorf("ViewedType(%s) = %v, want %v", ty, got, c.viewed)
			}
		}
	}
}
