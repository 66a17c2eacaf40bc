package loader

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// twoFilePackage builds package p from b.go and a.go, parsed in that
// order, as go/packages may do: b.go's positions are the lower ones.
func twoFilePackage(t *testing.T) (*ssa.Package, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, src := range []struct{ name, text string }{
		{"b.go", "package p\n\nvar ErrB error\n\nfunc B(x any) { _ = x.(int) }\n\nfunc C() {}\n"},
		{"a.go", "package p\n\nvar ErrA error\n\nfunc A(x any) { _ = x.(string) }\n"},
	} {
		f, err := parser.ParseFile(fset, src.name, src.text, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), files, 0)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, fset
}

func TestComparePosOrdersByFileNotParseOrder(t *testing.T) {
	pkg, fset := twoFilePackage(t)
	a, b := pkg.Func("A").Pos(), pkg.Func("B").Pos()
	if a < b {
		t.Fatal("a.go was parsed second, so its positions must be the higher ones")
	}
	if ComparePos(fset, a, b) >= 0 {
		t.Errorf("ComparePos(a.go, b.go) = %d, want < 0", ComparePos(fset, a, b))
	}
	if ComparePos(fset, b, a) <= 0 || ComparePos(fset, a, a) != 0 {
		t.Errorf("ComparePos is not an order: b, a gives %d; a, a gives %d", ComparePos(fset, b, a), ComparePos(fset, a, a))
	}
	if ComparePos(fset, token.NoPos, a) >= 0 {
		t.Errorf("an invalid position must come first")
	}
}

// Lists that follow source order must not follow parse order: the
// harness takes the first few asserted types and sentinels, so a list
// that changed between runs changed what a run explores.
func TestSourceOrderListsAreByFile(t *testing.T) {
	pkg, _ := twoFilePackage(t)
	var names []string
	for _, fn := range PackageFunctions(pkg) {
		names = append(names, fn.Name())
	}
	if want := []string{"A", "B", "C"}; !slices.Equal(names, want) {
		t.Errorf("PackageFunctions = %v, want %v", names, want)
	}
	var asserted []string
	for _, typ := range AssertedTypes(pkg.Func("C")) {
		asserted = append(asserted, typ.String())
	}
	if want := []string{"string", "int"}; !slices.Equal(asserted, want) {
		t.Errorf("AssertedTypes(C) = %v, want %v", asserted, want)
	}
	var sentinels []string
	for _, g := range SentinelErrors(pkg, pkg.Pkg) {
		sentinels = append(sentinels, g.Name())
	}
	if want := []string{"ErrA", "ErrB"}; !slices.Equal(sentinels, want) {
		t.Errorf("SentinelErrors = %v, want %v", sentinels, want)
	}
}
