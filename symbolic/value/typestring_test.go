package value

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestReflectTypeStringsAreGos compares ReflectTypeString with what
// reflect.TypeOf(v).String() printed for the same types in a Go program
// (the strings below were taken from a run of it; the generic instances'
// from go1.26's %T).
func TestReflectTypeStringsAreGos(t *testing.T) {
	const src = `package main

import (
	"bytes"
	"io"
	"math/rand"
	"unsafe"
)

type Level uint8
type Box[K any] struct{ v K }
type Pair[K comparable, V any] struct{}
type pair struct {
	a int
	B string ` + "`json:\"b\"`" + `
}

var vals = []any{
	Level(1), byte(1), 'x', []byte(nil), map[string][]int(nil), [3]*Level{}, (chan<- int)(nil), (<-chan string)(nil), (chan error)(nil),
	(func(int, ...string) (int, error))(nil), (func())(nil), (func(bool) io.Reader)(nil), (*any)(nil), (*interface{ Read([]byte) (int, error); Close() error })(nil),
	pair{}, struct{}{}, struct{ X bytes.Buffer }{}, unsafe.Pointer(nil), (*error)(nil), uintptr(0), 1.5, complex64(0), struct{ f func() }{},
	Box[any]{}, Pair[int, []any]{}, Box[*rand.Rand]{}, Box[Level]{}, Box[Box[byte]]{},
}
`
	want := []string{
		"main.Level", "uint8", "int32", "[]uint8", "map[string][]int", "[3]*main.Level", "chan<- int", "<-chan string", "chan error",
		"func(int, ...string) (int, error)", "func()", "func(bool) io.Reader", "*interface {}", "*interface { Close() error; Read([]uint8) (int, error) }",
		"main.pair", "struct {}", "struct { X bytes.Buffer }", "unsafe.Pointer", "*error", "uintptr", "float64", "complex64", "struct { f func() }",
		// A generic instance's type arguments name packages by path.
		"main.Box[interface {}]", "main.Pair[int,[]interface {}]", "main.Box[*math/rand.Rand]", "main.Box[main.Level]", "main.Box[main.Box[uint8]]",
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("main", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	lit := f.Decls[len(f.Decls)-1].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0].(*ast.CompositeLit)
	if len(lit.Elts) != len(want) {
		t.Fatalf("%d values, %d strings", len(lit.Elts), len(want))
	}
	for i, el := range lit.Elts {
		typ := types.Default(info.Types[el].Type)
		got, ok := ReflectTypeString(typ)
		if !ok || got != want[i] {
			t.Errorf("%v: got %q (ok=%v), Go prints %q", typ, got, ok, want[i])
		}
	}
	// Embedded fields, whose strings the executor does not reproduce,
	// give no string, so the path stops instead.
	emb := types.NewStruct([]*types.Var{types.NewField(token.NoPos, nil, "Level", types.Typ[types.Uint8], true)}, nil)
	if s, ok := ReflectTypeString(emb); ok {
		t.Errorf("a struct with an embedded field gave %q", s)
	}
}
