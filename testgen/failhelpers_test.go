package testgen

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
	"github.com/gosymtest/gosymtest/testgen/literal"
	"golang.org/x/tools/go/ssa"
)

// helperValue is a value of the helper type name made with args, as the
// executor gives it (symbolic's iofail.go).
func helperValue(name string, args ...concrete.Value) concrete.Value {
	ptr := types.NewPointer(types.NewStruct(nil, nil))
	sig := types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, concrete.HelperPackage, "err", errorType)),
		types.NewTuple(types.NewParam(token.NoPos, concrete.HelperPackage, "", ptr)), false)
	return concrete.Value{Type: ptr, Kind: concrete.Call, Func: types.NewFunc(token.NoPos, concrete.HelperPackage, name, sig), Elems: args}
}

// TestFailingWriterDeclaresOnlyItsHelper: a failing writer input is
// written as &errWriter{…}; the file declares errWriter, not errReader
// which no literal uses, and its test passes.
func TestFailingWriterDeclaresOnlyItsHelper(t *testing.T) {
	pkg, loaded := loadMade(t)
	var echo *ssa.Function
	for _, fn := range loaded.Targets {
		if loader.FuncName(fn) == "Echo" {
			echo = fn
		}
	}
	errorsNew, _ := loaded.SSA.Prog.ImportedPackage("errors").Members["New"].(*ssa.Function)
	if echo == nil || errorsNew == nil {
		t.Fatal("no Echo or errors.New in the program")
	}
	fails := helperValue("errWriter", vCall(errorsNew, cv.Str("write failed")))
	funcs := []FuncTests{{Func: echo, Cases: []Case{
		returns(echo, "returns 0", nil, 0, args(cv.Iface(paramType(echo, 0), fails), cv.Str("ab")), val(cv.Int(intType, 0))),
	}}}
	s, src := writtenWith(t, pkg, funcs, `&errWriter{errors.New("write failed")}`, "type errWriter struct{ err error }", "func (w *errWriter) Write(")
	if strings.Contains(src, "errReader") {
		t.Errorf("the file declares errReader, which no literal uses:\n%s", src)
	}
	s.goTest(t, "-run", "^TestEcho$")
}

// TestHelperTypesClashWithNothing: a helper type whose name the package
// already uses gets another.
func TestHelperTypesClashWithNothing(t *testing.T) {
	sc := &scope{taken: map[string]bool{"errWriter": true}}
	names := literal.ClaimHelperTypes(sc.claim)
	if names["errReader"] != "errReader" || names["errWriter"] != "gosymtestErrWriter" {
		t.Errorf("names %v, want errReader and gosymtestErrWriter", names)
	}
}
