package value

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// The executor assumes a 64-bit platform (GOARCH amd64 or arm64): int, uint
// and uintptr are 64 bits wide, as on the machines the generated tests run.
const wordBits = 64

// IntInfo says whether t is an integer type, and if so its width and
// signedness.
func IntInfo(t types.Type) (width int, signed, ok bool) {
	b, isBasic := t.Underlying().(*types.Basic)
	if !isBasic {
		return 0, false, false
	}
	switch b.Kind() {
	case types.Int8:
		return 8, true, true
	case types.Int16:
		return 16, true, true
	case types.Int32:
		return 32, true, true
	case types.Int64, types.Int:
		return 64, true, true
	case types.Uint8:
		return 8, false, true
	case types.Uint16:
		return 16, false, true
	case types.Uint32:
		return 32, false, true
	case types.Uint64, types.Uint, types.Uintptr:
		return 64, false, true
	}
	return 0, false, false
}

func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

func IsString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func IsFloat(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsFloat|types.IsComplex) != 0
}

// Zero is the zero value of t.
func Zero(t types.Type) Value {
	if w, _, ok := IntInfo(t); ok {
		return Scalar{expr.Const(w, 0)}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return Scalar{expr.False}
		case u.Info()&types.IsString != 0:
			return EmptyString
		case u.Info()&types.IsFloat != 0:
			return Opaque{Type: t, Reason: "float", Go: float64(0)}
		case u.Info()&types.IsComplex != 0:
			return Opaque{Type: t, Reason: "complex", Go: complex128(0)}
		case u.Kind() == types.UnsafePointer:
			return NilUnsafePointer
		}
	case *types.Pointer:
		return NilPointer
	case *types.Struct:
		fields := make([]Value, u.NumFields())
		for i := range fields {
			fields[i] = Zero(u.Field(i).Type())
		}
		return Struct{fields}
	case *types.Array:
		return FilledArray(int(u.Len()), Zero(u.Elem()))
	case *types.Slice:
		return NilSlice
	case *types.Map:
		return Pointer{NonNil: expr.False} // a map is a reference to its object
	case *types.Chan:
		return Pointer{NonNil: expr.False} // a channel is a reference to its object
	case *types.Signature:
		return Func{}
	case *types.Interface:
		return Interface{}
	case *types.Tuple:
		elems := make([]Value, u.Len())
		for i := range elems {
			elems[i] = Zero(u.At(i).Type())
		}
		return Tuple{elems}
	}
	return Opaque{Type: t, Reason: "type " + t.String()}
}

var (
	EmptyString = String{Len: expr.Const(64, 0)}
	NilSlice    = Slice{NonNil: expr.False, Len: expr.Const(64, 0), Cap: expr.Const(64, 0)}
)

// SameLayout reports whether values of a and b are laid out alike for the
// executor: identical underlying types (so every field and element reads
// the same value).
func SameLayout(a, b types.Type) bool {
	return types.Identical(a.Underlying(), b.Underlying())
}
