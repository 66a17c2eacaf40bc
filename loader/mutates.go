package loader

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// WritesThrough reports whether some function of pkg stores into a value
// of type elem that it did not allocate itself: through a pointer it was
// given (a pointer receiver's field, c.n = x; an element of an array
// field, e.decodeMap[i] = b). Stores into an object the function made (a
// constructor's new(T), a value receiver's copy) do not count. A package
// variable of type *elem may stand as a test's input only where none
// does: a test that changed what it points to would change it for every
// test after it, which no restore of the variable puts back.
func WritesThrough(pkg *ssa.Package, elem types.Type) bool {
	for _, fn := range PackageFunctions(pkg) { // closures included
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if ok && storesInto(st.Addr, elem) {
					return true
				}
			}
		}
	}
	return false
}

// storesInto reports whether addr, a field or element address, lies in
// a value of type elem reached through a pointer not allocated here.
func storesInto(addr ssa.Value, elem types.Type) bool {
	for {
		var x ssa.Value
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			x = a.X
		case *ssa.IndexAddr:
			x = a.X
		default:
			return false
		}
		if p, ok := x.Type().Underlying().(*types.Pointer); ok && types.Identical(p.Elem(), elem) {
			_, fresh := x.(*ssa.Alloc)
			return !fresh
		}
		addr = x
	}
}
