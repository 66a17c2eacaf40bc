package testgen

import (
	"go/types"
	"path/filepath"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
	"golang.org/x/tools/go/ssa"
)

// loadMade loads package made of the fixture (testdata/testgen/made) from
// a fresh copy, and returns the copy's Package and the program.
func loadMade(t *testing.T) (Package, *loader.Package) {
	t.Helper()
	return loadFixturePackage(t, "made")
}

// loadFixturePackage loads package name of the fixture (a directory of
// testdata/testgen) from a fresh copy, and returns the copy's Package and
// the program.
func loadFixturePackage(t *testing.T, name string) (Package, *loader.Package) {
	t.Helper()
	dir := t.TempDir()
	if err := copyFixture(dir); err != nil {
		t.Fatal(err)
	}
	prog, err := loader.Load(loader.Config{Dir: dir, Patterns: []string{"./" + name}})
	if err != nil || len(prog.Packages) != 1 {
		t.Fatalf("loading %s: %v %v", name, err, prog.Errors)
	}
	pkg := prog.Packages[0]
	return Package{Dir: filepath.Join(dir, name), Types: pkg.Types}, pkg
}

// vCall is a call of fn with args.
func vCall(fn *ssa.Function, args ...concrete.Value) concrete.Value {
	return concrete.Value{Type: fn.Signature.Results().At(0).Type(), Kind: concrete.Call, Func: fn.Object().(*types.Func), Elems: args}
}

