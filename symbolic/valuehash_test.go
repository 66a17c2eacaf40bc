package symbolic

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// ValueHash must agree with SameValue: the same values hash alike,
// whether or not they share their slices, while it reads no more than
// the first entries of a map or an iteration over one.
func TestValueHashAgreesWithSameValue(t *testing.T) {
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
	for _, tc := range []struct {
		name string
		a, b Value
		same bool
	}{
		{"maps with equal entries", mapValue{Keys: entries(40, -1), Vals: entries(40, -1)}, mapValue{Keys: entries(40, -1), Vals: entries(40, -1)}, true},
		{"maps that differ past the hashed entries", mapValue{Keys: keys, Vals: entries(40, -1)}, mapValue{Keys: keys, Vals: entries(40, 30)}, false},
		{"maps that differ in size", mapValue{Keys: keys, Vals: keys}, mapValue{Keys: keys[:39], Vals: keys[:39]}, false},
		{"iterations over one snapshot", iterator{keys: keys, vals: keys, pos: 3}, iterator{keys: keys, vals: keys, pos: 3}, true},
		{"iterations over equal snapshots", iterator{keys: keys, vals: keys, pos: 3}, iterator{keys: entries(40, -1), vals: entries(40, -1), pos: 3}, true},
		{"iterations at two positions", iterator{keys: keys, vals: keys, pos: 3}, iterator{keys: keys, vals: keys, pos: 4}, false},
		{"iterations over snapshots that differ late", iterator{keys: keys, vals: keys}, iterator{keys: keys, vals: entries(40, 39)}, false},
	} {
		if got := SameValue(tc.a, tc.b); got != tc.same {
			t.Errorf("%s: SameValue %v, want %v", tc.name, got, tc.same)
		}
		if tc.same && ValueHash(tc.a) != ValueHash(tc.b) {
			t.Errorf("%s: the same values hash differently", tc.name)
		}
	}
	if ValueHash(iterator{keys: keys, vals: keys, pos: 3}) == ValueHash(iterator{keys: keys, vals: keys, pos: 4}) {
		t.Error("an iteration's position does not change its hash")
	}
}
