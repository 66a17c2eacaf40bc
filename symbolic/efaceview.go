package symbolic

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
// type word is a descriptor of typedesc.go; the data word is an
// unsafe.Pointer to a copy of the value (or the pointer itself, for the
// types gc stores directly). What these models cannot represent (a map or
// a func in a data word) stops the path with the case named.

// reflect's and reflectlite's Value flags (reflect/value.go).
const (
	flagKindMask = 1<<5 - 1
	flagIndir    = 1 << 7
	flagAddr     = 1 << 8
	flagMethod   = 1 << 9
	flagRO       = 1<<5 | 1<<6
)

func efaceModels() map[string]model {
	return map[string]model{
		"internal/abi.TypeOf":                abiTypeOf,
		"(*internal/abi.Type).IsDirectIface": abiIsDirectIface,
		"reflect.unpackEface":                unpackEface,
		"internal/reflectlite.unpackEface":   unpackEface,
		"reflect.packEface":                  packEface,
		"internal/reflectlite.packEface":     packEface,
		"(reflect.Value).Set":                valueSet,
		"(internal/reflectlite.Value).Set":   valueSet,
		"reflect.toRType":                    reflectToRType,
		"runtime.efaceOf":                    runtimeEfaceOf,
		"runtime.nilinterequal":              descriptorEqual,
		"runtime.nilinterhash":               descriptorHash,
		"internal/sync.runtime_rand":         hashSeed,
	}
}

func abiTypeOf(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t := a[0].(value.Interface).Type
	if t == nil {
		return []value.Value{value.NilPointer}, true
	}
	p, ok := e.descriptor(s, t)
	return []value.Value{p}, ok
}

// descriptorArg gives the Go type of a *abi.Type argument, stopping the
// path when it is not a descriptor the executor made.
func (e *Engine) descriptorArg(s *State, v value.Value) (types.Type, bool) {
	p, ok := v.(value.Pointer)
	if !ok {
		e.unsupported(s, "type descriptor the executor did not make")
		return nil, false
	}
	if !e.modelNonNil(s, p.NonNil, "pointer") {
		return nil, false
	}
	t := describedType(s, p)
	if t == nil {
		e.unsupported(s, "type descriptor the executor did not make")
		return nil, false
	}
	return t, true
}

func abiIsDirectIface(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t, ok := e.descriptorArg(s, a[0])
	if !ok {
		return nil, false
	}
	return []value.Value{value.Scalar{E: expr.BoolConst(directIface(t))}}, true
}

// unpackEface is reflect's (and reflectlite's) unpackEface(i any) Value:
// the descriptor of i's dynamic type, a pointer to its value, and the
// kind and indirection flags.
func unpackEface(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	i := a[0].(value.Interface)
	valueType := fn.Signature.Results().At(0).Type()
	if i.Type == nil {
		return []value.Value{value.Zero(valueType)}, true
	}
	desc, ok := e.descriptor(s, i.Type)
	if !ok {
		return nil, false
	}
	flag := uint64(value.ReflectKind(i.Type))
	var data value.UnsafePointer
	switch {
	case !directIface(i.Type):
		flag |= flagIndir
		id := s.mem.Alloc(&value.Object{Type: i.Type, Value: i.Value})
		data = value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: id}, Elem: i.Type}
	default:
		w, ok := dataWord(i)
		if !ok {
			e.unsupported(s, "reflect.Value of a "+kindName(i.Type)+" (a data word the executor does not model)")
			return nil, false
		}
		data = w
	}
	return []value.Value{value.Struct{Fields: []value.Value{desc, data, value.Scalar{E: expr.Const(64, flag)}}}}, true
}

