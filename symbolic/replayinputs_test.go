package symbolic

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/inputs"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/outside"
)

// A path cut while a map's size choice waited for its instruction to run
// again has a condition that fixes the size and says nothing of the keys.
// A run on a model of it must not give the map equal keys: Go has no such
// map, and the test written from it does not compile.
func TestReplayWithEqualMapKeysIsNoRun(t *testing.T) {
	fn := target(t, "maps.CountAbove")
	e := NewEngine(fixtures(t).SSA, machine.Config{})
	e.Summary = &machine.Summary{Func: fn}
	size := expr.BVVar(inputs.LenName(inputs.ParamName(fn, 0)), 64)
	key1Len := expr.BVVar(inputs.LenName(inputs.MapKeyName(inputs.ParamName(fn, 0), 1)), 64)

	run := e.concreteRun(fn, sat(&expr.Values{Scalars: map[expr.Expr]uint64{size: 2}}).Model, false, 10_000)
	if run.EndKind != machine.EndUnsupported {
		t.Errorf("two keys left to 0 by the model: the run ended %v (%s), want unsupported", run.EndKind, run.EndReason)
	}

	// The control: the same size with keys apart (the empty string and
	// one of a byte) is a map, and the run returns.
	run = e.concreteRun(fn, sat(&expr.Values{Scalars: map[expr.Expr]uint64{size: 2, key1Len: 1}}).Model, false, 10_000)
	if run.EndKind != machine.EndReturn {
		t.Errorf("two distinct keys: the run ended %v (%s), want return", run.EndKind, run.EndReason)
	}
}

func sat(m *expr.Values) solver.Response { return solver.Response{Result: solver.Sat, Model: m} }

// The same holds for the entries os.Environ lists: a model that fixes
// their number and nothing else names a variable "", which no environment
// has.
func TestReplayWithInvalidEnvironmentNameIsNoRun(t *testing.T) {
	fn := target(t, "env.Crowded")
	e := NewEngine(fixtures(t).SSA, machine.Config{})
	e.Summary = &machine.Summary{Func: fn}
	count := expr.BVVar(outside.EnvironCountName, 64)
	key := outside.EnvironName + "[0].key"
	keyLen, keyByte := expr.BVVar(inputs.LenName(key), 64), expr.BVVar(inputs.ElemName(key, 0), 8)

	run := e.concreteRun(fn, sat(&expr.Values{Scalars: map[expr.Expr]uint64{count: 1}}).Model, false, 10_000)
	if run.EndKind != machine.EndUnsupported {
		t.Errorf("a variable named \"\": the run ended %v (%s), want unsupported", run.EndKind, run.EndReason)
	}
	run = e.concreteRun(fn, sat(&expr.Values{Scalars: map[expr.Expr]uint64{count: 1, keyLen: 1, keyByte: 'A'}}).Model, false, 10_000)
	if run.EndKind != machine.EndReturn {
		t.Errorf("a variable named A: the run ended %v (%s), want return", run.EndKind, run.EndReason)
	}
}
