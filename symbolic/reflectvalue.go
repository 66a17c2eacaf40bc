package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// reflect.Value's methods that step into a value (Field, Index, Elem) and
// measure it (NumField, Len) cast its type descriptor to reflect's
// structType, sliceType and ptrType, which wrap abi's and so have a layout
// the executor's descriptors (typedesc.go) do not, and add offsets to its
// pointer. fmt calls them to print structs, slices and arrays, so they
// are modelled on go/types: a Value is (descriptor, unsafe.Pointer to the
// value, flags), as unpackEface makes it (efaceview.go), and a step gives
// the pointer to the field or element by its path in the executor's
// memory. A case the models do not cover (a direct struct or array, a map)
// stops the path with the case named; Go's panics for wrong kinds are not
// reproduced but stop the path as well.

const (
	flagStickyRO = 1 << 5
	flagEmbedRO  = 1 << 6
)

func reflectValueModels() map[string]model {
	return map[string]model{
		"(reflect.Value).NumField": valueNumField,
		"(reflect.Value).Field":    valueField,
		"(reflect.Value).Len":      valueLen,
		// sort.Slice reaches its slice's length through reflectlite's
		// Value (package models has the Swapper it reaches the elements by).
		"(internal/reflectlite.Value).Len": valueLen,
		"(reflect.Value).Index":            valueIndex,
		"(reflect.Value).Elem":             valueElem,
		"(*reflect.rtype).Elem":            reflectElem,
	}
}

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
func (e *Engine) valueParts(s *State, a value.Value, method string) (reflectValue, bool) {
	v := a.(value.Struct)
	if p, ok := v.Fields[0].(value.Pointer); ok && p.NonNil.IsFalse() {
		e.unsupported(s, "reflect.Value."+method+" of the zero Value")
		return reflectValue{}, false
	}
	return e.decodeValue(s, v)
}

// decodeValue reads a reflect.Value's three words: the type descriptor,
// the data pointer and the flags (made concrete).
func (e *Engine) decodeValue(s *State, v value.Struct) (reflectValue, bool) {
	t, ok := e.descriptorArg(s, v.Fields[0])
	if !ok {
		return reflectValue{}, false
	}
	flag, ok := e.concretize(s, v.Fields[2].(value.Scalar).E, "flags of a reflect.Value")
	if !ok {
		return reflectValue{}, false
	}
	return reflectValue{t: t, ptr: v.Fields[1].(value.UnsafePointer), flag: flag.Value()}, true
}

// makeValue builds a reflect.Value of type t at pointer p.
func (e *Engine) makeValue(s *State, t types.Type, p value.UnsafePointer, flag uint64) (value.Value, bool) {
	desc, ok := e.descriptor(s, t)
	if !ok {
		return nil, false
	}
	return value.Struct{Fields: []value.Value{desc, p, value.Scalar{E: expr.Const(64, flag|uint64(value.ReflectKind(t)))}}}, true
}

// addressed gives the memory pointer a Value's unsafe.Pointer addresses
// (its value lies behind the pointer: flagIndir).
func (e *Engine) addressed(s *State, v reflectValue, method string) (value.Pointer, bool) {
	if v.flag&flagIndir == 0 {
		e.unsupported(s, "reflect.Value."+method+" of a "+kindName(v.t)+" stored directly")
		return value.Pointer{}, false
	}
	p, ok := e.reinterpret(s, v.ptr, v.t)
	if !ok {
		e.unsupported(s, "reflect.Value whose pointer does not address a "+v.t.String())
		return value.Pointer{}, false
	}
	if !e.modelNonNil(s, p.NonNil, "reflect.Value's pointer") {
		return value.Pointer{}, false
	}
	return p, true
}

func valueNumField(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := e.valueParts(s, a[0], "NumField")
	if !ok {
		return nil, false
	}
	st, isStruct := v.t.Underlying().(*types.Struct)
	if !isStruct {
		e.unsupported(s, "reflect.Value.NumField of a "+kindName(v.t))
		return nil, false
	}
	return one(expr.Const(64, uint64(st.NumFields()))), true
}

func valueField(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := e.valueParts(s, a[0], "Field")
	if !ok {
		return nil, false
	}
	st, isStruct := v.t.Underlying().(*types.Struct)
	if !isStruct {
		e.unsupported(s, "reflect.Value.Field of a "+kindName(v.t))
		return nil, false
	}
	i, ok := e.concretize(s, a[1].(value.Scalar).E, "field index of reflect.Value.Field")
	if !ok {
		return nil, false
	}
	if i.Value() >= uint64(st.NumFields()) {
		e.panicString(s, "reflect: Field index out of range")
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
	p, ok := e.addressed(s, v, "Field")
	if !ok {
		return nil, false
	}
	fp := value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(int(i.Value()))}, Elem: field.Type()}
	r, ok := e.makeValue(s, field.Type(), fp, fl)
	return []value.Value{r}, ok
}