// dataWord is the data word of an interface holding a pointer or an
// unsafe.Pointer, which gc stores directly; ok is false for the other
// direct types (maps, chans, funcs, one-pointer structs and arrays), whose
// words the executor does not model.
func dataWord(i value.Interface) (value.UnsafePointer, bool) {
	if u, ok := i.Value.(value.UnsafePointer); ok && isUnsafePointer(i.Type) {
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
func packEface(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	i, ok := e.valueInterface(s, a[0].(value.Struct))
	if !ok {
		return nil, false
	}
	return []value.Value{i}, true
}

// valueInterface is the interface value a reflect (or reflectlite) Value
// holds, as packEface makes it.
func (e *Engine) valueInterface(s *State, v value.Struct) (value.Interface, bool) {
	rv, ok := e.decodeValue(s, v)
	if !ok {
		return value.Interface{}, false
	}
	t, flag, ptr := rv.t, rv.flag, rv.ptr
	switch {
	case !directIface(t) && flag&flagIndir == 0:
		e.panicString(s, "bad indir")
		return value.Interface{}, false
	case !directIface(t), flag&flagIndir != 0:
		p, ok := e.reinterpret(s, ptr, t)
		if !ok {
			e.unsupported(s, "reflect.Value whose pointer does not address a "+t.String())
			return value.Interface{}, false
		}
		if !e.modelNonNil(s, p.NonNil, "reflect.Value's pointer") {
			return value.Interface{}, false
		}
		return value.Interface{Type: t, Value: e.load(s, p)}, true
	case isUnsafePointer(t):
		return value.Interface{Type: t, Value: ptr}, true
	}
	pt, isPtr := t.Underlying().(*types.Pointer)
	if !isPtr || ptr.Elem == nil || !types.Identical(ptr.Elem, pt.Elem()) {
		if ptr.Elem == nil && isPtr {
			return value.Interface{Type: t, Value: value.NilPointer}, true
		}
		e.unsupported(s, "reflect.Value of a "+kindName(t)+" (a data word the executor does not model)")
		return value.Interface{}, false
	}
	return value.Interface{Type: t, Value: ptr.Ptr}, true
}

// valueSet is reflect's and reflectlite's (Value).Set(x): x's value,
// converted to v's type as assignment does, stored where v points. A v
// that Go would refuse (not addressable, or read-only) stops the path
// rather than reproduce reflect's panic.
func valueSet(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	v := a[0].(value.Struct)
	t, ok := e.descriptorArg(s, v.Fields[0])
	if !ok {
		return nil, false
	}
	flag, ok := e.concretize(s, v.Fields[2].(value.Scalar).E, "flags of a reflect.Value")
	if !ok {
		return nil, false
	}
	if flag.Value()&flagAddr == 0 || flag.Value()&flagRO != 0 || flag.Value()&flagMethod != 0 {
		e.unsupported(s, "reflect Set of a Value that is not assignable")
		return nil, false
	}
	x, ok := e.valueInterface(s, a[1].(value.Struct))
	if !ok {
		return nil, false
	}
	if !types.AssignableTo(x.Type, t) {
		e.unsupported(s, "reflect Set of a "+x.Type.String()+" into a "+t.String())
		return nil, false
	}
	var val value.Value = x
	if _, isIface := t.Underlying().(*types.Interface); !isIface {
		val = x.Value
	}
	p, ok := e.reinterpret(s, v.Fields[1].(value.UnsafePointer), t)
	if !ok {
		e.unsupported(s, "reflect.Value whose pointer does not address a "+t.String())
		return nil, false
	}
	if !e.modelNonNil(s, p.NonNil, "reflect.Value's pointer") {
		return nil, false
	}
	e.store(s, p, val)
	return nil, true
}

// reflectToRType is reflect's toRType(t *abi.Type) *rtype, which gives the
// executor's reflect type for a descriptor (reflecttype.go).
func reflectToRType(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.Pointer)
	if p.NonNil.IsFalse() {
		return []value.Value{value.NilPointer}, true
	}
	t, ok := e.descriptorArg(s, p)
	if !ok {
		return nil, false
	}
	return []value.Value{reflectRType(s, fn.Pkg.Pkg, t)}, true
}

// runtimeEfaceOf is runtime.efaceOf(ep *any) *eface as the runtime's
// initialiser uses it: to read the type word of a package variable. The
// model gives a new eface holding the words, which writes through the
// result would not reach, so it serves only runtime.init, which only
// reads.
func runtimeEfaceOf(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	if caller := s.stack[len(s.stack)-1].fn; caller.String() != "runtime.init" {
		e.unsupported(s, "runtime.efaceOf outside runtime's initialiser")
		return nil, false
	}
	p := a[0].(value.Pointer)
	if !e.modelNonNil(s, p.NonNil, "pointer") {
		return nil, false
	}
	i := e.load(s, p).(value.Interface)
	var typeWord value.Value = value.NilPointer
	data := value.NilUnsafePointer
	if i.Type != nil {
		desc, ok := e.descriptor(s, i.Type)
		if !ok {
			return nil, false
		}
		typeWord = desc
		if directIface(i.Type) {
			w, ok := dataWord(i)
			if !ok {
				e.unsupported(s, "data word of a "+kindName(i.Type))
				return nil, false
			}
			data = w
		} else {
			id := s.mem.Alloc(&value.Object{Type: i.Type, Value: i.Value})
			data = value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: id}, Elem: i.Type}
		}
	}
	eface := fn.Signature.Results().At(0).Type().(*types.Pointer).Elem()
	id := s.mem.Alloc(&value.Object{Type: eface, Value: value.Struct{Fields: []value.Value{typeWord, data}}})
	return []value.Value{value.Pointer{NonNil: expr.True, Obj: id}}, true
}

