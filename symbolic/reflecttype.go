package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// reflect.TypeOf reads the type word of an interface through unsafe, and
// its methods read type descriptors the executor does not have. The part
// fmt needs to print (reflect.TypeOf(arg).Kind()) is modelled on go/types:
// TypeOf gives a *reflect.rtype whose object holds a descriptor Opaque
// carrying the types.Type, and Kind answers from it. Every other method of
// *reflect.rtype stops the path (reflectMethodModel), so nothing reads
// inside the descriptor.

func reflectModels() map[string]model {
	return map[string]model{
		"reflect.TypeOf":        reflectTypeOf,
		"(*reflect.rtype).Kind": rtypeKind,
	}
}

// reflectMethodModel is the model of a method of *reflect.rtype that has
// none of its own: it stops the path.
func reflectMethodModel(fn *ssa.Function) model {
	recv := fn.Signature.Recv()
	if recv == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "reflect" {
		return nil
	}
	if p, ok := recv.Type().(*types.Pointer); !ok || !isNamed(p.Elem(), "reflect", "rtype") {
		return nil
	}
	return func(e *Engine, s *State, fn *ssa.Function, _ []Value) ([]Value, bool) {
		e.unsupported(s, "reflection ("+fn.String()+")")
		return nil, false
	}
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

func reflectTypeOf(e *Engine, s *State, fn *ssa.Function, a []Value) ([]Value, bool) {
	dyn := a[0].(Interface).Type
	if dyn == nil {
		return []Value{Interface{}}, true
	}
	rt := fn.Pkg.Pkg.Scope().Lookup("rtype").Type()
	id := s.mem.alloc(&object{typ: rt, value: Opaque{Type: rt, Reason: typeDescriptor, Go: dyn}})
	return []Value{Interface{Type: types.NewPointer(rt), Value: Pointer{NonNil: expr.True, Obj: id}}}, true
}

func rtypeKind(e *Engine, s *State, fn *ssa.Function, a []Value) ([]Value, bool) {
	p := a[0].(Pointer)
	var t types.Type
	if p.Obj != 0 && len(p.Path) == 0 {
		if o, ok := s.mem.get(p.Obj).value.(Opaque); ok && o.Reason == typeDescriptor {
			t, _ = o.Go.(types.Type)
		}
	}
	if t == nil {
		e.unsupported(s, "reflection on a type the executor did not make")
		return nil, false
	}
	return []Value{Scalar{expr.Const(64, uint64(reflectKind(t)))}}, true
}

// reflectKind is reflect's Kind number for t.
func reflectKind(t types.Type) int {
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
