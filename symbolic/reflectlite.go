package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"

	"golang.org/x/tools/go/ssa"
)

// internal/reflectlite's rtype is a struct holding an *abi.Type; its
// TypeOf runs from its Go body over the abi.TypeOf model, so an rtype holds
// a descriptor of typedesc.go. Elem and Comparable are modelled on go/types
// (Comparable's body reads the descriptor's Equal, and Elem's panic
// message needs the type's name, which descriptors do not hold), as are
// Implements and AssignableTo (efaceview.go), so errors.Is and errors.As
// run; any other method reads the descriptor and stops where it reaches a
// field the executor does not fill.

func reflectliteModels() map[string]model {
	return map[string]model{
		"(internal/reflectlite.rtype).Elem":       rtypeElem,
		"(internal/reflectlite.rtype).Comparable": rtypeComparable,
		// sort.Slice reaches its slice's length through reflectlite's
		// Value (package models has the Swapper it reaches the elements by).
		"(internal/reflectlite.Value).Len": valueLen,
	}
}

// liteRType gives t as a reflectlite.Type interface value (of dynamic type
// rtype), in the package that declares fn.
func (e *Engine) liteRType(s *State, fn *ssa.Function, t types.Type) (value.Value, bool) {
	desc, ok := e.descriptor(s, t)
	if !ok {
		return nil, false
	}
	rt := fn.Pkg.Pkg.Scope().Lookup("rtype").Type()
	return value.Interface{Type: rt, Value: value.Struct{Fields: []value.Value{desc}}}, true
}

// liteDescriptor gives the Go type a reflectlite rtype value describes.
func (e *Engine) liteDescriptor(s *State, v value.Value) (types.Type, bool) {
	st, ok := v.(value.Struct)
	if !ok || len(st.Fields) != 1 {
		e.unsupported(s, "reflectlite type without a descriptor")
		return nil, false
	}
	return e.descriptorArg(s, st.Fields[0])
}

func rtypeElem(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t, ok := e.liteDescriptor(s, a[0])
	if !ok {
		return nil, false
	}
	elem, ok := elemType(t)
	if !ok {
		e.raise(s, &panicking{value: value.Interface{Type: types.Typ[types.String], Value: value.StringConst("reflect: Elem of invalid type " + types.TypeString(t, (*types.Package).Name))}, kind: PanicExplicit})
		return nil, false
	}
	r, ok := e.liteRType(s, fn, elem)
	if !ok {
		return nil, false
	}
	return []value.Value{r}, true
}

func rtypeComparable(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t, ok := e.liteDescriptor(s, a[0])
	if !ok {
		return nil, false
	}
	return []value.Value{value.Scalar{E: expr.BoolConst(types.Comparable(t))}}, true
}

// elemType is the element type of a pointer, slice, array, map or channel
// type, what reflect's Type.Elem gives; ok is false for other kinds, on
// which Elem panics.
func elemType(t types.Type) (elem types.Type, ok bool) {
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
