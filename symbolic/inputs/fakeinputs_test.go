package inputs

import (
	"go/token"
	"go/types"
	"testing"
)

// A script field is named after its method as a person would name it.
func TestFieldBase(t *testing.T) {
	for method, want := range map[string]string{
		"Len": "len", "Less": "less", "URLFor": "urlFor", "ID": "id", "Type": "typeResult", "x": "x",
	} {
		if got := fieldBase(method); got != want {
			t.Errorf("fieldBase(%s) = %s, want %s", method, got, want)
		}
	}
}

// A fake implements its interface, including an unexported method of the
// package the test is in; none is made for an interface with an
// unexported method of another package, which the test cannot declare.
func TestNewFakeImplements(t *testing.T) {
	home := types.NewPackage("example.com/home", "home")
	other := types.NewPackage("example.com/other", "other")
	boolResult := types.NewTuple(types.NewParam(token.NoPos, nil, "", types.Typ[types.Bool]))
	method := func(pkg *types.Package, name string) *types.Func {
		return types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(nil, nil, nil, nil, boolResult, false))
	}
	iface := func(pkg *types.Package, methods ...*types.Func) types.Type {
		it := types.NewInterfaceType(methods, nil)
		it.Complete()
		return types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Checker", nil), it, nil)
	}
	own := iface(home, method(home, "Done"), method(home, "ready"))
	f := newFake(own, own.Underlying().(*types.Interface), home)
	if f == nil {
		t.Fatal("no fake for an interface of the home package")
	}
	if f.fake.Name != "fakeChecker" || len(f.scripted) != 2 || f.fake.Methods[1].Counter != "readyCalls" ||
		f.fake.Methods[1].Scripts[0] != "readyResults" {
		t.Errorf("fake %s scripts %v, methods %+v", f.fake.Name, f.scripted, f.fake.Methods)
	}
	foreign := iface(other, method(other, "Done"), method(other, "ready"))
	if newFake(foreign, foreign.Underlying().(*types.Interface), home) != nil {
		t.Error("a fake for an interface with an unexported method of another package")
	}
}
