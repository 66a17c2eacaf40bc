package machine

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// This file follows unsafe as the standard library uses it: pointers passed
// through unsafe.Pointer and back to a type of the same layout
// (strings.Builder's copy check, internal/abi.NoEscape), and the builtins
// unsafe.String, StringData, Slice and SliceData that build strings and
// slices over memory the program already has; and, as other packages use
// it, a *[]byte read as a *string (stringView). Everything else (pointer
// arithmetic, reinterpreting memory as a type of another layout, integers
// made into pointers) stops the path as unsupported, so no claim rests on
// it.

// convertUnsafe handles the conversions between pointer types and
// unsafe.Pointer; ok is false when the conversion is not one of those.
func (e *Machine) convertUnsafe(s *State, in *ssa.Convert, x value.Value) (handled bool) {
	from, to := in.X.Type(), in.Type()
	switch {
	case value.IsUnsafePointer(to):
		p, isPtr := x.(value.Pointer)
		pt, isPtrType := from.Underlying().(*types.Pointer)
		if !isPtr || !isPtrType {
			e.Unsupported(s, "conversion from "+from.String()+" to unsafe.Pointer")
			return true
		}
		e.set(s, in, value.UnsafePointer{Ptr: p, Elem: pt.Elem()})
		return true
	case value.IsUnsafePointer(from):
		u := x.(value.UnsafePointer)
		pt, isPtrType := to.Underlying().(*types.Pointer)
		if !isPtrType {
			e.Unsupported(s, "conversion from unsafe.Pointer to "+to.String())
			return true
		}
		if p, ok := value.Reinterpret(s.Mem, u, pt.Elem()); ok {
			e.set(s, in, p)
			return true
		}
		// reflect reads a descriptor as its rtype, which the executor keeps
		// apart (value/reflecttype.go).
		if t := value.DescribedType(s.Mem, u.Ptr); t != nil && value.IsNamed(pt.Elem(), "reflect", "rtype") {
			e.set(s, in, value.ReflectRType(s.Mem, pt.Elem().(*types.Named).Obj().Pkg(), t))
			return true
		}
		if t := value.ReflectRTypeOf(s.Mem, u.Ptr); t != nil && value.IsNamed(pt.Elem(), "internal/abi", "Type") {
			if p, ok := e.Descriptor(s, t); ok {
				e.set(s, in, p)
			}
			return true
		}
		if isByteSlice(u.Elem) && isStringType(pt.Elem()) {
			if p, ok := e.stringView(s, u, pt.Elem()); ok {
				e.set(s, in, p)
			}
			return true
		}
		e.Unsupported(s, "unsafe conversion from *"+u.Elem.String()+" to "+to.String())
		return true
	}
	return false
}

// stringView is the *string unsafe makes of u, a pointer to a byte slice:
// *(*string)(unsafe.Pointer(&b)), the zero-copy conversion of gjson's and
// fasthttp's b2s, which works because a string header is the start of a
// slice header. It points to a new string holding the slice's bytes. Go
// shares them instead; the two differ only where the program writes b
// while it still uses the string, which such code promises not to do.
// The path records the copy, so no claim rests on that promise.
func (e *Machine) stringView(s *State, u value.UnsafePointer, to types.Type) (value.Pointer, bool) {
	if !e.ModelNonNil(s, u.Ptr.NonNil, "unsafe.Pointer") {
		return value.Pointer{}, false
	}
	b, ok := e.Load(s, u.Ptr).(value.Slice)
	if !ok {
		e.Unsupported(s, "unsafe conversion from *"+u.Elem.String()+" to *"+to.String())
		return value.Pointer{}, false
	}
	str, _ := e.StringOfBytes(s, b)
	s.Limit("reads a []byte as a string through unsafe, taken as a copy")
	id := s.Mem.Alloc(&value.Object{Type: to, Value: str})
	return value.Pointer{NonNil: expr.True, Obj: id}, true
}

