package models

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// reflect.Value's methods that step into a value (Field, Index, Elem) and
// measure it (NumField, Len) cast its type descriptor to reflect's
// structType, sliceType and ptrType, which wrap abi's and so have a layout
// the executor's descriptors do not, and add offsets to its pointer. fmt
// calls them to print structs, slices and arrays, so they are modelled on
// go/types: a Value is (descriptor, unsafe.Pointer to the value, flags),
// as unpackEface makes it (eface.go), and a step gives the pointer to the
// field or element by its path in the executor's memory. A case the
// models do not cover (a direct struct or array, a map) stops the path
// with the case named; Go's panics for wrong kinds are not reproduced but
// stop the path as well. Set stores through a Value, as errors.As does.
func reflectValueModels() map[string]Func {
	return map[string]Func{
		"(reflect.Value).NumField": valueNumField,
		"(reflect.Value).Field":    valueField,
		"(reflect.Value).Len":      valueLen,
		// sort.Slice reaches its slice's length through reflectlite's
		// Value (sort.go has the Swapper it reaches the elements by).
		"(internal/reflectlite.Value).Len": valueLen,
		"(reflect.Value).Index":            valueIndex,
		"(reflect.Value).Elem":             valueElem,
		"(reflect.Value).Set":              valueSet,
		"(internal/reflectlite.Value).Set": valueSet,
	}
}

// reflect's and reflectlite's Value flags (reflect/value.go).
const (
	flagStickyRO = 1 << 5
	flagEmbedRO  = 1 << 6
	flagIndir    = 1 << 7
	flagAddr     = 1 << 8
	flagMethod   = 1 << 9
	flagRO       = flagStickyRO | flagEmbedRO
)

// reflectValue is a reflect.Value taken apart.
type reflectValue struct {
	t    types.Type
	ptr  value.UnsafePointer
	flag uint64
}

// ro is reflect's flag.ro: the read-only bit a step keeps.
func (v reflectValue) ro() uint64 {
	if v.flag&flagRO != 0 {
		return flagStickyRO
	}
	return 0
}

// valueParts takes a reflect.Value apart; a zero Value stops the path
// (Go panics on most methods of one).
func valueParts(m Machine, a value.Value, method string) (reflectValue, bool) {
	v := a.(value.Struct)
	if p, ok := v.Fields[0].(value.Pointer); ok && p.NonNil.IsFalse() {
		m.Unsupported("reflect.Value." + method + " of the zero Value")
		return reflectValue{}, false
	}
	return decodeValue(m, v)
}

// decodeValue reads a reflect.Value's three words: the type descriptor,
// the data pointer and the flags (made concrete).
func decodeValue(m Machine, v value.Struct) (reflectValue, bool) {
	t, ok := m.DescribedType(v.Fields[0])
	if !ok {
		return reflectValue{}, false
	}
	flag, ok := m.Concretize(v.Fields[2].(value.Scalar).E, "flags of a reflect.Value")
	if !ok {
		return reflectValue{}, false
	}
	return reflectValue{t: t, ptr: v.Fields[1].(value.UnsafePointer), flag: flag.Value()}, true
}

// makeValue builds a reflect.Value of type t at pointer p.
func makeValue(m Machine, t types.Type, p value.UnsafePointer, flag uint64) (value.Value, bool) {
	desc, ok := m.Descriptor(t)
	if !ok {
		return nil, false
	}
	return value.Struct{Fields: []value.Value{desc, p, value.Scalar{E: expr.Const(64, flag|uint64(value.ReflectKind(t)))}}}, true
}

// addressed gives the memory pointer a Value's unsafe.Pointer addresses
// (its value lies behind the pointer: flagIndir).
func addressed(m Machine, v reflectValue, method string) (value.Pointer, bool) {
	if v.flag&flagIndir == 0 {
		m.Unsupported("reflect.Value." + method + " of a " + kindName(v.t) + " stored directly")
		return value.Pointer{}, false
	}
	return valuePointer(m, v.ptr, v.t)
}

