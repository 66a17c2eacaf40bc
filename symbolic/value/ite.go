package value

import (
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Ite merges two values of one type into "if cond then a else b"
// without forking, where their representation allows: scalars, strings, and
// structs and arrays of those. Pointers to different objects, maps,
// interfaces of different dynamic types and funcs cannot be merged; ok is
// false then and the caller forks instead.
func Ite(cond expr.Expr, a, b Value) (Value, bool) {
	switch x := a.(type) {
	case Scalar:
		y, ok := b.(Scalar)
		return Scalar{expr.Ite(cond, x.E, y.E)}, ok
	case String:
		y := b.(String)
		n := max(len(x.Bytes), len(y.Bytes))
		bytes := make([]expr.Expr, n)
		zero := expr.Const(8, 0)
		for i := range bytes {
			bx, by := zero, zero
			if i < len(x.Bytes) {
				bx = x.Bytes[i]
			}
			if i < len(y.Bytes) {
				by = y.Bytes[i]
			}
			bytes[i] = expr.Ite(cond, bx, by)
		}
		return String{Bytes: bytes, Len: expr.Ite(cond, x.Len, y.Len)}, true
	case Struct:
		y := b.(Struct)
		fields := make([]Value, len(x.Fields))
		for i := range fields {
			f, ok := Ite(cond, x.Fields[i], y.Fields[i])
			if !ok {
				return nil, false
			}
			fields[i] = f
		}
		return Struct{fields}, true
	case Array:
		y := b.(Array)
		elems := make([]Value, x.Len())
		for i := range elems {
			el, ok := Ite(cond, x.At(i), y.At(i))
			if !ok {
				return nil, false
			}
			elems[i] = el
		}
		return ArrayOf(elems), true
	case Pointer:
		y := b.(Pointer)
		if x.Obj == y.Obj && slices.Equal(x.Path, y.Path) {
			return Pointer{NonNil: expr.Ite(cond, x.NonNil, y.NonNil), Obj: x.Obj, Path: x.Path}, true
		}
	}
	return nil, false
}
