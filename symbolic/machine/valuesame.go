package machine

import (
	"go/types"
	"math"
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// SameValue reports whether a and b are the same value: the same shape,
// with equal terms (terms are hash-consed, so equal means structurally
// equal) and identical types. It is what a Pruner needs to tell that a
// location holds "the same expression" in two states; it is not Go's ==.
func SameValue(a, b value.Value) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case value.Scalar:
		y, ok := b.(value.Scalar)
		return ok && x.E == y.E
	case value.Pointer:
		y, ok := b.(value.Pointer)
		return ok && samePointer(x, y)
	case value.Struct:
		y, ok := b.(value.Struct)
		return ok && sameValues(x.Fields, y.Fields)
	case value.Array:
		y, ok := b.(value.Array)
		if !ok || x.Len() != y.Len() {
			return false
		}
		if x.SharesTree(y) {
			return true
		}
		for i := 0; i < x.Len(); i++ {
			if !SameValue(x.At(i), y.At(i)) {
				return false
			}
		}
		return true
	case value.String:
		y, ok := b.(value.String)
		return ok && sameString(x, y)
	case value.Slice:
		y, ok := b.(value.Slice)
		return ok && x.NonNil == y.NonNil && x.Obj == y.Obj && slices.Equal(x.Base, y.Base) &&
			x.Offset == y.Offset && x.Len == y.Len && x.Cap == y.Cap
	case value.Interface:
		y, ok := b.(value.Interface)
		return ok && sameType(x.Type, y.Type) && SameValue(x.Value, y.Value)
	case value.Func:
		y, ok := b.(value.Func)
		return ok && x.Fn == y.Fn && sameValues(x.Bindings, y.Bindings) && sameFuncInput(x.Input, y.Input)
	case value.Tuple:
		y, ok := b.(value.Tuple)
		return ok && sameValues(x.Elems, y.Elems)
	case value.Opaque:
		y, ok := b.(value.Opaque)
		return ok && sameType(x.Type, y.Type) && x.Reason == y.Reason && x.Input == y.Input && sameGo(x.Go, y.Go)
	case value.Lazy:
		y, ok := b.(value.Lazy)
		return ok && x.Name == y.Name && x.Depth == y.Depth && x.Root == y.Root && sameType(x.Type, y.Type)
	case value.Map:
		y, ok := b.(value.Map)
		return ok && x.Size == y.Size && sameValues(x.Keys, y.Keys) && sameValues(x.Vals, y.Vals)
	case value.Chan:
		y, ok := b.(value.Chan)
		return ok && x.Cap == y.Cap && x.Closed == y.Closed && sameValues(x.Buf, y.Buf)
	case Iterator:
		y, ok := b.(Iterator)
		return ok && x.Pos == y.Pos && sameString(x.Str, y.Str) && sameValues(x.Keys, y.Keys) && sameValues(x.Vals, y.Vals)
	case RuneProgress:
		y, ok := b.(RuneProgress)
		return ok && x.At == y.At && slices.Equal(x.Runes, y.Runes)
	case value.UnsafePointer:
		y, ok := b.(value.UnsafePointer)
		return ok && samePointer(x.Ptr, y.Ptr) && sameType(x.Elem, y.Elem)
	case ObjectValue:
		y, ok := b.(ObjectValue)
		return ok && sameType(x.Type, y.Type) && SameValue(x.Value, y.Value)
	case BuiltinValue:
		y, ok := b.(BuiltinValue)
		return ok && x.B == y.B
	}
	return false // a kind of value this does not know is never the same
}

