package machine

import (
	"go/types"
	"strconv"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Type descriptors. The standard library reads the type word of an
// interface as an *internal/abi.Type and then reads the descriptor's
// fields (internal/abi.TypeOf and TypeFor, reflect and reflectlite's
// unpackEface, internal/sync's HashTrieMap behind sync.Map). The executor
// makes a descriptor object from go/types the first time a type's
// descriptor is asked for, one per type and state memory, so descriptors
// compare by address as Go's do.
//
// A descriptor holds only the fields go/types determines: the size,
// alignment and kind; the element, key and slice descriptors of pointer,
// slice, array, chan and map types; Equal and a map's Hasher as functions
// the executor models (runtime.nilinterequal and nilinterhash, see
// models/typefuncs.go). Every other field (hash, flags, GC data, name and method
// offsets, struct fields, interface methods) holds an Opaque marked
// descriptorField, and reading it stops the path with the field named
// (descriptorFieldRead), so no value rests on a field the executor
// cannot fill. A kind with a longer descriptor (abi.PtrType, MapType, …)
// gets an object of that struct type, and *abi.Type points at its first
// field, so the standard library's (*abi.PtrType)(unsafe.Pointer(t))
// casts find it (reinterpret, unsafe.go).

// descriptorField is the Opaque reason of a descriptor field the executor
// does not fill.
const descriptorField = "type descriptor field"

// typeKey names t for the descriptor table: types.TypeString with full
// package paths. Two types can share a string (local types of one name in
// different functions), so lookups go through findDescriptor, which
// checks identity.
func typeKey(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Path() })
}

// findDescriptor looks t up in the descriptor table under prefix+typeKey
// (and, past a type of the same string, under numbered variants of it):
// the object made for t, or the key under which to make it.
func findDescriptor(m *value.Memory, prefix string, t types.Type, typeOf func(*value.Object) types.Type) (value.ObjectID, string) {
	base := prefix + typeKey(t)
	key := base
	for n := 1; ; n++ {
		id, ok := m.Descriptor(key)
		if !ok {
			return 0, key
		}
		if d := typeOf(m.Get(id)); d != nil && types.Identical(d, t) {
			return id, key
		}
		key = base + "#" + strconv.Itoa(n)
	}
}

// abiPackage is internal/abi's go/types package, or nil when the program
// does not include it.
func (e *Machine) abiPackage() *types.Package {
	if p := e.Prog.ImportedPackage("internal/abi"); p != nil {
		return p.Pkg
	}
	return nil
}

// Descriptor gives the *abi.Type for t, making the descriptor (and those
// it points to) on first use; ok is false (the path stopped) when the
// program has no internal/abi.
func (e *Machine) Descriptor(s *State, t types.Type) (value.Pointer, bool) {
	abi := e.abiPackage()
	if abi == nil {
		e.Unsupported(s, "type descriptor without internal/abi in the program")
		return value.Pointer{}, false
	}
	return e.descriptorIn(s, abi, t), true
}

func (e *Machine) descriptorIn(s *State, abi *types.Package, t types.Type) value.Pointer {
	id, key := findDescriptor(s.Mem, "", t, func(o *value.Object) types.Type { return o.Descriptor })
	if id != 0 {
		return descriptorPointer(s.Mem.Get(id))(id)
	}
	lookup := func(name string) types.Type { return abi.Scope().Lookup(name).Type() }
	objType := lookup("Type")
	switch t.Underlying().(type) {
	case *types.Pointer:
		objType = lookup("PtrType")
	case *types.Slice:
		objType = lookup("SliceType")
	case *types.Array:
		objType = lookup("ArrayType")
	case *types.Chan:
		objType = lookup("ChanType")
	case *types.Map:
		objType = lookup("MapType")
	case *types.Signature:
		objType = lookup("FuncType")
	case *types.Interface:
		objType = lookup("InterfaceType")
	case *types.Struct:
		objType = lookup("StructType")
	}
	// Register before filling, so a recursive type's descriptor points to
	// itself.
	obj := &value.Object{Type: objType, Value: value.Opaque{Type: objType, Reason: descriptorField}, Descriptor: t}
	id = s.Mem.Alloc(obj)
	s.Mem.AddDescriptor(key, id)
	s.Mem.Set(id, e.descriptorValue(s, abi, t, objType))
	return descriptorPointer(obj)(id)
}

// descriptorPointer gives, for a descriptor object, the *abi.Type into an
// object of ID id: the object itself, or its first field when the object
// is a kind's longer descriptor.
func descriptorPointer(o *value.Object) func(value.ObjectID) value.Pointer {
	var path value.Path
	if n, ok := o.Type.(*types.Named); !ok || n.Obj().Name() != "Type" {
		path = value.Path{0}
	}
	return func(id value.ObjectID) value.Pointer { return value.Pointer{NonNil: expr.True, Obj: id, Path: path} }
}

