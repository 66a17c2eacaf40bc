package models

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// The standard library looks inside an interface value by converting an
// *any to *abi.EmptyInterface (or the runtime's *eface) and reading its
// type and data words. The executor's interfaces are (type, value) pairs,
// not two words, so the functions that do the conversion are modelled by
// name: internal/abi.TypeOf (behind abi.TypeFor, reflect.TypeFor,
// reflectlite.TypeOf and sync.Map's hash function), reflect's and
// reflectlite's unpackEface (ValueOf, used by fmt on every operand that is
// not of a predeclared type) and packEface (Value.Interface), and
// runtime.efaceOf where the runtime's initialiser reads type words. The
// type word is one of the executor's descriptors (Machine.Descriptor);
// the data word is an unsafe.Pointer to a copy of the value (or the
// pointer itself, for the types gc stores directly). What these models
// cannot represent (a map or a func in a data word) stops the path with
// the case named.
func efaceModels() map[string]Func {
	return map[string]Func{
		"internal/abi.TypeOf":                abiTypeOf,
		"(*internal/abi.Type).IsDirectIface": abiIsDirectIface,
		"reflect.unpackEface":                unpackEface,
		"internal/reflectlite.unpackEface":   unpackEface,
		"reflect.packEface":                  packEface,
		"internal/reflectlite.packEface":     packEface,
		"reflect.toRType":                    reflectToRType,
		"runtime.efaceOf":                    runtimeEfaceOf,
	}
}

// abiTypeOf is internal/abi.TypeOf(a any) *Type: the descriptor of a's
// dynamic type, nil for a nil interface.
func abiTypeOf(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t := a[0].(value.Interface).Type
	if t == nil {
		return []value.Value{value.NilPointer}, true
	}
	p, ok := m.Descriptor(t)
	return []value.Value{p}, ok
}

// abiIsDirectIface is (*abi.Type).IsDirectIface, read from the Go type
// rather than from the descriptor's flags, which the executor does not
// fill.
func abiIsDirectIface(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t, ok := m.DescribedType(a[0])
	if !ok {
		return nil, false
	}
	return value.One(expr.BoolConst(value.DirectIface(t))), true
}

// unpackEface is reflect's (and reflectlite's) unpackEface(i any) Value:
// the descriptor of i's dynamic type, a pointer to its value, and the
// kind and indirection flags.
func unpackEface(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	i := a[0].(value.Interface)
	valueType := fn.Signature.Results().At(0).Type()
	if i.Type == nil {
		return []value.Value{value.Zero(valueType)}, true
	}
	desc, ok := m.Descriptor(i.Type)
	if !ok {
		return nil, false
	}
	flag := uint64(value.ReflectKind(i.Type))
	var data value.UnsafePointer
	switch {
	case !value.DirectIface(i.Type):
		flag |= flagIndir
		data = copyWord(m, i)
	default:
		w, ok := dataWord(i)
		if !ok {
			m.Unsupported("reflect.Value of a " + kindName(i.Type) + " (a data word the executor does not model)")
			return nil, false
		}
		data = w
	}
	return []value.Value{value.Struct{Fields: []value.Value{desc, data, value.Scalar{E: expr.Const(64, flag)}}}}, true
}

// copyWord is the data word of an interface holding a type that gc
// stores indirectly: a pointer to a new copy of the value.
func copyWord(m Machine, i value.Interface) value.UnsafePointer {
	return value.UnsafePointer{Ptr: m.New(i.Type, i.Value), Elem: i.Type}
}

// dataWord is the data word of an interface holding a pointer or an
// unsafe.Pointer, which gc stores directly; ok is false for the other
// direct types (maps, chans, funcs, one-pointer structs and arrays), whose
// words the executor does not model.
func dataWord(i value.Interface) (value.UnsafePointer, bool) {
	if u, ok := i.Value.(value.UnsafePointer); ok && value.IsUnsafePointer(i.Type) {
		return u, true
	}
	pt, isPtr := i.Type.Underlying().(*types.Pointer)
	p, isPtrValue := i.Value.(value.Pointer)
	if !isPtr || !isPtrValue {
		return value.UnsafePointer{}, false
	}
	return value.UnsafePointer{Ptr: p, Elem: pt.Elem()}, true
}