func sameValues(a, b []value.Value) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 0 && &a[0] == &b[0] {
		return true // one slice: a map's entries as two iterators hold them
	}
	for i := range a {
		if !SameValue(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameString(a, b value.String) bool { return a.Len == b.Len && slices.Equal(a.Bytes, b.Bytes) }

func samePointer(a, b value.Pointer) bool {
	return a.NonNil == b.NonNil && a.Obj == b.Obj && slices.Equal(a.Path, b.Path) && slices.Equal(a.Sym, b.Sym)
}

func sameType(a, b types.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a == b || types.Identical(a, b)
}

// sameGo compares the concrete Go values an Opaque carries; values Go
// cannot compare are never the same. Floats are the same when their bits
// are: a NaN is the same value as itself, and -0 is not 0 (1/x tells them
// apart).
func sameGo(a, b any) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	if x, ok := a.(float64); ok {
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	}
	return a == b
}

// ValueExprs calls f with every term in v, for the variables a value
// depends on. Types, functions and object numbers are not terms.
func ValueExprs(v value.Value, f func(expr.Expr)) {
	switch x := v.(type) {
	case value.Scalar:
		f(x.E)
	case value.Pointer:
		f(x.NonNil)
		for _, st := range x.Sym {
			f(st.Index)
		}
	case value.Struct:
		valuesExprs(x.Fields, f)
	case value.Array:
		for i := 0; i < x.Len(); i++ {
			ValueExprs(x.At(i), f)
		}
	case value.String:
		f(x.Len)
		for _, b := range x.Bytes {
			f(b)
		}
	case value.Slice:
		f(x.NonNil)
		f(x.Len)
		f(x.Cap)
	case value.Interface:
		ValueExprs(x.Value, f)
	case value.Func:
		valuesExprs(x.Bindings, f)
		if x.Input != nil {
			f(x.Input.NonNil)
			valuesExprs(x.Input.Results, f)
		}
	case value.Tuple:
		valuesExprs(x.Elems, f)
	case value.Map:
		if x.Size.IsValid() {
			f(x.Size)
		}
		valuesExprs(x.Keys, f)
		valuesExprs(x.Vals, f)
	case value.Chan:
		valuesExprs(x.Buf, f)
	case Iterator:
		ValueExprs(x.Str, f)
		valuesExprs(x.Keys, f)
		valuesExprs(x.Vals, f)
	case RuneProgress:
		for _, r := range x.Runes {
			f(r)
		}
	case value.UnsafePointer:
		ValueExprs(x.Ptr, f)
	case ObjectValue:
		ValueExprs(x.Value, f)
	case value.Opaque:
		// A float input not chosen yet depends on its selector: two states
		// that chose two candidates hold the same Opaque, and only the
		// selector's pin on each path tells them apart.
		if x.Input != "" {
			f(FloatSelector(x))
		}
	}
}

func valuesExprs(vs []value.Value, f func(expr.Expr)) {
	for _, v := range vs {
		ValueExprs(v, f)
	}
}

// ValueHash is a hash of v that SameValue respects: same values hash
// alike. It looks at terms and shape only, so it is cheap and coarse.
func ValueHash(v value.Value) uint64 {
	h := uint64(HashOffset)
	mix := func(x uint64) { h = (h ^ x) * HashPrime }
	term := func(e expr.Expr) {
		if e.IsValid() {
			mix(e.Hash())
		}
	}
	var walk func(v value.Value)
	walk = func(v value.Value) {
		switch x := v.(type) {
		case nil:
			mix(1)
		case value.Pointer:
			mix(2)
			mix(uint64(x.Obj))
			term(x.NonNil)
			for _, p := range x.Path {
				mix(uint64(p))
			}
		case value.Slice:
			mix(3)
			mix(uint64(x.Obj))
			mix(uint64(x.Offset))
			term(x.Len)
		case value.Struct:
			mix(4)
			for _, f := range x.Fields {
				walk(f)
			}
		case ObjectValue:
			mix(5)
			walk(x.Value)
		case value.Array:
			// The first elements only: tables run to thousands.
			mix(6)
			mix(uint64(x.Len()))
			for i := 0; i < x.Len() && i < 16; i++ {
				walk(x.At(i))
			}
		case value.Map:
			// Likewise the first entries of a map.
			mix(8)
			term(x.Size)
			walkFirst(x.Keys, walk, mix)
			walkFirst(x.Vals, walk, mix)
		case value.Chan:
			mix(10)
			mix(uint64(x.Cap))
			if x.Closed {
				mix(1)
			}
			walkFirst(x.Buf, walk, mix)
		case Iterator:
			mix(9)
			mix(uint64(x.Pos))
			ValueExprs(x.Str, term)
			walkFirst(x.Keys, walk, mix)
			walkFirst(x.Vals, walk, mix)
		default:
			mix(7)
			ValueExprs(v, term)
		}
	}
	walk(v)
	return h
}

// walkFirst hashes the length of vs and its first 16 values, for
// ValueHash.
func walkFirst(vs []value.Value, walk func(value.Value), mix func(uint64)) {
	mix(uint64(len(vs)))
	for _, v := range vs[:min(len(vs), 16)] {
		walk(v)
	}
}

// sameFuncInput reports whether two func inputs are the same value.
func sameFuncInput(x, y *value.FuncInput) bool {
	if x == nil || y == nil {
		return x == y
	}
	return x.Name == y.Name && x.NonNil == y.NonNil && sameValues(x.Results, y.Results)
}
