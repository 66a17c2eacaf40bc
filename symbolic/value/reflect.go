package value

import "go/types"

// ReflectKind is reflect's Kind number for t: what a type descriptor
// holds in its kind byte, and what reflect's Type.Kind gives.
func ReflectKind(t types.Type) int {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		kinds := map[types.BasicKind]int{
			types.Bool: 1, types.Int: 2, types.Int8: 3, types.Int16: 4, types.Int32: 5, types.Int64: 6,
			types.Uint: 7, types.Uint8: 8, types.Uint16: 9, types.Uint32: 10, types.Uint64: 11, types.Uintptr: 12,
			types.Float32: 13, types.Float64: 14, types.Complex64: 15, types.Complex128: 16,
			types.String: 24, types.UnsafePointer: 26,
		}
		return kinds[u.Kind()]
	case *types.Array:
		return 17
	case *types.Chan:
		return 18
	case *types.Signature:
		return 19
	case *types.Interface:
		return 20
	case *types.Map:
		return 21
	case *types.Pointer:
		return 22
	case *types.Slice:
		return 23
	case *types.Struct:
		return 25
	}
	return 0
}

// ElemType is the element type of a pointer, slice, array, map or channel
// type, what reflect's Type.Elem gives; ok is false for other kinds, on
// which Elem panics.
func ElemType(t types.Type) (elem types.Type, ok bool) {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return u.Elem(), true
	case *types.Slice:
		return u.Elem(), true
	case *types.Array:
		return u.Elem(), true
	case *types.Map:
		return u.Elem(), true
	case *types.Chan:
		return u.Elem(), true
	}
	return nil, false
}

// IsNamed reports whether t is the named type pkg.name.
func IsNamed(t types.Type, pkg, name string) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// IsUnsafePointer reports whether t's underlying type is unsafe.Pointer.
func IsUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// GCSizes are the sizes of the gc compiler on a 64-bit platform, which
// decide how an interface holds a value (DirectIface).
var GCSizes = types.SizesFor("gc", "amd64")

// DirectIface reports whether gc stores a value of type t directly in an
// interface's data word: when t is one word that holds a pointer
// (cmd/compile's IsDirectIface: pointer-shaped types, and structs and
// arrays that are one such word, zero-sized fields aside).
func DirectIface(t types.Type) bool {
	return GCSizes.Sizeof(t) == 8 && pointerWord(t)
}

// pointerWord reports whether the first word of a value of t (a type one
// word long) is a pointer.
func pointerWord(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() > 0 && pointerWord(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if f := u.Field(i).Type(); GCSizes.Sizeof(f) > 0 {
				return pointerWord(f)
			}
		}
	}
	return false
}