// unsafeBuiltin runs unsafe.String, StringData, Slice and SliceData;
// handled is false for other builtins.
func (e *Machine) unsafeBuiltin(s *State, name string, args []value.Value, result func(value.Value)) (handled bool) {
	switch name {
	case "SliceData":
		x := args[0].(value.Slice)
		if x.Obj == 0 {
			result(value.NilPointer)
			return true
		}
		result(value.Pointer{NonNil: x.NonNil, Obj: x.Obj, Path: x.Base.With(x.Offset)})
	case "StringData":
		// The bytes get no allocation site: the points-to analysis does not
		// model unsafe's builtins, so it could not name them.
		str := args[0].(value.String)
		b := e.bytesOfString(s, str, nil)
		result(value.Pointer{NonNil: expr.True, Obj: b.Obj, Path: value.Path{0}})
	case "String":
		p, n := args[0].(value.Pointer), args[1].(value.Scalar).E
		if str, ok := e.stringAt(s, p, n); ok {
			result(str)
		}
	case "Slice":
		p, n := args[0].(value.Pointer), expr.Resize(args[1].(value.Scalar).E, 64, true)
		if sl, ok := e.sliceAt(s, p, n); ok {
			result(sl)
		}
	default:
		return false
	}
	return true
}

// arrayWindow finds the array element p addresses: the array (a whole
// object, or one nested in an object, as SliceData of a slice with a base
// path gives) and the position in it.
func (e *Machine) arrayWindow(s *State, p value.Pointer) (elems []value.Value, at int, ok bool) {
	if p.Obj == 0 || len(p.Path) == 0 {
		return nil, 0, false
	}
	last := len(p.Path) - 1
	arr, isArr := e.Load(s, value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path[:last]}).(value.Array)
	if !isArr {
		return nil, 0, false
	}
	return arr.Elems(), p.Path[last], true
}

// stringAt is unsafe.String(p, n): the n bytes from p on.
func (e *Machine) stringAt(s *State, p value.Pointer, n expr.Expr) (value.String, bool) {
	n = expr.Resize(n, 64, true)
	if n.IsConst() && n.Value() == 0 {
		return value.EmptyString, true
	}
	elems, at, ok := e.arrayWindow(s, p)
	if !ok {
		e.Unsupported(s, "unsafe.String over memory that is not a byte array")
		return value.String{}, false
	}
	elems = elems[at:]
	if !e.Require(s, expr.Ule(n, expr.Const(64, uint64(len(elems)))), "", func(bad *State) {
		e.Unsupported(bad, "unsafe.String past the end of its array")
	}) {
		return value.String{}, false
	}
	bytes := make([]expr.Expr, len(elems))
	for i, el := range elems {
		bytes[i] = el.(value.Scalar).E
	}
	if n.IsConst() {
		bytes = bytes[:n.Value()]
	}
	return value.String{Bytes: bytes, Len: n}, true
}

// sliceAt is unsafe.Slice(p, n): a slice of n elements from p on, which
// must lie inside the array p points into.
func (e *Machine) sliceAt(s *State, p value.Pointer, n expr.Expr) (value.Slice, bool) {
	if p.Obj == 0 {
		if !e.Require(s, expr.Eq(n, expr.Const(64, 0)), "", func(bad *State) {
			e.RuntimePanic(bad, PanicOther, "unsafe.Slice: ptr is nil and len is not zero")
		}) {
			return value.Slice{}, false
		}
		return value.NilSlice, true
	}
	elems, at, ok := e.arrayWindow(s, p)
	if !ok {
		e.Unsupported(s, "unsafe.Slice over memory that is not an array")
		return value.Slice{}, false
	}
	room := expr.Const(64, uint64(len(elems)-at))
	if !e.Require(s, expr.Ule(n, room), "", func(bad *State) {
		e.Unsupported(bad, "unsafe.Slice past the end of its array")
	}) {
		return value.Slice{}, false
	}
	return value.Slice{NonNil: expr.True, Obj: p.Obj, Base: p.Path[:len(p.Path)-1], Offset: at, Len: n, Cap: n}, true
}