func valueLen(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := e.valueParts(s, a[0], "Len")
	if !ok {
		return nil, false
	}
	switch u := v.t.Underlying().(type) {
	case *types.Array:
		return one(expr.Const(64, uint64(u.Len()))), true
	case *types.Slice:
		p, ok := e.addressed(s, v, "Len")
		if !ok {
			return nil, false
		}
		return one(e.load(s, p).(value.Slice).Len), true
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			p, ok := e.addressed(s, v, "Len")
			if !ok {
				return nil, false
			}
			return one(e.load(s, p).(value.String).Len), true
		}
	}
	e.unsupported(s, "reflect.Value.Len of a "+kindName(v.t))
	return nil, false
}

func valueIndex(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := e.valueParts(s, a[0], "Index")
	if !ok {
		return nil, false
	}
	i := expr.Resize(a[1].(value.Scalar).E, 64, true)
	outOfRange := func(what string) func(*State) {
		return func(bad *State) {
			e.panicString(bad, "reflect: "+what+" index out of range")
		}
	}
	switch u := v.t.Underlying().(type) {
	case *types.Array:
		if !e.require(s, expr.Ult(i, expr.Const(64, uint64(u.Len()))), "reflect index in range", outOfRange("array")) {
			return nil, false
		}
		k, ok := e.concretize(s, i, "index of reflect.Value.Index")
		if !ok {
			return nil, false
		}
		p, ok := e.addressed(s, v, "Index")
		if !ok {
			return nil, false
		}
		ep := value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(int(k.Value()))}, Elem: u.Elem()}
		r, ok := e.makeValue(s, u.Elem(), ep, v.flag&(flagIndir|flagAddr)|v.ro())
		return []value.Value{r}, ok
	case *types.Slice:
		p, ok := e.addressed(s, v, "Index")
		if !ok {
			return nil, false
		}
		sl := e.load(s, p).(value.Slice)
		if !e.require(s, expr.Ult(i, sl.Len), "reflect index in range", outOfRange("slice")) {
			return nil, false
		}
		k, ok := e.concretize(s, i, "index of reflect.Value.Index")
		if !ok {
			return nil, false
		}
		ep := value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: sl.Obj, Path: sl.Base.With(sl.Offset + int(k.Value()))}, Elem: u.Elem()}
		r, ok := e.makeValue(s, u.Elem(), ep, flagAddr|flagIndir|v.ro())
		return []value.Value{r}, ok
	case *types.Basic:
		if u.Info()&types.IsString == 0 {
			break
		}
		p, ok := e.addressed(s, v, "Index")
		if !ok {
			return nil, false
		}
		str := e.load(s, p).(value.String)
		if !e.require(s, expr.Ult(i, str.Len), "reflect index in range", outOfRange("string")) {
			return nil, false
		}
		k, ok := e.concretize(s, i, "index of reflect.Value.Index")
		if !ok {
			return nil, false
		}
		b := types.Typ[types.Uint8]
		id := s.mem.Alloc(&value.Object{Type: b, Value: value.Scalar{E: str.Bytes[k.Value()]}})
		r, ok := e.makeValue(s, b, value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: id}, Elem: b}, v.ro()|flagIndir)
		return []value.Value{r}, ok
	}
	e.unsupported(s, "reflect.Value.Index of a "+kindName(v.t))
	return nil, false
}

func valueElem(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v, ok := e.valueParts(s, a[0], "Elem")
	if !ok {
		return nil, false
	}
	switch u := v.t.Underlying().(type) {
	case *types.Interface:
		p, ok := e.addressed(s, v, "Elem")
		if !ok {
			return nil, false
		}
		rs, ok := unpackEface(e, s, fn, []value.Value{e.load(s, p)})
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
			p, ok := e.addressed(s, v, "Elem")
			if !ok {
				return nil, false
			}
			ptr = value.UnsafePointer{Ptr: e.load(s, p).(value.Pointer), Elem: u.Elem()}
		}
		isNil := expr.Not(ptr.Ptr.NonNil)
		if isNil.IsTrue() {
			return []value.Value{value.Zero(fn.Signature.Results().At(0).Type())}, true
		}
		if !isNil.IsFalse() && !e.require(s, ptr.Ptr.NonNil, "pointer != nil", func(bad *State) {
			e.unsupported(bad, "reflect.Value.Elem of a pointer that may be nil")
		}) {
			return nil, false
		}
		r, ok := e.makeValue(s, u.Elem(), value.UnsafePointer{Ptr: ptr.Ptr, Elem: u.Elem()}, v.flag&flagRO|flagIndir|flagAddr)
		return []value.Value{r}, ok
	}
	e.unsupported(s, "reflect.Value.Elem of a "+kindName(v.t))
	return nil, false
}

// reflectElem is (*reflect.rtype).Elem on go/types.
func reflectElem(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t := reflectRTypeOf(s, a[0].(value.Pointer))
	if t == nil {
		e.unsupported(s, "reflection on a type the executor did not make")
		return nil, false
	}
	elem, ok := value.ElemType(t)
	if !ok {
		e.unsupported(s, "reflect Elem of a "+kindName(t)+" (Go panics)")
		return nil, false
	}
	rt := fn.Pkg.Pkg.Scope().Lookup("rtype").Type()
	return []value.Value{value.Interface{Type: types.NewPointer(rt), Value: reflectRType(s, fn.Pkg.Pkg, elem)}}, true
}
