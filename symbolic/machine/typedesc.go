package machine

import (
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// The machine's side of type descriptors (value/typedesc.go): it makes
// them for the program it runs, and stops a path that reads a field of
// one that the executor does not fill.

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
	return value.MakeDescriptor(s.Mem, e.Prog, abi, t), true
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
	if value.IsNamed(n, "reflect", "rtype") && value.ReflectRTypeOf(s.Mem, p) != nil {
		// reflect's types are Opaque objects (value/reflecttype.go): nothing
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
		if op, ok := st.Fields[in.Field].(value.Opaque); ok && op.Reason == value.DescriptorField {
			return e.stopAtDescriptorField(s, n, in.Field)
		}
	}
	return false
}

// descriptorFieldValue stops the path when a Field instruction takes an
// unfilled field out of a copied descriptor.
func (e *Machine) descriptorFieldValue(s *State, in *ssa.Field, v value.Value) (stopped bool) {
	if op, ok := v.(value.Opaque); ok && op.Reason == value.DescriptorField {
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
	e.Unsupported(s, value.DescriptorField+" "+name+" (not modelled)")
	return true
}
