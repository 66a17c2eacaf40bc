package literal

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"
)

// The fixture: package shapes, where the test file goes, and package
// units, another package it imports, type-checked from source.

const (
	shapesPath = "example.com/shapes"
	unitsPath  = "example.com/shapes/units"
)

const unitsSrc = `package units

type Length int

type token struct{ n int }

// Money is exported, but its currency field is not: another package can
// only write a Money whose currency is empty.
type Money struct {
	Cents    int
	currency string
}
`

const shapesSrc = `package shapes

import "example.com/shapes/units"

type Kind int

type Point struct{ X, Y int }

type Predicate func(int) bool

var Zero units.Length

// Encoding is a value type the package hands out as *Encoding. Callers
// may set Sep and Strict.
type Encoding struct {
	pad    rune
	Sep    rune
	Strict bool
}

func NewEncoding(pad rune) *Encoding { return &Encoding{pad: pad} }

var StdEncoding = &Encoding{pad: '='}

func (e Encoding) WithPad(pad rune) *Encoding { e.pad = pad; return &e }

func (e *Encoding) Reset() {}

// writer is handed out only inside an interface.
type writer struct{ n int }

func NewWriter(n int) any { return &writer{n: n} }

func (w *writer) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

func (w *writer) Add(ns ...int) {}

// Measure is what a fake stands for (fakes_test.go).
type Measure interface {
	Reset() any
	Size(string) units.Length
}
`

// fixture type-checks packages shapes and units.
func fixture(t *testing.T) (shapes, units *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	check := func(path, src string, imp types.Importer) *types.Package {
		f, err := parser.ParseFile(fset, path+"/x.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return pkg
	}
	units = check(unitsPath, unitsSrc, nil)
	shapes = check(shapesPath, shapesSrc, importer(func(path string) (*types.Package, error) {
		if path == unitsPath {
			return units, nil
		}
		return nil, fmt.Errorf("no package %s", path)
	}))
	return shapes, units
}

type importer func(path string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }

// named is the type declared as name in pkg.
func named(pkg *types.Package, name string) types.Type {
	return pkg.Scope().Lookup(name).Type()
}

// recorder is the Imports of a file in package home: it records the
// packages the literals name, which it calls by their own names.
type recorder struct {
	home  *types.Package
	paths []string
}

func (r *recorder) Name(pkgPath, pkgName string) string {
	if !slices.Contains(r.paths, pkgPath) {
		r.paths = append(r.paths, pkgPath)
	}
	return pkgName
}

func (r *recorder) Qualifier(p *types.Package) string {
	if p.Path() == r.home.Path() {
		return ""
	}
	return r.Name(p.Path(), p.Name())
}

// list is the recorded paths, sorted.
func (r *recorder) list() string {
	return strings.Join(slices.Sorted(slices.Values(r.paths)), " ")
}

// newWriter is a Writer for a file in home, as a scratch rendering has it:
// no helper types, every language form allowed.
func newWriter(home *types.Package) (*Writer, *recorder) {
	imp := &recorder{home: home}
	return &Writer{Home: home, Imports: imp, PtrHelper: "ptr"}, imp
}

var (
	intType    = types.Typ[types.Int]
	stringType = types.Typ[types.String]
	anyType    = types.Universe.Lookup("any").Type()
)
