package models

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// reflect's and internal/reflectlite's types, answered on go/types.
//
// reflectlite's rtype is a struct holding an *abi.Type, one of the
// executor's type descriptors; its TypeOf runs from its Go body over the
// abi.TypeOf model. Elem and Comparable are modelled (Comparable's body
// reads the descriptor's Equal, and Elem's panic message needs the
// type's name, which descriptors do not hold), as are Implements and
// AssignableTo, so that errors.Is and errors.As run. Any other method
// reads the descriptor, and stops where it reaches a field the executor
// does not fill.
//
// reflect's rtype is reached from an *abi.Type by an unsafe cast that
// the descriptors cannot follow. So a reflect type is an object of its
// own, one per type (Machine.ReflectType): reflect.TypeOf gives it, and
// Kind, String, Elem, Implements and AssignableTo answer from it (what
// fmt and spf13/cast ask). Every other method of *reflect.rtype stops the path,
// so nothing reads inside it.
func reflectModels() map[string]Func {
	return map[string]Func{
		"(internal/reflectlite.rtype).Elem":         rtypeElem,
		"(internal/reflectlite.rtype).Comparable":   rtypeComparable,
		"(internal/reflectlite.rtype).Implements":   implementsModel(liteType),
		"(internal/reflectlite.rtype).AssignableTo": assignableToModel(liteType),
		"reflect.TypeOf":                            reflectTypeOf,
		"(*reflect.rtype).Kind":                     rtypeKind,
		"(*reflect.rtype).String":                   rtypeString,
		"(*reflect.rtype).Elem":                     reflectElem,
		"(*reflect.rtype).Implements":               implementsModel(Machine.ReflectTypeOf),
		"(*reflect.rtype).AssignableTo":             assignableToModel(Machine.ReflectTypeOf),
	}
}

// reflectMethodModel is the model of a method of *reflect.rtype that has
// none of its own: it stops the path.
func reflectMethodModel(fn *ssa.Function) Func {
	recv := fn.Signature.Recv()
	if recv == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "reflect" {
		return nil
	}
	if p, ok := recv.Type().(*types.Pointer); !ok || !value.IsNamed(p.Elem(), "reflect", "rtype") {
		return nil
	}
	return func(m Machine, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
		m.Unsupported("reflection (" + fn.String() + ")")
		return nil, false
	}
}

// liteRType gives t as a reflectlite.Type interface value (of dynamic type
// rtype), in the package that declares fn.
func liteRType(m Machine, fn *ssa.Function, t types.Type) (value.Value, bool) {
	desc, ok := m.Descriptor(t)
	if !ok {
		return nil, false
	}
	rt := fn.Pkg.Pkg.Scope().Lookup("rtype").Type()
	return value.Interface{Type: rt, Value: value.Struct{Fields: []value.Value{desc}}}, true
}

// liteType gives the Go type a reflectlite rtype value describes.
func liteType(m Machine, v value.Value) (types.Type, bool) {
	st, ok := v.(value.Struct)
	if !ok || len(st.Fields) != 1 {
		m.Unsupported("reflectlite type without a descriptor")
		return nil, false
	}
	return m.DescribedType(st.Fields[0])
}

func rtypeElem(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t, ok := liteType(m, a[0])
	if !ok {
		return nil, false
	}
	elem, ok := value.ElemType(t)
	if !ok {
		m.Panic("reflect: Elem of invalid type " + types.TypeString(t, (*types.Package).Name))
		return nil, false
	}
	r, ok := liteRType(m, fn, elem)
	if !ok {
		return nil, false
	}
	return []value.Value{r}, true
}

func rtypeComparable(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t, ok := liteType(m, a[0])
	if !ok {
		return nil, false
	}
	return []value.Value{value.Scalar{E: expr.BoolConst(types.Comparable(t))}}, true
}

func reflectTypeOf(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	dyn := a[0].(value.Interface).Type
	if dyn == nil {
		return []value.Value{value.Interface{}}, true
	}
	return []value.Value{reflectTypeValue(m, fn, dyn)}, true
}

