package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"

	"golang.org/x/tools/go/ssa"
)

// internal/reflectlite reads type descriptors through unsafe casts of
// interface words, which the executor does not have. The little of it that
// errors needs is modelled on go/types: TypeOf gives a reflectlite.rtype
// whose descriptor is an Opaque carrying the types.Type, and Elem and
// Comparable answer from it. errors.Is (which asks whether its target is
// comparable) and errors's initialiser (which computes the error
// interface's type) run then; anything else on a descriptor stops the path,
// as Opaque values do.

// typeDescriptor is the Opaque a modelled rtype holds.
const typeDescriptor = "type descriptor"

func reflectliteModels() map[string]model {
	return map[string]model{
		"internal/reflectlite.TypeOf":             reflectliteTypeOf,
		"(internal/reflectlite.rtype).Elem":       rtypeElem,
		"(internal/reflectlite.rtype).Comparable": rtypeComparable,
	}
}

// rtypeOf wraps t as a reflectlite.Type interface value (of dynamic type
// rtype), in the package that declares fn.
func rtypeOf(fn *ssa.Function, t types.Type) Value {
	if t == nil {
		return Interface{}
	}
	rt := fn.Pkg.Pkg.Scope().Lookup("rtype").Type()
	field := rt.Underlying().(*types.Struct).Field(0).Type() // *abi.Type
	return Interface{Type: rt, Value: Struct{Fields: []Value{Opaque{Type: field, Reason: typeDescriptor, Go: t}}}}
}

// descriptorOf gives the types.Type an rtype receiver holds.
func descriptorOf(v Value) (types.Type, bool) {
	st, ok := v.(Struct)
	if !ok || len(st.Fields) != 1 {
		return nil, false
	}
	o, ok := st.Fields[0].(Opaque)
	if !ok || o.Reason != typeDescriptor {
		return nil, false
	}
	t, ok := o.Go.(types.Type)
	return t, ok
}

func reflectliteTypeOf(_ *Engine, _ *State, fn *ssa.Function, a []Value) ([]Value, bool) {
	return []Value{rtypeOf(fn, a[0].(Interface).Type)}, true
}

func rtypeElem(e *Engine, s *State, fn *ssa.Function, a []Value) ([]Value, bool) {
	t, ok := descriptorOf(a[0])
	if !ok {
		e.unsupported(s, "reflectlite type without a descriptor")
		return nil, false
	}
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		elem = u.Elem()
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Map:
		elem = u.Elem()
	case *types.Chan:
		elem = u.Elem()
	default:
		e.raise(s, &panicking{value: Interface{Type: types.Typ[types.String], Value: stringConst("reflect: Elem of invalid type " + t.String())}, kind: PanicExplicit})
		return nil, false
	}
	return []Value{rtypeOf(fn, elem)}, true
}

func rtypeComparable(e *Engine, s *State, fn *ssa.Function, a []Value) ([]Value, bool) {
	t, ok := descriptorOf(a[0])
	if !ok {
		e.unsupported(s, "reflectlite type without a descriptor")
		return nil, false
	}
	return []Value{Scalar{expr.BoolConst(types.Comparable(t))}}, true
}
