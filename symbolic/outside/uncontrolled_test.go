package outside

import (
	"context"
	"go/token"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/inputs"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// A branch the solver cannot decide that depends on uncontrolled values
// alone is decided by pinning them to a model of the path (the pin then
// counts as a dependence on them); one that involves an input is not.
func TestPinningFixesOnlyUncontrolledValues(t *testing.T) {
	z3, err := z3.New(z3.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer z3.Close()
	m := machine.New(ssa.NewProgram(token.NewFileSet(), 0), machine.Config{Solver: z3})
	e := New(m, inputs.NewBuilder(m), nil)
	e.Ctx = context.Background()
	s := &machine.State{Inputs: inputs.NewSymbolic(e.Cfg.Bounds)}
	sec := e.freshUncontrolled(s, uncontrolledCall(s, "time.Now")+".sec", 64, WallLo, WallHi, true)
	if len(e.UncontrolledIn(s.PathCond)) != 0 {
		t.Fatalf("the range alone counts as a dependence: %v", s.PathCond)
	}
	x := expr.Var("x", expr.BV(64))
	if e.pinUncontrolled(s, expr.Slt(sec, x)) {
		t.Error("pinned the clock for a branch that compares it with an input")
	}
	n := len(s.PathCond)
	if !e.pinUncontrolled(s, expr.Slt(expr.Const(64, 2_000_000_000), sec)) {
		t.Fatal("did not pin the clock for a branch on it alone")
	}
	if len(s.PathCond) != n+1 {
		t.Fatalf("pins %v, want one", s.PathCond[n:])
	}
	resp := e.Check(solver.Query{Constraints: s.PathCond})
	if resp.Result != solver.Sat {
		t.Fatalf("pinned condition is %v", resp.Result)
	}
	if v := int64(expr.Eval(sec, resp.Model)); v < WallLo || v > WallHi {
		t.Errorf("clock pinned to %d, outside its range", v)
	}
	if src := e.UncontrolledIn(s.PathCond); len(src) != 1 || src[0] != "time.Now" {
		t.Errorf("dependence after pinning: %v, want time.Now", src)
	}
}