// reflectTypeValue gives t as a reflect.Type interface value (of dynamic
// type *rtype), in the reflect package that declares fn.
func reflectTypeValue(m Machine, fn *ssa.Function, t types.Type) value.Value {
	rt := fn.Pkg.Pkg.Scope().Lookup("rtype").Type()
	return value.Interface{Type: types.NewPointer(rt), Value: m.ReflectType(fn.Pkg.Pkg, t)}
}

// reflectElem is (*reflect.rtype).Elem on go/types. Go panics on a type
// without elements; that stops the path instead.
func reflectElem(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t, ok := m.ReflectTypeOf(a[0])
	if !ok {
		return nil, false
	}
	elem, ok := value.ElemType(t)
	if !ok {
		m.Unsupported("reflect Elem of a " + kindName(t) + " (Go panics)")
		return nil, false
	}
	return []value.Value{reflectTypeValue(m, fn, elem)}, true
}

func rtypeKind(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t, ok := m.ReflectTypeOf(a[0])
	if !ok {
		return nil, false
	}
	return []value.Value{value.Scalar{E: expr.Const(64, uint64(value.ReflectKind(t)))}}, true
}

// rtypeString is (*reflect.rtype).String on go/types, what fmt's %T and
// its bad-verb messages print.
func rtypeString(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t, ok := m.ReflectTypeOf(a[0])
	if !ok {
		return nil, false
	}
	str, ok := value.ReflectTypeString(t)
	if !ok {
		m.Unsupported("reflection ((*reflect.rtype).String of " + t.String() + ")")
		return nil, false
	}
	return []value.Value{value.StringConst(str)}, true
}

// implementsModel is an rtype's Implements(u Type), on go/types, for
// reflectlite's rtypes or reflect's (typeOf reads the Go type of either).
func implementsModel(typeOf rtypeReader) Func {
	return func(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
		t, u, ok := rtypePair(m, a, "Implements", typeOf)
		if !ok {
			return nil, false
		}
		iface, isIface := u.Underlying().(*types.Interface)
		if !isIface {
			m.Panic("reflect: non-interface type passed to Type.Implements")
			return nil, false
		}
		return []value.Value{value.Scalar{E: expr.BoolConst(types.Implements(t, iface))}}, true
	}
}

// assignableToModel is an rtype's AssignableTo(u Type): Go's
// assignability of a value of t to u, on go/types.
func assignableToModel(typeOf rtypeReader) Func {
	return func(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
		t, u, ok := rtypePair(m, a, "AssignableTo", typeOf)
		if !ok {
			return nil, false
		}
		return []value.Value{value.Scalar{E: expr.BoolConst(types.AssignableTo(t, u))}}, true
	}
}

// rtypeReader gives the Go type an rtype value stands for, or stops the
// path.
type rtypeReader func(m Machine, v value.Value) (types.Type, bool)

// rtypePair gives the types of an rtype receiver and of its Type
// argument, panicking as reflect does on a nil argument.
func rtypePair(m Machine, a []value.Value, method string, typeOf rtypeReader) (t, u types.Type, ok bool) {
	t, ok = typeOf(m, a[0])
	if !ok {
		return nil, nil, false
	}
	arg := a[1].(value.Interface)
	if arg.Type == nil {
		m.Panic("reflect: nil type passed to Type." + method)
		return nil, nil, false
	}
	u, ok = typeOf(m, arg.Value)
	return t, u, ok
}

// hashTrieIterModel stops the iteration of internal/sync's HashTrieMap
// (sync.Map's Range): its order follows the keys' hashes, which Go seeds
// at random and the executor's hash of descriptors makes constant, so no
// test may rest on it.
func hashTrieIterModel(fn *ssa.Function) Func {
	orig := fn
	if fn.Origin() != nil {
		orig = fn.Origin()
	}
	if orig.Pkg == nil || orig.Pkg.Pkg.Path() != "internal/sync" || orig.Name() != "iter" || orig.Signature.Recv() == nil {
		return nil
	}
	return func(m Machine, _ *ssa.Function, _ []value.Value) ([]value.Value, bool) {
		m.Unsupported("iteration over a sync.Map (Go's order is random)")
		return nil, false
	}
}