// TestMadeInputsAreWrittenAsCalls: inputs made through a package's API are
// written as the calls that make them (a constructor of the package, a
// variadic one, strings.NewReader, new(bytes.Buffer), errors.New, a
// sentinel, a dereferenced constructor or variable, a factory's result
// asserted), and the file compiles, with its imports, and passes.
func TestMadeInputsAreWrittenAsCalls(t *testing.T) {
	pkg, loaded := loadMade(t)
	fns := map[string]*ssa.Function{}
	for _, fn := range loaded.Targets {
		fns[loader.FuncName(fn)] = fn
	}
	prog := loaded.SSA.Prog
	member := func(path, name string) ssa.Member {
		p := prog.ImportedPackage(path)
		if p == nil || p.Members[name] == nil {
			t.Fatalf("no %s.%s in the program", path, name)
		}
		return p.Members[name]
	}
	newCounter, newBag := fns["NewCounter"], fns["NewBag"]
	next, bagLen, kind, first, echo := fns["Counter.Next"], fns["Bag.Len"], fns["Kind"], fns["FirstByte"], fns["Echo"]
	bagItems := fns["Bag.Items"]
	meterMax, meterInit := fns["Meter.Max"], fns["Meter.Init"]
	newReader := member("strings", "NewReader").(*ssa.Function)
	errorsNew := member("errors", "New").(*ssa.Function)
	buffer := types.NewPointer(member("bytes", "Buffer").Type())
	errStop := loaded.SSA.Members["ErrStop"].(*ssa.Global)
	byteType := types.Typ[types.Byte]
	width, newStyle, upperWrite, newUpper := fns["Style.Width"], fns["NewStyle"], fns["upper.Write"], fns["NewUpper"]
	styleType := paramType(width, 0)
	defaultStyle := loaded.SSA.Members["Default"].(*ssa.Global)
	variadic := newBag.Signature.Params().At(0).Type()

	funcs := []FuncTests{
		{Func: next, Cases: []Case{
			returns(next, "returns 3", nil, 0, args(vCall(newCounter, cv.Int(intType, 3))), val(cv.Int(intType, 3))),
		}},
		{Func: bagLen, Cases: []Case{
			returns(bagLen, "returns 2", nil, 0, args(vCall(newBag, cv.Slice(variadic, cv.Str("a"), cv.Str("b")))), val(cv.Int(intType, 2))),
			returns(bagLen, "returns 0", nil, 1, args(vCall(newBag, cv.Nil(variadic))), val(cv.Int(intType, 0))),
		}},
		{Func: bagItems, Cases: []Case{
			// Made with an empty slice, not nil: NewBag() would pass nil.
			returns(bagItems, "returns empty", nil, 0, args(vCall(newBag, cv.Slice(variadic))), val(cv.Slice(variadic))),
		}},
		{Func: kind, Cases: []Case{
			returns(kind, "returns nil", nil, 0, args(cv.Nil(errorType)), val(cv.Str("nil"))),
			returns(kind, "returns stop", nil, 1, args(concrete.Value{Type: errorType, Kind: concrete.Global, Var: errStop.Object().(*types.Var)}), val(cv.Str("stop"))),
			returns(kind, "returns long", nil, 2, args(vCall(errorsNew, cv.Str("a long one"))), val(cv.Str("long"))),
		}},
		{Func: first, Cases: []Case{
			returns(first, "returns 97", nil, 0, args(cv.Iface(paramType(first, 0), vCall(newReader, cv.Str("a")))),
				val(cv.Uint(byteType, 'a')), val(cv.Nil(errorType))),
			returns(first, "returns 0, EOF", nil, 1, args(cv.Iface(paramType(first, 0), vCall(newReader, cv.Str("")))),
				val(cv.Uint(byteType, 0)), errResult("EOF")),
		}},
		{Func: meterMax, Cases: []Case{
			returns(meterMax, "returns 5", nil, 0, args(vCall(meterInit, cv.Int(intType, 5))), val(cv.Int(intType, 5))),
		}},
		{Func: echo, Cases: []Case{
			returns(echo, "returns 2", nil, 0, args(cv.Iface(paramType(echo, 0), concrete.Value{Type: buffer, Kind: concrete.Call}), cv.Str("ab")), val(cv.Int(intType, 2))),
		}},
		{Func: width, Cases: []Case{
			returns(width, "returns 3", nil, 0, args(derefOf(styleType, vCall(newStyle, cv.Int(intType, 3)))), val(cv.Int(intType, 3))),
			returns(width, "returns 4", nil, 1, args(derefOf(styleType, concrete.Value{Type: defaultStyle.Type().(*types.Pointer).Elem(), Kind: concrete.Global, Var: defaultStyle.Object().(*types.Var)})), val(cv.Int(intType, 4))),
		}},
		{Func: upperWrite, Cases: []Case{
			returns(upperWrite, "returns 2", nil, 0, args(asserted(paramType(upperWrite, 0), vCall(newUpper, cv.Iface(paramType(newUpper, 0), concrete.Value{Type: buffer, Kind: concrete.Call}))), cv.Slice(types.NewSlice(byteType), cv.Uint(byteType, 'a'), cv.Uint(byteType, 'b'))),
				val(cv.Int(intType, 2)), val(cv.Nil(errorType))),
		}},
	}
	s, _ := writtenWith(t, pkg, funcs,
		`NewCounter(3)`, `new(Meter).Init(5)`, `NewBag("a", "b")`, `NewBag()`, `NewBag([]string{}...)`, `ErrStop`, `errors.New("a long one")`,
		`strings.NewReader("a")`, `new(bytes.Buffer)`, `*NewStyle(3)`, `*Default`, `NewUpper(new(bytes.Buffer)).(*upper)`, "\t\"bytes\"\n", "\t\"errors\"\n", "\t\"strings\"\n")
	s.goTest(t, "-run", "^(TestCounter_Next|TestBag_Len|TestBag_Items|TestKind|TestFirstByte|TestEcho|TestMeter_Max|TestStyle_Width|Test_upper_Write)$")
}

// derefOf is *v, a value of type t.
func derefOf(t types.Type, v concrete.Value) concrete.Value {
	return concrete.Value{Type: t, Kind: concrete.Deref, Elem: &v}
}

// asserted is v.(t).
func asserted(t types.Type, v concrete.Value) concrete.Value {
	return concrete.Value{Type: t, Kind: concrete.Assert, Elem: &v}
}
