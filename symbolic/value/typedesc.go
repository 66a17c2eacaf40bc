package value

import (
	"go/types"
	"strconv"

	"github.com/gosymtest/gosymtest/symbolic/expr"
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
// (the machine's descriptorFieldRead), so no value rests on a field the executor
// cannot fill. A kind with a longer descriptor (abi.PtrType, MapType, …)
// gets an object of that struct type, and *abi.Type points at its first
// field, so the standard library's (*abi.PtrType)(unsafe.Pointer(t))
// casts find it (Reinterpret).

// DescriptorField is the Opaque reason of a descriptor field the executor
// does not fill.
const DescriptorField = "type descriptor field"

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
func findDescriptor(m *Memory, prefix string, t types.Type, typeOf func(*Object) types.Type) (ObjectID, string) {
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

// MakeDescriptor gives the *abi.Type for t in m, making the descriptor
// (and those it points to) on first use. abi is internal/abi's package in
// prog.
func MakeDescriptor(m *Memory, prog *ssa.Program, abi *types.Package, t types.Type) Pointer {
	return descriptorMaker{m: m, prog: prog, abi: abi}.in(t)
}

// descriptorMaker makes descriptors in one memory, for one program.
type descriptorMaker struct {
	m    *Memory
	prog *ssa.Program
	abi  *types.Package
}

// in gives the *abi.Type for t, making its descriptor on first use.
func (d descriptorMaker) in(t types.Type) Pointer {
	id, key := findDescriptor(d.m, "", t, func(o *Object) types.Type { return o.Descriptor })
	if id != 0 {
		return descriptorPointer(d.m.Get(id))(id)
	}
	lookup := func(name string) types.Type { return d.abi.Scope().Lookup(name).Type() }
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
	obj := &Object{Type: objType, Value: Opaque{Type: objType, Reason: DescriptorField}, Descriptor: t}
	id = d.m.Alloc(obj)
	d.m.AddDescriptor(key, id)
	d.m.Set(id, d.value(t, objType))
	return descriptorPointer(obj)(id)
}

// descriptorPointer gives, for a descriptor object, the *abi.Type into an
// object of ID id: the object itself, or its first field when the object
// is a kind's longer descriptor.
func descriptorPointer(o *Object) func(ObjectID) Pointer {
	var path Path
	if n, ok := o.Type.(*types.Named); !ok || n.Obj().Name() != "Type" {
		path = Path{0}
	}
	return func(id ObjectID) Pointer { return Pointer{NonNil: expr.True, Obj: id, Path: path} }
}

// value builds the contents of t's descriptor, of type objType.
func (d descriptorMaker) value(t, objType types.Type) Value {
	st := objType.Underlying().(*types.Struct)
	fields := make([]Value, st.NumFields())
	for i := range fields {
		fields[i] = Opaque{Type: st.Field(i).Type(), Reason: DescriptorField}
	}
	desc := func(t types.Type) Value { return d.in(t) }
	set := func(name string, v Value) {
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == name {
				fields[i] = v
				return
			}
		}
		panic(internalError("no field %s in %s", name, objType))
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		set("Elem", desc(u.Elem()))
	case *types.Slice:
		set("Elem", desc(u.Elem()))
	case *types.Array:
		set("Elem", desc(u.Elem()))
		set("Slice", desc(types.NewSlice(u.Elem())))
		set("Len", Scalar{E: expr.Const(64, uint64(u.Len()))})
	case *types.Chan:
		dir := map[types.ChanDir]uint64{types.RecvOnly: 1, types.SendOnly: 2, types.SendRecv: 3}[u.Dir()]
		set("Elem", desc(u.Elem()))
		set("Dir", Scalar{E: expr.Const(64, dir)})
	case *types.Map:
		set("Key", desc(u.Key()))
		set("Elem", desc(u.Elem()))
		if h := d.runtimeFunc("nilinterhash"); h != nil {
			set("Hasher", Func{Fn: h})
		}
	}
	if st.Field(0).Name() == "Type" && st.Field(0).Embedded() {
		fields[0] = d.common(t, st.Field(0).Type())
	} else {
		return d.common(t, objType)
	}
	return Struct{Fields: fields}
}

// common is the abi.Type part of t's descriptor.
func (d descriptorMaker) common(t, abiType types.Type) Value {
	st := abiType.Underlying().(*types.Struct)
	fields := make([]Value, st.NumFields())
	for i := range fields {
		f := st.Field(i)
		fields[i] = Opaque{Type: f.Type(), Reason: DescriptorField}
		switch f.Name() {
		case "Size_":
			fields[i] = Scalar{E: expr.Const(64, uint64(GCSizes.Sizeof(t)))}
		case "Align_", "FieldAlign_":
			fields[i] = Scalar{E: expr.Const(8, uint64(GCSizes.Alignof(t)))}
		case "Kind_":
			fields[i] = Scalar{E: expr.Const(8, uint64(ReflectKind(t)))}
		case "Equal":
			if !types.Comparable(t) {
				fields[i] = Func{}
			} else if eq := d.runtimeFunc("nilinterequal"); eq != nil {
				fields[i] = Func{Fn: eq}
			}
		}
	}
	return Struct{Fields: fields}
}

// runtimeFunc is the runtime's function of that name, or nil.
func (d descriptorMaker) runtimeFunc(name string) *ssa.Function {
	if p := d.prog.ImportedPackage("runtime"); p != nil {
		return p.Func(name)
	}
	return nil
}

// DescribedType is the Go type of the descriptor p addresses, or nil when p
// is not a descriptor the executor made.
func DescribedType(m *Memory, p Pointer) types.Type {
	if p.Obj == 0 || len(p.Sym) != 0 {
		return nil
	}
	o := m.Get(p.Obj)
	if o == nil || o.Descriptor == nil || len(p.Path) > 1 || (len(p.Path) == 1 && p.Path[0] != 0) {
		return nil
	}
	return o.Descriptor
}
