package testgen

import (
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
	"golang.org/x/tools/go/ssa"
)

// TestFieldSetupIsWrittenAsAssignments: a receiver whose exported field
// was set after its constructor is written as a person sets it up, in a
// func literal with the assignment and the rune as a character, and the
// case that needs it passes.
func TestFieldSetupIsWrittenAsAssignments(t *testing.T) {
	pkg, loaded := loadMade(t)
	fns := map[string]*ssa.Function{}
	for _, fn := range loaded.Targets {
		fns[loader.FuncName(fn)] = fn
	}
	semi, newSplitter := fns["Splitter.Semi"], fns["NewSplitter"]
	if semi == nil || newSplitter == nil {
		t.Fatal("no Splitter.Semi or NewSplitter in the fixture")
	}
	recvType := paramType(semi, 0)
	sep, _, _ := types.LookupFieldOrMethod(recvType, true, pkg.Types, "Sep")
	made := vCall(newSplitter)
	set := cv.Int(sep.Type(), ';')
	configured := concrete.Value{Type: recvType, Kind: concrete.Setup, Elem: &made, Elems: []concrete.Value{
		{Type: sep.Type(), Kind: concrete.Assign, Var: sep.(*types.Var), Elem: &set},
	}}
	funcs := []FuncTests{{Func: semi, Cases: []Case{
		returns(semi, "returns false", nil, 0, args(made), val(cv.Bool(false))),
		returns(semi, "returns true", nil, 1, args(configured), val(cv.Bool(true))),
	}}}
	s, _ := writtenWith(t, pkg, funcs, "func() *Splitter { s := NewSplitter(); s.Sep = ';'; return s }()")
	s.goTest(t, "-run", "^TestSplitter_Semi$")
}