// descriptorValue builds the contents of t's descriptor, of type objType.
func (e *Machine) descriptorValue(s *State, abi *types.Package, t, objType types.Type) value.Value {
	st := objType.Underlying().(*types.Struct)
	fields := make([]value.Value, st.NumFields())
	for i := range fields {
		fields[i] = value.Opaque{Type: st.Field(i).Type(), Reason: descriptorField}
	}
	desc := func(t types.Type) value.Value { return e.descriptorIn(s, abi, t) }
	set := func(name string, v value.Value) {
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == name {
				fields[i] = v
				return
			}
		}
		panic(InternalError("no field %s in %s", name, objType))
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		set("Elem", desc(u.Elem()))
	case *types.Slice:
		set("Elem", desc(u.Elem()))
	case *types.Array:
		set("Elem", desc(u.Elem()))
		set("Slice", desc(types.NewSlice(u.Elem())))
		set("Len", value.Scalar{E: expr.Const(64, uint64(u.Len()))})
	case *types.Chan:
		dir := map[types.ChanDir]uint64{types.RecvOnly: 1, types.SendOnly: 2, types.SendRecv: 3}[u.Dir()]
		set("Elem", desc(u.Elem()))
		set("Dir", value.Scalar{E: expr.Const(64, dir)})
	case *types.Map:
		set("Key", desc(u.Key()))
		set("Elem", desc(u.Elem()))
		if h := e.runtimeFunc("nilinterhash"); h != nil {
			set("Hasher", value.Func{Fn: h})
		}
	}
	if st.Field(0).Name() == "Type" && st.Field(0).Embedded() {
		fields[0] = e.commonDescriptor(t, st.Field(0).Type())
	} else {
		return e.commonDescriptor(t, objType)
	}
	return value.Struct{Fields: fields}
}

// commonDescriptor is the abi.Type part of t's descriptor.
func (e *Machine) commonDescriptor(t, abiType types.Type) value.Value {
	st := abiType.Underlying().(*types.Struct)
	fields := make([]value.Value, st.NumFields())
	for i := range fields {
		f := st.Field(i)
		fields[i] = value.Opaque{Type: f.Type(), Reason: descriptorField}
		switch f.Name() {
		case "Size_":
			fields[i] = value.Scalar{E: expr.Const(64, uint64(gcSizes.Sizeof(t)))}
		case "Align_", "FieldAlign_":
			fields[i] = value.Scalar{E: expr.Const(8, uint64(gcSizes.Alignof(t)))}
		case "Kind_":
			fields[i] = value.Scalar{E: expr.Const(8, uint64(value.ReflectKind(t)))}
		case "Equal":
			if !types.Comparable(t) {
				fields[i] = value.Func{}
			} else if eq := e.runtimeFunc("nilinterequal"); eq != nil {
				fields[i] = value.Func{Fn: eq}
			}
		}
	}
	return value.Struct{Fields: fields}
}

// runtimeFunc is the runtime's function of that name, or nil.
func (e *Machine) runtimeFunc(name string) *ssa.Function {
	if p := e.Prog.ImportedPackage("runtime"); p != nil {
		return p.Func(name)
	}
	return nil
}

// describedType is the Go type of the descriptor p addresses, or nil when p
// is not a descriptor the executor made.
func describedType(s *State, p value.Pointer) types.Type {
	if p.Obj == 0 || len(p.Sym) != 0 {
		return nil
	}
	o := s.Mem.Get(p.Obj)
	if o == nil || o.Descriptor == nil || len(p.Path) > 1 || (len(p.Path) == 1 && p.Path[0] != 0) {
		return nil
	}
	return o.Descriptor
}

// descriptorFieldRead stops the path when a FieldAddr reads a field of a
// descriptor that the executor did not fill, or any field of a reflect
// rtype the executor made; the check costs a type switch for fields of
// other structs.
func (e *Machine) descriptorFieldRead(s *State, in *ssa.FieldAddr, p value.Pointer) (stopped bool) {
	ptr, ok := in.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := ptr.Elem().(*types.Named)
	if !ok || n.Obj().Pkg() == nil || p.Obj == 0 {
		return false
	}
	if value.IsNamed(n, "reflect", "rtype") && ReflectRTypeOf(s, p) != nil {
		// reflect's types are Opaque objects (reflecttype.go): nothing
		// reads inside them.
		e.Unsupported(s, "reflection (a field of reflect's rtype)")
		return true
	}
	if n.Obj().Pkg().Path() != "internal/abi" {
		return false
	}
	o := s.Mem.Get(p.Obj)
	if o == nil || o.Descriptor == nil {
		return false
	}
	v := value.At(o.Value, p.Path)
	if st, ok := v.(value.Struct); ok && in.Field < len(st.Fields) {
		if op, ok := st.Fields[in.Field].(value.Opaque); ok && op.Reason == descriptorField {
			return e.stopAtDescriptorField(s, n, in.Field)
		}
	}
	return false
}

// descriptorFieldValue stops the path when a Field instruction takes an
// unfilled field out of a copied descriptor.
func (e *Machine) descriptorFieldValue(s *State, in *ssa.Field, v value.Value) (stopped bool) {
	if op, ok := v.(value.Opaque); ok && op.Reason == descriptorField {
		n, _ := in.X.Type().(*types.Named)
		return e.stopAtDescriptorField(s, n, in.Field)
	}
	return false
}

func (e *Machine) stopAtDescriptorField(s *State, n *types.Named, field int) bool {
	name := "?"
	if n != nil {
		st := n.Underlying().(*types.Struct)
		name = strings.TrimPrefix(n.Obj().Pkg().Path(), "internal/") + "." + n.Obj().Name() + "." + st.Field(field).Name()
	}
	e.Unsupported(s, descriptorField+" "+name+" (not modelled)")
	return true
}
