package value

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// reflect's rtype is a struct holding an abi.Type, reached from an
// *abi.Type by an unsafe cast that the executor's descriptors
// (typedesc.go), objects of the kinds' longer descriptor types, cannot
// follow. So reflect types are objects of their own: an object of type
// reflect.rtype holding an Opaque that carries the types.Type, one per
// type. The models of package models answer reflect's questions from
// them, and the machine's unsafe casts between *abi.Type and *reflect.rtype go
// through them.

// typeDescriptor is the Opaque a modelled reflect.rtype object holds.
const typeDescriptor = "type descriptor"

// ReflectRType gives the *reflect.rtype of t: one object per type and
// memory (kept with the descriptors under a key of its own), so that
// reflect types compare by address as Go's do.
func ReflectRType(m *Memory, reflectPkg *types.Package, t types.Type) Value {
	id, key := findDescriptor(m, "reflect.rtype ", t, func(o *Object) types.Type {
		if op, ok := o.Value.(Opaque); ok && op.Reason == typeDescriptor {
			t, _ := op.Go.(types.Type)
			return t
		}
		return nil
	})
	if id != 0 {
		return Pointer{NonNil: expr.True, Obj: id}
	}
	rt := reflectPkg.Scope().Lookup("rtype").Type()
	id = m.Alloc(&Object{Type: rt, Value: Opaque{Type: rt, Reason: typeDescriptor, Go: t}})
	m.AddDescriptor(key, id)
	return Pointer{NonNil: expr.True, Obj: id}
}

// ReflectRTypeOf is the Go type of the *reflect.rtype p, or nil when p is
// not one the executor made.
func ReflectRTypeOf(m *Memory, p Pointer) types.Type {
	if p.Obj != 0 && len(p.Path) == 0 && len(p.Sym) == 0 {
		if o, ok := m.Get(p.Obj).Value.(Opaque); ok && o.Reason == typeDescriptor {
			t, _ := o.Go.(types.Type)
			return t
		}
	}
	return nil
}
