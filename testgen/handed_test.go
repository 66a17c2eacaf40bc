package testgen

import (
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
	"golang.org/x/tools/go/ssa"
)

// TestHandedInputIsAFuncOfItsOwner: an element the receiver hands out
// is written as a func of the receiver, applied to the row's receiver
// in the call, and a row whose element is made on a list of its own
// ignores the receiver; the file compiles and passes, the handed
// element being the receiver's.
func TestHandedInputIsAFuncOfItsOwner(t *testing.T) {
	pkg, loaded := loadFixturePackage(t, "handed")
	fns := map[string]*ssa.Function{}
	for _, fn := range loaded.Targets {
		fns[loader.FuncName(fn)] = fn
	}
	owns, newList, add := fns["List.Owns"], fns["New"], fns["List.Add"]
	if owns == nil || newList == nil || add == nil {
		t.Fatalf("fixture targets %v", fns)
	}
	onReceiver := vCall(add, cv.Int(intType, 1))
	handed := concrete.Value{Type: paramType(owns, 1), Kind: concrete.Handed, Int: 0, Elem: &onReceiver}
	foreign := vCall(add, cv.Int(intType, 2))
	foreign.Elem = &concrete.Value{Type: paramType(owns, 0), Kind: concrete.Call, Func: newList.Object().(*types.Func)}
	funcs := []FuncTests{{Func: owns, Cases: []Case{
		returns(owns, "returns true", nil, 0, args(vCall(newList), handed), val(cv.Bool(true))),
		returns(owns, "returns false", nil, 1, args(vCall(newList), foreign), val(cv.Bool(false))),
	}}}
	s, _ := writtenWith(t, pkg, funcs,
		"e    func(*List) *Element",
		"func(l *List) *Element { return l.Add(1) }",
		"func(*List) *Element { return New().Add(2) }",
		"tt.l.Owns(tt.e(tt.l))")
	s.goTest(t, "-run", "^TestList_Owns$")
}
