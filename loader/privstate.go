package loader

import "go/types"

// A value of a type with unexported fields is a package's private state.
// A test that compares it with a literal of those fields breaks the day
// the package renames one, and shows a state no caller can name. So the
// test writer checks such a value through what the package exports (its
// String method, its exported fields and getters), and the executor
// calls those methods on the values it hands over (symbolic/views.go).
// Both ask the two functions below, so that they agree on which values
// these are.

// HasPrivateState reports whether a literal of type t could set an
// unexported field of a struct type declared in home, at any depth:
// through struct fields, pointers, slices, arrays and maps. Another
// package's unexported fields are not counted: no literal of the test
// file can set them, so the test writer refuses such values anyway.
func HasPrivateState(t types.Type, home *types.Package) bool {
	return hasPrivate(t, home, make(map[types.Type]bool))
}

func hasPrivate(t types.Type, home *types.Package, seen map[types.Type]bool) bool {
	if home == nil || t == nil || seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return hasPrivate(u.Elem(), home, seen)
	case *types.Slice:
		return hasPrivate(u.Elem(), home, seen)
	case *types.Array:
		return hasPrivate(u.Elem(), home, seen)
	case *types.Map:
		return hasPrivate(u.Key(), home, seen) || hasPrivate(u.Elem(), home, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if !f.Exported() && f.Name() != "_" && f.Pkg() != nil && f.Pkg().Path() == home.Path() {
				return true
			}
			if hasPrivate(f.Type(), home, seen) {
				return true
			}
		}
	}
	return false
}

// ViewedType is the named type T when t is T or *T, T is declared in
// home and has private state (HasPrivateState): a value a test reads
// through T's methods and exported fields. ok is false otherwise.
func ViewedType(t types.Type, home *types.Package) (named *types.Named, ok bool) {
	t = types.Unalias(t)
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = types.Unalias(p.Elem())
	}
	named, ok = t.(*types.Named)
	if !ok || named.Obj().Pkg() == nil || home == nil || named.Obj().Pkg().Path() != home.Path() {
		return nil, false
	}
	if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
		return nil, false
	}
	return named, HasPrivateState(named, home)
}
