package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// reflect's rtype is a struct holding an abi.Type, reached from an
// *abi.Type by an unsafe cast the executor's descriptors (typedesc.go),
// objects of the kinds' longer descriptor types, cannot follow. So reflect
// types are objects of their own: reflect.TypeOf and toRType (which
// reflect.TypeFor and others call; efaceview.go) give a *reflect.rtype
// whose object holds an Opaque carrying the types.Type, one per type, and
// Kind, String, Implements and AssignableTo answer from it (what fmt and
// spf13/cast ask). Every other method of *reflect.rtype stops the path
// (reflectMethodModel), so nothing reads inside the Opaque.

// typeDescriptor is the Opaque a modelled reflect.rtype object holds.
const typeDescriptor = "type descriptor"

func reflectModels() map[string]model {
	return map[string]model{
		"reflect.TypeOf":                reflectTypeOf,
		"(*reflect.rtype).Kind":         rtypeKind,
		"(*reflect.rtype).String":       rtypeString,
		"(*reflect.rtype).Implements":   implementsModel((*Engine).reflectType),
		"(*reflect.rtype).AssignableTo": assignableToModel((*Engine).reflectType),
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
	return func(e *Engine, s *State, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
		e.unsupported(s, "reflection ("+fn.String()+")")
		return nil, false
	}
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

func reflectTypeOf(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	dyn := a[0].(value.Interface).Type
	if dyn == nil {
		return []value.Value{value.Interface{}}, true
	}
	rt := fn.Pkg.Pkg.Scope().Lookup("rtype").Type()
	return []value.Value{value.Interface{Type: types.NewPointer(rt), Value: reflectRType(s, fn.Pkg.Pkg, dyn)}}, true
}

// reflectRType gives the *reflect.rtype of t: one object per type and
// memory (kept with the descriptors under a key of its own), so that
// reflect types compare by address as Go's do.
func reflectRType(s *State, reflectPkg *types.Package, t types.Type) value.Value {
	id, key := findDescriptor(s.mem, "reflect.rtype ", t, func(o *value.Object) types.Type {
		if op, ok := o.Value.(value.Opaque); ok && op.Reason == typeDescriptor {
			t, _ := op.Go.(types.Type)
			return t
		}
		return nil
	})
	if id != 0 {
		return value.Pointer{NonNil: expr.True, Obj: id}
	}
	rt := reflectPkg.Scope().Lookup("rtype").Type()
	id = s.mem.Alloc(&value.Object{Type: rt, Value: value.Opaque{Type: rt, Reason: typeDescriptor, Go: t}})
	s.mem.AddDescriptor(key, id)
	return value.Pointer{NonNil: expr.True, Obj: id}
}

// reflectRTypeOf is the Go type of the *reflect.rtype p, or nil when p is
// not one the executor made.
func reflectRTypeOf(s *State, p value.Pointer) types.Type {
	if p.Obj != 0 && len(p.Path) == 0 && len(p.Sym) == 0 {
		if o, ok := s.mem.Get(p.Obj).Value.(value.Opaque); ok && o.Reason == typeDescriptor {
			t, _ := o.Go.(types.Type)
			return t
		}
	}
	return nil
}

// reflectType is the Go type of v, a *reflect.rtype the executor made, or
// stops s.
func (e *Engine) reflectType(s *State, v value.Value) (types.Type, bool) {
	p, _ := v.(value.Pointer)
	t := reflectRTypeOf(s, p)
	if t == nil {
		e.unsupported(s, "reflection on a type the executor did not make")
		return nil, false
	}
	return t, true
}

func rtypeKind(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t := reflectRTypeOf(s, a[0].(value.Pointer))
	if t == nil {
		e.unsupported(s, "reflection on a type the executor did not make")
		return nil, false
	}
	return []value.Value{value.Scalar{E: expr.Const(64, uint64(reflectKind(t)))}}, true
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

// rtypeString is (*reflect.rtype).String on go/types (typestring.go), what
// fmt's %T and its bad-verb messages print.
func rtypeString(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	t := reflectRTypeOf(s, a[0].(value.Pointer))
	if t == nil {
		e.unsupported(s, "reflection on a type the executor did not make")
		return nil, false
	}
	str, ok := reflectTypeString(t)
	if !ok {
		e.unsupported(s, "reflection ((*reflect.rtype).String of "+t.String()+")")
		return nil, false
	}
	return []value.Value{value.StringConst(str)}, true
}
