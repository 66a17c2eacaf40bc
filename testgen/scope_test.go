package testgen

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// TestNamesNeverClash generates tests for a package whose names are in
// the way (testgen/testdata/clashes): two types with a Size method and a
// function A_Size, whose tests would all like TestA_Size or TestB_Size;
// an internal test file that imports a package by the pointer helper's
// name and declares the error helper's; an external test package that
// dot-imports the package and declares TestB_Size (a variable, which the
// dot import would clash with) and TestParse. Every case is kept, under
// a name of its own, and the file builds, vets and passes beside them.
func TestNamesNeverClash(t *testing.T) {
	pkg, fns := loadModuleFixture(t, "clashes")
	aSize, bSize, aSizeFunc, deref, parse := fns["A.Size"], fns["B.Size"], fns["A_Size"], fns["Deref"], fns["Parse"]
	a, b := paramType(aSize, 0), paramType(bSize, 0)
	funcs := []FuncTests{
		{Func: aSize, Cases: []Case{returns(aSize, "returns 3", nil, 0, args(cv.Struct(a, cv.Int(intType, 3))), val(cv.Int(intType, 3)))}},
		{Func: bSize, Cases: []Case{returns(bSize, "returns 4", nil, 0, args(cv.Struct(b, cv.Int(intType, 2))), val(cv.Int(intType, 4)))}},
		{Func: aSizeFunc, Cases: []Case{returns(aSizeFunc, "returns 6", nil, 0, args(cv.Int(intType, 5)), val(cv.Int(intType, 6)))}},
		{Func: deref, Cases: []Case{returns(deref, "returns 4", nil, 0, args(cv.Ptr(paramType(deref, 0), cv.Int(intType, 4))), val(cv.Int(intType, 4)))}},
		{Func: parse, Cases: []Case{
			returns(parse, "returns error", nil, 0, args(cv.Str("")), errResult("clashes: empty")),
			returns(parse, "returns nil", nil, 1, args(cv.Str("x")), val(cv.Nil(errorType))),
		}},
	}
	rep, err := Generate(t.Context(), pkg, funcs, Options{Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Kept != 6 || len(rep.Dropped) != 0 {
		t.Fatalf("kept %d, dropped %+v", rep.Kept, rep.Dropped)
	}
	src := readFile(t, rep.Path)
	for _, want := range []string{
		"func TestA_Size(t *testing.T)",           // the method came first
		"func TestA_Size_2(t *testing.T)",         // the function: the package has no TestA_Size, the file has
		"func TestB_Size_Generated(t *testing.T)", // the external package's variable, through the dot import
		"func TestDeref_Generated(t *testing.T)",  // the internal test's
		"func TestParse_Generated(t *testing.T)",  // the external test's
		"func gosymtestPtr[T any](v T) *T",        // ptr is an import name in another file
		"func gosymtestErrText(err error) string", // errText is a variable of the package's tests
	} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("the file:\n%s", src)
	}
	goIn(t, pkg.Dir, "vet", ".")
	goIn(t, pkg.Dir, "test", "-count=1", ".")
}

// TestImportNames guesses the names other files import packages by.
func TestImportNames(t *testing.T) {
	f := parseTestFile(t, `package p

import (
	"fmt"
	ptr "k8s.io/utils/pointer"
	"gopkg.in/yaml.v3"
	"github.com/google/go-cmp/cmp"
	"example.com/mod/v2"
	_ "embed"
	. "strings"
)
`)
	got := strings.Join(importNames(f), " ")
	for _, want := range []string{"fmt", "ptr", "yaml", "cmp", "mod"} {
		if !strings.Contains(" "+got+" ", " "+want+" ") {
			t.Errorf("importNames = %q, lacks %s", got, want)
		}
	}
	if strings.Contains(got, "embed") || strings.Contains(got, "strings") || strings.Contains(got, "pointer") {
		t.Errorf("importNames = %q", got)
	}
}