// descriptorEqual is a descriptor's Equal function (runtime.nilinterequal,
// which is what gc gives interface types): whether the values its two
// arguments address are equal, with Go's panic for uncomparable dynamic
// types.
func descriptorEqual(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	x, y := a[0].(value.UnsafePointer), a[1].(value.UnsafePointer)
	if x.Elem == nil || y.Elem == nil || !types.Identical(x.Elem, y.Elem) {
		e.unsupported(s, "equality through unsafe.Pointers of different types")
		return nil, false
	}
	if !e.modelNonNil(s, x.Ptr.NonNil, "pointer") || !e.modelNonNil(s, y.Ptr.NonNil, "pointer") {
		return nil, false
	}
	eq, ok := e.equal(s, e.load(s, x.Ptr), e.load(s, y.Ptr), x.Elem)
	if !ok {
		return nil, false
	}
	return []value.Value{value.Scalar{E: eq}}, true
}

// descriptorHash is a map descriptor's Hasher (runtime.nilinterhash). Its
// result is a constant: every key collides, which hash tables (here
// internal/sync's HashTrieMap behind sync.Map) resolve by comparing keys,
// so what they store and find is Go's; only the order of a Range, which
// Go randomises per process, differs. A key Go cannot hash panics as in
// Go; one holding interfaces inside (whose dynamic types could be
// unhashable) stops the path.
func descriptorHash(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.UnsafePointer)
	if p.Elem == nil {
		e.unsupported(s, "hash through a nil unsafe.Pointer")
		return nil, false
	}
	if !e.modelNonNil(s, p.Ptr.NonNil, "hashed key's pointer") {
		return nil, false
	}
	t := p.Elem
	if _, isIface := t.Underlying().(*types.Interface); isIface {
		t = e.load(s, p.Ptr).(value.Interface).Type
	}
	switch {
	case t == nil:
	case !types.Comparable(t):
		e.runtimePanic(s, PanicOther, "hash of unhashable type "+types.TypeString(t, (*types.Package).Name))
		return nil, false
	case holdsInterface(t, 0):
		e.unsupported(s, "hash of a value holding interfaces")
		return nil, false
	}
	return []value.Value{value.Scalar{E: expr.Const(64, 0)}}, true
}

// holdsInterface reports whether a value of t has an interface inside
// (not behind a pointer).
func holdsInterface(t types.Type, depth int) bool {
	if depth > 16 {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Array:
		return holdsInterface(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsInterface(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// hashSeed is internal/sync's runtime_rand, which seeds only the Hasher
// descriptorHash models as a constant.
func hashSeed(_ *Engine, _ *State, _ *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	return one(expr.Const(64, 0)), true
}

// kindName is reflect's name for t's kind.
func kindName(t types.Type) string {
	names := []string{"invalid", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr",
		"float32", "float64", "complex64", "complex128", "array", "chan", "func", "interface", "map", "ptr", "slice", "string", "struct", "unsafe.Pointer"}
	return names[value.ReflectKind(t)]
}

// modelNonNil lets s continue only where a pointer a model dereferences is
// not nil; what names it in the path's pins.
func (e *Engine) modelNonNil(s *State, nonNil expr.Expr, what string) bool {
	return e.require(s, nonNil, what+" != nil", func(bad *State) {
		e.runtimePanic(bad, PanicNilDeref, nilDerefMessage)
	})
}