// valuePointer is the memory pointer a Value's unsafe.Pointer u gives to
// its value of type t; it stops the path where u does not address a t,
// and lets it go on only where u is not nil.
func valuePointer(m Machine, u value.UnsafePointer, t types.Type) (value.Pointer, bool) {
	p, ok := m.Reinterpret(u, t)
	if !ok {
		m.Unsupported("reflect.Value whose pointer does not address a " + t.String())
		return value.Pointer{}, false
	}
	if !m.RequireNonNil(p, "reflect.Value's pointer") {
		return value.Pointer{}, false
	}
	return p, true
}

// valueNumField is Value.NumField: a struct's field count.
func valueNumField(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := valueParts(m, a[0], "NumField")
	if !ok {
		return nil, false
	}
	st, isStruct := v.t.Underlying().(*types.Struct)
	if !isStruct {
		m.Unsupported("reflect.Value.NumField of a " + kindName(v.t))
		return nil, false
	}
	return value.One(expr.Const(64, uint64(st.NumFields()))), true
}

// valueField is Value.Field(i): the i-th field, read-only where the field
// is unexported, at the struct's path in memory.
func valueField(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := valueParts(m, a[0], "Field")
	if !ok {
		return nil, false
	}
	st, isStruct := v.t.Underlying().(*types.Struct)
	if !isStruct {
		m.Unsupported("reflect.Value.Field of a " + kindName(v.t))
		return nil, false
	}
	i, ok := m.Concretize(a[1].(value.Scalar).E, "field index of reflect.Value.Field")
	if !ok {
		return nil, false
	}
	if i.Value() >= uint64(st.NumFields()) {
		m.Panic("reflect: Field index out of range")
		return nil, false
	}
	field := st.Field(int(i.Value()))
	fl := v.flag & (flagStickyRO | flagIndir | flagAddr)
	if !field.Exported() {
		if field.Embedded() {
			fl |= flagEmbedRO
		} else {
			fl |= flagStickyRO
		}
	}
	p, ok := addressed(m, v, "Field")
	if !ok {
		return nil, false
	}
	fp := value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(int(i.Value()))}, Elem: field.Type()}
	r, ok := makeValue(m, field.Type(), fp, fl)
	return []value.Value{r}, ok
}

// valueLen is Value.Len of an array, a slice or a string.
func valueLen(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := valueParts(m, a[0], "Len")
	if !ok {
		return nil, false
	}
	switch u := v.t.Underlying().(type) {
	case *types.Array:
		return value.One(expr.Const(64, uint64(u.Len()))), true
	case *types.Slice:
		p, ok := addressed(m, v, "Len")
		if !ok {
			return nil, false
		}
		return value.One(m.Load(p).(value.Slice).Len), true
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			p, ok := addressed(m, v, "Len")
			if !ok {
				return nil, false
			}
			return value.One(m.Load(p).(value.String).Len), true
		}
	}
	m.Unsupported("reflect.Value.Len of a " + kindName(v.t))
	return nil, false
}

// valueIndex is Value.Index(i) of an array, a slice or a string, with
// reflect's panic past the length. A string's byte is a new object, as
// it is not addressable.
func valueIndex(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := valueParts(m, a[0], "Index")
	if !ok {
		return nil, false
	}
	i := expr.Resize(a[1].(value.Scalar).E, 64, true)
	outOfRange := func(what string) func(Machine) {
		return func(bad Machine) {
			bad.Panic("reflect: " + what + " index out of range")
		}
	}
	switch u := v.t.Underlying().(type) {
	case *types.Array:
		if !m.Require(expr.Ult(i, expr.Const(64, uint64(u.Len()))), "reflect index in range", outOfRange("array")) {
			return nil, false
		}
		k, ok := m.Concretize(i, "index of reflect.Value.Index")
		if !ok {
			return nil, false
		}
		p, ok := addressed(m, v, "Index")
		if !ok {
			return nil, false
		}
		ep := value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(int(k.Value()))}, Elem: u.Elem()}
		r, ok := makeValue(m, u.Elem(), ep, v.flag&(flagIndir|flagAddr)|v.ro())
		return []value.Value{r}, ok
	case *types.Slice:
		p, ok := addressed(m, v, "Index")
		if !ok {
			return nil, false
		}
		sl := m.Load(p).(value.Slice)
		if !m.Require(expr.Ult(i, sl.Len), "reflect index in range", outOfRange("slice")) {
			return nil, false
		}
		k, ok := m.Concretize(i, "index of reflect.Value.Index")
		if !ok {
			return nil, false
		}
		ep := value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: sl.Obj, Path: sl.Base.With(sl.Offset + int(k.Value()))}, Elem: u.Elem()}
		r, ok := makeValue(m, u.Elem(), ep, flagAddr|flagIndir|v.ro())
		return []value.Value{r}, ok
	case *types.Basic:
		if u.Info()&types.IsString == 0 {
			break
		}
		p, ok := addressed(m, v, "Index")
		if !ok {
			return nil, false
		}
		str := m.Load(p).(value.String)
		if !m.Require(expr.Ult(i, str.Len), "reflect index in range", outOfRange("string")) {
			return nil, false
		}
		k, ok := m.Concretize(i, "index of reflect.Value.Index")
		if !ok {
			return nil, false
		}
		b := types.Typ[types.Uint8]
		bp := m.New(b, value.Scalar{E: str.Bytes[k.Value()]})
		r, ok := makeValue(m, b, value.UnsafePointer{Ptr: bp, Elem: b}, v.ro()|flagIndir)
		return []value.Value{r}, ok
	}
	m.Unsupported("reflect.Value.Index of a " + kindName(v.t))
	return nil, false
}

