package inputs

import (
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// target finds a function of prog by "pkg.Func" name.
func target(t *testing.T, prog *loader.Program, name string) *ssa.Function {
	t.Helper()
	for _, p := range prog.Packages {
		for _, fn := range p.Targets {
			if p.Types.Name()+"."+loader.FuncName(fn) == name {
				return fn
			}
		}
	}
	t.Fatalf("no target %s", name)
	return nil
}

// TestErrorAlternativesAreNameable: an error parameter is never given a
// type a test cannot name, such as one of the standard library's
// internal packages (internal/poll.DeadlineExceededError implements error).
func TestErrorAlternativesAreNameable(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "../..", Patterns: []string{"./testdata/exec/..."}})
	if err != nil {
		t.Fatalf("loading the fixtures: %v", err)
	}
	fn := target(t, prog, "ctor.Classify")
	e := NewBuilder(machine.New(prog.SSA, machine.Config{}))
	set := e.implementations(fn.Params[0].Type(), fn, true)
	if len(set.alts) == 0 || set.complete {
		t.Fatalf("alternatives %v, complete %v", set.alts, set.complete)
	}
	for _, a := range set.alts {
		if a.made != nil {
			continue
		}
		named, ok := a.typ.(*types.Named)
		if p, isPtr := a.typ.(*types.Pointer); isPtr {
			named, ok = p.Elem().(*types.Named)
		}
		if !ok {
			continue
		}
		if pkg := named.Obj().Pkg(); !loader.Importable(fn.Pkg.Pkg, pkg) || !named.Obj().Exported() && pkg != fn.Pkg.Pkg {
			t.Errorf("error alternative %s cannot be named in a test of %s", a.typ, fn.Pkg.Pkg.Path())
		}
	}
	if a := set.alts[0]; a.made == nil || a.made.global == nil || a.made.global.Name() != "ErrEmpty" {
		t.Errorf("first alternative %v, want the sentinel ErrEmpty", a)
	}
}
