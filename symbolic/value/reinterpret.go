package value

import "go/types"

// Reinterpreting memory through unsafe.Pointer: which typed pointer an
// unsafe one becomes, where the layouts agree.

// Reinterpret gives the pointer of type *to that u becomes, when the memory
// it addresses has the same layout as a to: the same underlying type, or the
// first field of a struct of it (which starts at the same address).
func Reinterpret(m *Memory, u UnsafePointer, to types.Type) (Pointer, bool) {
	if u.Elem == nil || u.Ptr.NonNil.IsFalse() {
		return NilPointer, u.Ptr.NonNil.IsFalse()
	}
	if SameLayout(u.Elem, to) {
		return u.Ptr, true
	}
	// *T to *F where T is a struct whose first field is an F (or the
	// converse) addresses the same memory through a longer or shorter path.
	if st, ok := u.Elem.Underlying().(*types.Struct); ok && st.NumFields() > 0 && SameLayout(st.Field(0).Type(), to) {
		return Pointer{NonNil: u.Ptr.NonNil, Obj: u.Ptr.Obj, Path: u.Ptr.Path.With(0)}, true
	}
	// The converse: a pointer to the first field of a T, converted to *T,
	// addresses the enclosing T, when the memory there holds a T
	// (abi.Type's descriptors, typedesc.go, are read so as abi.PtrType and
	// the like).
	if st, ok := to.Underlying().(*types.Struct); ok && st.NumFields() > 0 && SameLayout(st.Field(0).Type(), u.Elem) {
		p := u.Ptr
		if n := len(p.Path); n > 0 && p.Path[n-1] == 0 && len(p.Sym) == 0 && p.Obj != 0 {
			if o := objectType(m, p.Obj, p.Path[:n-1]); o != nil && SameLayout(o, to) {
				return Pointer{NonNil: p.NonNil, Obj: p.Obj, Path: p.Path[:n-1]}, true
			}
		}
	}
	return Pointer{}, false
}

// objectType is the static type of the value at path inside object id
// in m, or nil where it cannot be told.
func objectType(m *Memory, id ObjectID, path Path) types.Type {
	o := m.Get(id)
	if o == nil {
		return nil
	}
	t := o.Type
	for _, step := range path {
		switch u := t.Underlying().(type) {
		case *types.Struct:
			if step >= u.NumFields() {
				return nil
			}
			t = u.Field(step).Type()
		case *types.Array:
			t = u.Elem()
		default:
			return nil
		}
	}
	return t
}
