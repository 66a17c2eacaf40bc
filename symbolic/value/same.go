package value

import (
	"go/types"
	"math"
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// This file compares values as a pruner needs: Same tells whether two
// values are the same, Hash hashes them coarsely, and Exprs lists the
// terms a value holds. None of this is Go's ==.

// Same reports whether a and b are the same value: the same shape,
// with equal terms (terms are hash-consed, so equal means structurally
// equal) and identical types. It is what a Pruner needs to tell that a
// location holds "the same expression" in two states; it is not Go's ==.
func Same(a, b Value) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case Scalar:
		y, ok := b.(Scalar)
		return ok && x.E == y.E
	case Pointer:
		y, ok := b.(Pointer)
		return ok && samePointer(x, y)
	case Struct:
		y, ok := b.(Struct)
		return ok && sameValues(x.Fields, y.Fields)
	case Array:
		y, ok := b.(Array)
		if !ok || x.Len() != y.Len() {
			return false
		}
		if x.SharesTree(y) {
			return true
		}
		for i := 0; i < x.Len(); i++ {
			if !Same(x.At(i), y.At(i)) {
				return false
			}
		}
		return true
	case String:
		y, ok := b.(String)
		return ok && sameString(x, y)
	case Slice:
		y, ok := b.(Slice)
		return ok && x.NonNil == y.NonNil && x.Obj == y.Obj && slices.Equal(x.Base, y.Base) &&
			x.Offset == y.Offset && x.Len == y.Len && x.Cap == y.Cap
	case Interface:
		y, ok := b.(Interface)
		return ok && sameType(x.Type, y.Type) && Same(x.Value, y.Value)
	case Func:
		y, ok := b.(Func)
		return ok && x.Fn == y.Fn && sameValues(x.Bindings, y.Bindings) && sameFuncInput(x.Input, y.Input)
	case Tuple:
		y, ok := b.(Tuple)
		return ok && sameValues(x.Elems, y.Elems)
	case Opaque:
		y, ok := b.(Opaque)
		return ok && sameType(x.Type, y.Type) && x.Reason == y.Reason && x.Input == y.Input && sameGo(x.Go, y.Go)
	case Lazy:
		y, ok := b.(Lazy)
		return ok && x.Name == y.Name && x.Depth == y.Depth && x.Root == y.Root && sameType(x.Type, y.Type)
	case Map:
		y, ok := b.(Map)
		return ok && x.Size == y.Size && sameValues(x.Keys, y.Keys) && sameValues(x.Vals, y.Vals)
	case Chan:
		y, ok := b.(Chan)
		return ok && x.Cap == y.Cap && x.Closed == y.Closed && sameValues(x.Buf, y.Buf)
	case Iterator:
		y, ok := b.(Iterator)
		return ok && x.Pos == y.Pos && sameString(x.Str, y.Str) && sameValues(x.Keys, y.Keys) && sameValues(x.Vals, y.Vals)
	case RuneProgress:
		y, ok := b.(RuneProgress)
		return ok && x.At == y.At && slices.Equal(x.Runes, y.Runes)
	case UnsafePointer:
		y, ok := b.(UnsafePointer)
		return ok && samePointer(x.Ptr, y.Ptr) && sameType(x.Elem, y.Elem)
	case ObjectValue:
		y, ok := b.(ObjectValue)
		return ok && sameType(x.Type, y.Type) && Same(x.Value, y.Value)
	case BuiltinValue:
		y, ok := b.(BuiltinValue)
		return ok && x.B == y.B
	}
	return false // a kind of value this does not know is never the same
}

