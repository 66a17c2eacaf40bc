package symbolic

import (
	"go/types"
	"math"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// ValueHash must agree with SameValue: the same values hash alike,
// whether or not they share their slices, while it reads no more than
// the first entries of a map or an iteration over one.
func TestValueHashAgreesWithSameValue(t *testing.T) {
	entries := func(n, changed int) []value.Value {
		vs := make([]value.Value, n)
		for i := range vs {
			vs[i] = value.Scalar{E: expr.Const(64, uint64(i))}
		}
		if changed >= 0 {
			vs[changed] = value.Scalar{E: expr.BVVar("x", 64)}
		}
		return vs
	}
	keys := entries(40, -1)
	funcInput := func(name string) value.Value {
		return value.Func{Input: &value.FuncInput{Name: name, NonNil: expr.BoolVar(name + " != nil"), Results: []value.Value{value.Scalar{E: expr.BVVar(name+"()", 64)}}}}
	}
	floatInput := func(name string) value.Value {
		return value.Opaque{Type: types.Typ[types.Float64], Reason: "float", Go: 0.0, Input: name}
	}
	for _, tc := range []struct {
		name string
		a, b value.Value
		same bool
	}{
		{"maps with equal entries", value.Map{Keys: entries(40, -1), Vals: entries(40, -1)}, value.Map{Keys: entries(40, -1), Vals: entries(40, -1)}, true},
		{"maps that differ past the hashed entries", value.Map{Keys: keys, Vals: entries(40, -1)}, value.Map{Keys: keys, Vals: entries(40, 30)}, false},
		{"maps that differ in size", value.Map{Keys: keys, Vals: keys}, value.Map{Keys: keys[:39], Vals: keys[:39]}, false},
		{"iterations over one snapshot", machine.Iterator{Keys: keys, Vals: keys, Pos: 3}, machine.Iterator{Keys: keys, Vals: keys, Pos: 3}, true},
		{"iterations over equal snapshots", machine.Iterator{Keys: keys, Vals: keys, Pos: 3}, machine.Iterator{Keys: entries(40, -1), Vals: entries(40, -1), Pos: 3}, true},
		{"iterations at two positions", machine.Iterator{Keys: keys, Vals: keys, Pos: 3}, machine.Iterator{Keys: keys, Vals: keys, Pos: 4}, false},
		{"iterations over snapshots that differ late", machine.Iterator{Keys: keys, Vals: keys}, machine.Iterator{Keys: keys, Vals: entries(40, 39)}, false},
		{"equal floats", machine.FloatValue(types.Typ[types.Float64], 0.5), machine.FloatValue(types.Typ[types.Float64], 0.5), true},
		{"NaNs", machine.FloatValue(types.Typ[types.Float64], math.NaN()), machine.FloatValue(types.Typ[types.Float64], math.NaN()), true},
		{"zero and negative zero", machine.FloatValue(types.Typ[types.Float64], 0), machine.FloatValue(types.Typ[types.Float64], math.Copysign(0, -1)), false},
		{"a float input not chosen yet", floatInput("x"), floatInput("x"), true},
		{"two float inputs not chosen yet", floatInput("x"), floatInput("y"), false},
		{"a func input", funcInput("f"), funcInput("f"), true},
		{"two func inputs", funcInput("f"), funcInput("g"), false},
		{"a func input and a nil func", funcInput("f"), value.Func{}, false},
		{"channels that hold equal values", value.Chan{Cap: 2, Buf: entries(2, -1)}, value.Chan{Cap: 2, Buf: entries(2, -1)}, true},
		{"an open and a closed channel", value.Chan{Cap: 2}, value.Chan{Cap: 2, Closed: true}, false},
		{"channels that hold other values", value.Chan{Cap: 2, Buf: entries(2, -1)}, value.Chan{Cap: 2, Buf: entries(2, 1)}, false},
		{"channels of two sizes", value.Chan{Cap: 1}, value.Chan{Cap: 2}, false},
	} {
		if got := machine.SameValue(tc.a, tc.b); got != tc.same {
			t.Errorf("%s: SameValue %v, want %v", tc.name, got, tc.same)
		}
		if tc.same && machine.ValueHash(tc.a) != machine.ValueHash(tc.b) {
			t.Errorf("%s: the same values hash differently", tc.name)
		}
	}
	if machine.ValueHash(machine.Iterator{Keys: keys, Vals: keys, Pos: 3}) == machine.ValueHash(machine.Iterator{Keys: keys, Vals: keys, Pos: 4}) {
		t.Error("an iteration's position does not change its hash")
	}
}

// TestFloatInputDependsOnItsSelector: a float input not chosen yet names
// its selector among its terms, so the pin of the candidate a path chose
// is a constraint on it (two states may hold the same Opaque and have
// chosen two candidates).
func TestFloatInputDependsOnItsSelector(t *testing.T) {
	var terms []expr.Expr
	machine.ValueExprs(value.Opaque{Type: types.Typ[types.Float32], Reason: "float", Go: 0.0, Input: "r.Value"}, func(e expr.Expr) { terms = append(terms, e) })
	if len(terms) != 1 || terms[0] != expr.BVVar("r.Value", 32) {
		t.Errorf("terms %v, want the 32-bit variable r.Value", terms)
	}
	machine.ValueExprs(machine.FloatValue(types.Typ[types.Float64], 0.5), func(e expr.Expr) { t.Errorf("a chosen float has a term: %v", e) })
}

// TestFuncInputDependsOnItsResults: a func input names its nilness and
// its results among its terms, so what a path decided about them is a
// constraint on the value (two states hold the same func input and may
// have taken its result either way).
func TestFuncInputDependsOnItsResults(t *testing.T) {
	nonNil, result := expr.BoolVar("f != nil"), expr.BVVar("f()", 8)
	var terms []expr.Expr
	machine.ValueExprs(value.Func{Input: &value.FuncInput{Name: "f", NonNil: nonNil, Results: []value.Value{value.Scalar{E: result}}}}, func(e expr.Expr) { terms = append(terms, e) })
	if len(terms) != 2 || terms[0] != nonNil || terms[1] != result {
		t.Errorf("terms %v, want f != nil and f()", terms)
	}
}
