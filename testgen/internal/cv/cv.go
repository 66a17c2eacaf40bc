// Package cv makes concrete.Values for tests: the arguments and results
// of the cases that testgen's tests generate from, and the values that
// testgen/literal's tests write as Go literals. Both packages' tests need
// the same constructors, and neither can import the other's tests, so
// they live here; the package is internal so that they do not become part
// of any package's API. Its name is short because the tests' tables nest
// these calls many to a line.
package cv

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

func Int(typ types.Type, n int64) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Int, Int: n}
}

func Uint(typ types.Type, n uint64) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Uint, Uint: n}
}

func Float(typ types.Type, f float64) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Float, Float: f}
}

// Str is a value of type string; for another string type, build the
// Value directly.
func Str(s string) concrete.Value {
	return concrete.Value{Type: types.Typ[types.String], Kind: concrete.String, Str: s}
}

// Bool is a value of type bool.
func Bool(b bool) concrete.Value {
	return concrete.Value{Type: types.Typ[types.Bool], Kind: concrete.Bool, Bool: b}
}

func Nil(typ types.Type) concrete.Value { return concrete.Value{Type: typ, Kind: concrete.Nil} }

func Struct(typ types.Type, fields ...concrete.Value) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Struct, Elems: fields}
}

// Ptr points to elem; typ is the pointer type.
func Ptr(typ types.Type, elem concrete.Value) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Pointer, Elem: &elem}
}

// Slice copies elems, so that the value does not share the array of a
// slice passed as Slice(typ, xs...).
func Slice(typ types.Type, elems ...concrete.Value) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Slice, Elems: append([]concrete.Value{}, elems...)}
}

func Array(typ types.Type, elems ...concrete.Value) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Array, Elems: elems}
}

// Map maps keys[i] to elems[i].
func Map(typ types.Type, keys, elems []concrete.Value) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Map, Keys: keys, Elems: elems}
}

// Iface is a non-nil interface of static type typ holding dyn.
func Iface(typ types.Type, dyn concrete.Value) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Interface, Elem: &dyn}
}

// Opaque is a value no Go literal can write; why says which.
func Opaque(typ types.Type, why string) concrete.Value {
	return concrete.Value{Type: typ, Kind: concrete.Opaque, Why: why}
}