func sameValues(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 0 && &a[0] == &b[0] {
		return true // one slice: a map's entries as two iterators hold them
	}
	for i := range a {
		if !Same(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameString(a, b String) bool { return a.Len == b.Len && slices.Equal(a.Bytes, b.Bytes) }

func samePointer(a, b Pointer) bool {
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

// Exprs calls f with every term in v, for the variables a value
// depends on. Types, functions and object numbers are not terms.
func Exprs(v Value, f func(expr.Expr)) {
	switch x := v.(type) {
	case Scalar:
		f(x.E)
	case Pointer:
		f(x.NonNil)
		for _, st := range x.Sym {
			f(st.Index)
		}
	case Struct:
		valuesExprs(x.Fields, f)
	case Array:
		for i := 0; i < x.Len(); i++ {
			Exprs(x.At(i), f)
		}
	case String:
		f(x.Len)
		for _, b := range x.Bytes {
			f(b)
		}
	case Slice:
		f(x.NonNil)
		f(x.Len)
		f(x.Cap)
	case Interface:
		Exprs(x.Value, f)
	case Func:
		valuesExprs(x.Bindings, f)
		if x.Input != nil {
			f(x.Input.NonNil)
			valuesExprs(x.Input.Results, f)
		}
	case Tuple:
		valuesExprs(x.Elems, f)
	case Map:
		if x.Size.IsValid() {
			f(x.Size)
		}
		valuesExprs(x.Keys, f)
		valuesExprs(x.Vals, f)
	case Chan:
		valuesExprs(x.Buf, f)
	case Iterator:
		Exprs(x.Str, f)
		valuesExprs(x.Keys, f)
		valuesExprs(x.Vals, f)
	case RuneProgress:
		for _, r := range x.Runes {
			f(r)
		}
	case UnsafePointer:
		Exprs(x.Ptr, f)
	case ObjectValue:
		Exprs(x.Value, f)
	case Opaque:
		// A float input not chosen yet depends on its selector: two states
		// that chose two candidates hold the same Opaque, and only the
		// selector's pin on each path tells them apart.
		if x.Input != "" {
			f(FloatSelector(x))
		}
	}
}

func valuesExprs(vs []Value, f func(expr.Expr)) {
	for _, v := range vs {
		Exprs(v, f)
	}
}

// Hash is a hash of v that Same respects: same values hash alike. It
// looks at terms and shape only, so it is cheap and coarse.
func Hash(v Value) uint64 {
	h := uint64(HashOffset)
	mix := func(x uint64) { h = (h ^ x) * HashPrime }
	term := func(e expr.Expr) {
		if e.IsValid() {
			mix(e.Hash())
		}
	}
	var walk func(v Value)
	walk = func(v Value) {
		switch x := v.(type) {
		case nil:
			mix(1)
		case Pointer:
			mix(2)
			mix(uint64(x.Obj))
			term(x.NonNil)
			for _, p := range x.Path {
				mix(uint64(p))
			}
		case Slice:
			mix(3)
			mix(uint64(x.Obj))
			mix(uint64(x.Offset))
			term(x.Len)
		case Struct:
			mix(4)
			for _, f := range x.Fields {
				walk(f)
			}
		case ObjectValue:
			mix(5)
			walk(x.Value)
		case Array:
			// The first elements only: tables run to thousands.
			mix(6)
			mix(uint64(x.Len()))
			for i := 0; i < x.Len() && i < 16; i++ {
				walk(x.At(i))
			}
		case Map:
			// Likewise the first entries of a map.
			mix(8)
			term(x.Size)
			walkFirst(x.Keys, walk, mix)
			walkFirst(x.Vals, walk, mix)
		case Chan:
			mix(10)
			mix(uint64(x.Cap))
			if x.Closed {
				mix(1)
			}
			walkFirst(x.Buf, walk, mix)
		case Iterator:
			mix(9)
			mix(uint64(x.Pos))
			Exprs(x.Str, term)
			walkFirst(x.Keys, walk, mix)
			walkFirst(x.Vals, walk, mix)
		default:
			mix(7)
			Exprs(v, term)
		}
	}
	walk(v)
	return h
}

// walkFirst hashes the length of vs and its first 16 values, for Hash.
func walkFirst(vs []Value, walk func(Value), mix func(uint64)) {
	mix(uint64(len(vs)))
	for _, v := range vs[:min(len(vs), 16)] {
		walk(v)
	}
}

// sameFuncInput reports whether two func inputs are the same value.
func sameFuncInput(x, y *FuncInput) bool {
	if x == nil || y == nil {
		return x == y
	}
	return x.Name == y.Name && x.NonNil == y.NonNil && sameValues(x.Results, y.Results)
}

// HashOffset and HashPrime are the FNV-1a constants that Hash mixes
// with. The interpreter's context hashes use them too.
const (
	HashOffset = 14695981039346656037
	HashPrime  = 1099511628211
)