// valueElem is Value.Elem of an interface (the Value of its dynamic
// value) or of a pointer (the Value it points at; the zero Value for nil).
func valueElem(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := valueParts(m, a[0], "Elem")
	if !ok {
		return nil, false
	}
	switch u := v.t.Underlying().(type) {
	case *types.Interface:
		p, ok := addressed(m, v, "Elem")
		if !ok {
			return nil, false
		}
		rs, ok := unpackEface(m, fn, []value.Value{m.Load(p)})
		if !ok {
			return nil, false
		}
		r := rs[0].(value.Struct)
		if f := r.Fields[2].(value.Scalar).E; f.IsConst() && f.Value() != 0 {
			r = value.Struct{Fields: []value.Value{r.Fields[0], r.Fields[1], value.Scalar{E: expr.Const(64, f.Value()|v.ro())}}}
		}
		return []value.Value{r}, true
	case *types.Pointer:
		ptr := v.ptr
		if v.flag&flagIndir != 0 {
			p, ok := addressed(m, v, "Elem")
			if !ok {
				return nil, false
			}
			ptr = value.UnsafePointer{Ptr: m.Load(p).(value.Pointer), Elem: u.Elem()}
		}
		isNil := expr.Not(ptr.Ptr.NonNil)
		if isNil.IsTrue() {
			return []value.Value{value.Zero(fn.Signature.Results().At(0).Type())}, true
		}
		if !isNil.IsFalse() && !m.Require(ptr.Ptr.NonNil, "pointer != nil", func(bad Machine) {
			bad.Unsupported("reflect.Value.Elem of a pointer that may be nil")
		}) {
			return nil, false
		}
		r, ok := makeValue(m, u.Elem(), value.UnsafePointer{Ptr: ptr.Ptr, Elem: u.Elem()}, v.flag&flagRO|flagIndir|flagAddr)
		return []value.Value{r}, ok
	}
	m.Unsupported("reflect.Value.Elem of a " + kindName(v.t))
	return nil, false
}

// valueSet is reflect's and reflectlite's (Value).Set(x): x's value,
// converted to v's type as assignment does, stored where v points. A v
// that Go would refuse (not addressable, or read-only) stops the path
// rather than reproduce reflect's panic.
func valueSet(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := decodeValue(m, a[0].(value.Struct))
	if !ok {
		return nil, false
	}
	t := v.t
	if v.flag&flagAddr == 0 || v.flag&flagRO != 0 || v.flag&flagMethod != 0 {
		m.Unsupported("reflect Set of a Value that is not assignable")
		return nil, false
	}
	x, ok := valueInterface(m, a[1].(value.Struct))
	if !ok {
		return nil, false
	}
	if !types.AssignableTo(x.Type, t) {
		m.Unsupported("reflect Set of a " + x.Type.String() + " into a " + t.String())
		return nil, false
	}
	var val value.Value = x
	if _, isIface := t.Underlying().(*types.Interface); !isIface {
		val = x.Value
	}
	p, ok := valuePointer(m, v.ptr, t)
	if !ok {
		return nil, false
	}
	m.Store(p, val)
	return nil, true
}
