package value

import (
	"go/types"
	"math"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Hash must agree with Same: the same values hash alike,
// whether or not they share their slices, while it reads no more than
// the first entries of a map or an iteration over one.
func TestHashAgreesWithSame(t *testing.T) {
	entries := func(n, changed int) []Value {
		vs := make([]Value, n)
		for i := range vs {
			vs[i] = Scalar{E: expr.Const(64, uint64(i))}
		}
		if changed >= 0 {
			vs[changed] = Scalar{E: expr.BVVar("x", 64)}
		}
		return vs
	}
	keys := entries(40, -1)
	funcInput := func(name string) Value {
		return Func{Input: &FuncInput{Name: name, NonNil: expr.BoolVar(name + " != nil"), Results: []Value{Scalar{E: expr.BVVar(name+"()", 64)}}}}
	}
	floatInput := func(name string) Value {
		return Opaque{Type: types.Typ[types.Float64], Reason: "float", Go: 0.0, Input: name}
	}
	for _, tc := range []struct {
		name string
		a, b Value
		same bool
	}{
		{"maps with equal entries", Map{Keys: entries(40, -1), Vals: entries(40, -1)}, Map{Keys: entries(40, -1), Vals: entries(40, -1)}, true},
		{"maps that differ past the hashed entries", Map{Keys: keys, Vals: entries(40, -1)}, Map{Keys: keys, Vals: entries(40, 30)}, false},
		{"maps that differ in size", Map{Keys: keys, Vals: keys}, Map{Keys: keys[:39], Vals: keys[:39]}, false},
		{"iterations over one snapshot", Iterator{Keys: keys, Vals: keys, Pos: 3}, Iterator{Keys: keys, Vals: keys, Pos: 3}, true},
		{"iterations over equal snapshots", Iterator{Keys: keys, Vals: keys, Pos: 3}, Iterator{Keys: entries(40, -1), Vals: entries(40, -1), Pos: 3}, true},
		{"iterations at two positions", Iterator{Keys: keys, Vals: keys, Pos: 3}, Iterator{Keys: keys, Vals: keys, Pos: 4}, false},
		{"iterations over snapshots that differ late", Iterator{Keys: keys, Vals: keys}, Iterator{Keys: keys, Vals: entries(40, 39)}, false},
		{"equal floats", FloatValue(types.Typ[types.Float64], 0.5), FloatValue(types.Typ[types.Float64], 0.5), true},
		{"NaNs", FloatValue(types.Typ[types.Float64], math.NaN()), FloatValue(types.Typ[types.Float64], math.NaN()), true},
		{"zero and negative zero", FloatValue(types.Typ[types.Float64], 0), FloatValue(types.Typ[types.Float64], math.Copysign(0, -1)), false},
		{"a float input not chosen yet", floatInput("x"), floatInput("x"), true},
		{"two float inputs not chosen yet", floatInput("x"), floatInput("y"), false},
		{"a func input", funcInput("f"), funcInput("f"), true},
		{"two func inputs", funcInput("f"), funcInput("g"), false},
		{"a func input and a nil func", funcInput("f"), Func{}, false},
		{"channels that hold equal values", Chan{Cap: 2, Buf: entries(2, -1)}, Chan{Cap: 2, Buf: entries(2, -1)}, true},
		{"an open and a closed channel", Chan{Cap: 2}, Chan{Cap: 2, Closed: true}, false},
		{"channels that hold other values", Chan{Cap: 2, Buf: entries(2, -1)}, Chan{Cap: 2, Buf: entries(2, 1)}, false},
		{"channels of two sizes", Chan{Cap: 1}, Chan{Cap: 2}, false},
	} {
		if got := Same(tc.a, tc.b); got != tc.same {
			t.Errorf("%s: Same %v, want %v", tc.name, got, tc.same)
		}
		if tc.same && Hash(tc.a) != Hash(tc.b) {
			t.Errorf("%s: the same values hash differently", tc.name)
		}
	}
	if Hash(Iterator{Keys: keys, Vals: keys, Pos: 3}) == Hash(Iterator{Keys: keys, Vals: keys, Pos: 4}) {
		t.Error("an iteration's position does not change its hash")
	}
}

// TestFloatInputDependsOnItsSelector: a float input not chosen yet names
// its selector among its terms, so the pin of the candidate a path chose
// is a constraint on it (two states may hold the same Opaque and have
// chosen two candidates).
func TestFloatInputDependsOnItsSelector(t *testing.T) {
	var terms []expr.Expr
	Exprs(Opaque{Type: types.Typ[types.Float32], Reason: "float", Go: 0.0, Input: "r.Value"}, func(e expr.Expr) { terms = append(terms, e) })
	if len(terms) != 1 || terms[0] != expr.BVVar("r.Value", 32) {
		t.Errorf("terms %v, want the 32-bit variable r.Value", terms)
	}
	Exprs(FloatValue(types.Typ[types.Float64], 0.5), func(e expr.Expr) { t.Errorf("a chosen float has a term: %v", e) })
}

// TestFuncInputDependsOnItsResults: a func input names its nilness and
// its results among its terms, so what a path decided about them is a
// constraint on the value (two states hold the same func input and may
// have taken its result either way).
func TestFuncInputDependsOnItsResults(t *testing.T) {
	nonNil, result := expr.BoolVar("f != nil"), expr.BVVar("f()", 8)
	var terms []expr.Expr
	Exprs(Func{Input: &FuncInput{Name: "f", NonNil: nonNil, Results: []Value{Scalar{E: result}}}}, func(e expr.Expr) { terms = append(terms, e) })
	if len(terms) != 2 || terms[0] != nonNil || terms[1] != result {
		t.Errorf("terms %v, want f != nil and f()", terms)
	}
}
