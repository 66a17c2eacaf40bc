package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// A mutant is killed only by what a written test asserts. A value of the
// package's type with private state is asserted through its views
// (views.go): whether it is nil, what its String method and getters
// return, and its exported fields, as testgen/viewcheck.go writes the
// checks. A mutant that only changes a private field that none of those
// shows lives: counting it killed would keep a case for a mutant its
// test does not catch.

// viewedDiffers reports, for values of a viewed type, whether a test
// tells a from b. ok is false when t is not viewed, and the values are
// compared as usual.
func viewedDiffers(a, b concrete.Value, t types.Type, home *types.Package) (differs, ok bool) {
	if _, viewed := loader.ViewedType(t, home); !viewed {
		return false, false
	}
	if (a.Kind == concrete.Nil) != (b.Kind == concrete.Nil) {
		return true, true
	}
	for _, va := range a.Views {
		for _, vb := range b.Views {
			if va.Name() == vb.Name() && valueDiffers(va.Value, vb.Value) {
				return true, true
			}
		}
	}
	return exportedFieldsDiffer(a, b, home), true
}

// exportedFieldsDiffer reports whether two values of a struct type, or
// pointers to one, differ in an exported field that holds no private
// state itself: what a test reads as got.Value.
func exportedFieldsDiffer(a, b concrete.Value, home *types.Package) bool {
	if a.Kind == concrete.Pointer && b.Kind == concrete.Pointer && a.Elem != nil && b.Elem != nil {
		a, b = *a.Elem, *b.Elem
	}
	if a.Kind != concrete.Struct || b.Kind != concrete.Struct || len(a.Elems) != len(b.Elems) {
		return false
	}
	st, ok := a.Type.Underlying().(*types.Struct)
	if !ok || st.NumFields() != len(a.Elems) {
		return false
	}
	for i := range a.Elems {
		f := st.Field(i)
		if !f.Exported() || f.Embedded() || loader.HasPrivateState(f.Type(), home) {
			continue
		}
		if asserted(a.Elems[i]) && asserted(b.Elems[i]) && valueDiffers(a.Elems[i], b.Elems[i]) {
			return true
		}
	}
	return false
}