// packEface is Value.Interface's packEface(v Value) any, the inverse of
// unpackEface.
func packEface(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	i, ok := valueInterface(m, a[0].(value.Struct))
	if !ok {
		return nil, false
	}
	return []value.Value{i}, true
}

// valueInterface is the interface value a reflect (or reflectlite) Value
// holds, as packEface makes it.
func valueInterface(m Machine, v value.Struct) (value.Interface, bool) {
	rv, ok := decodeValue(m, v)
	if !ok {
		return value.Interface{}, false
	}
	t, flag, ptr := rv.t, rv.flag, rv.ptr
	switch {
	case !value.DirectIface(t) && flag&flagIndir == 0:
		m.Panic("bad indir")
		return value.Interface{}, false
	case !value.DirectIface(t), flag&flagIndir != 0:
		p, ok := valuePointer(m, ptr, t)
		if !ok {
			return value.Interface{}, false
		}
		return value.Interface{Type: t, Value: m.Load(p)}, true
	case value.IsUnsafePointer(t):
		return value.Interface{Type: t, Value: ptr}, true
	}
	pt, isPtr := t.Underlying().(*types.Pointer)
	if !isPtr || ptr.Elem == nil || !types.Identical(ptr.Elem, pt.Elem()) {
		if ptr.Elem == nil && isPtr {
			return value.Interface{Type: t, Value: value.NilPointer}, true
		}
		m.Unsupported("reflect.Value of a " + kindName(t) + " (a data word the executor does not model)")
		return value.Interface{}, false
	}
	return value.Interface{Type: t, Value: ptr.Ptr}, true
}

// reflectToRType is reflect's toRType(t *abi.Type) *rtype, which gives the
// executor's reflect type for a descriptor (Machine.ReflectType).
func reflectToRType(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.Pointer)
	if p.NonNil.IsFalse() {
		return []value.Value{value.NilPointer}, true
	}
	t, ok := m.DescribedType(p)
	if !ok {
		return nil, false
	}
	return []value.Value{m.ReflectType(fn.Pkg.Pkg, t)}, true
}

// runtimeEfaceOf is runtime.efaceOf(ep *any) *eface as the runtime's
// initialiser uses it: to read the type word of a package variable. The
// model gives a new eface holding the words, which writes through the
// result would not reach, so it serves only runtime.init, which only
// reads.
func runtimeEfaceOf(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	if m.Caller().String() != "runtime.init" {
		m.Unsupported("runtime.efaceOf outside runtime's initialiser")
		return nil, false
	}
	p := a[0].(value.Pointer)
	if !m.RequireNonNil(p, "pointer") {
		return nil, false
	}
	i := m.Load(p).(value.Interface)
	var typeWord value.Value = value.NilPointer
	data := value.NilUnsafePointer
	if i.Type != nil {
		desc, ok := m.Descriptor(i.Type)
		if !ok {
			return nil, false
		}
		typeWord = desc
		if value.DirectIface(i.Type) {
			w, ok := dataWord(i)
			if !ok {
				m.Unsupported("data word of a " + kindName(i.Type))
				return nil, false
			}
			data = w
		} else {
			data = copyWord(m, i)
		}
	}
	eface := fn.Signature.Results().At(0).Type().(*types.Pointer).Elem()
	return []value.Value{m.New(eface, value.Struct{Fields: []value.Value{typeWord, data}})}, true
}

// kindName is reflect's name for t's kind.
func kindName(t types.Type) string {
	names := []string{"invalid", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr",
		"float32", "float64", "complex64", "complex128", "array", "chan", "func", "interface", "map", "ptr", "slice", "string", "struct", "unsafe.Pointer"}
	return names[value.ReflectKind(t)]
}
