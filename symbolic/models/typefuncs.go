package models

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// typeFuncModels are the functions a descriptor holds, and what seeds
// them: its Equal and a map's Hasher, which are what gc gives interface
// types, and the seed of the hash tables that call them.
func typeFuncModels() map[string]Func {
	return map[string]Func{
		"runtime.nilinterequal":      descriptorEqual,
		"runtime.nilinterhash":       descriptorHash,
		"internal/sync.runtime_rand": hashSeed,
	}
}

// descriptorEqual is a descriptor's Equal function (runtime.nilinterequal,
// which is what gc gives interface types): whether the values its two
// arguments address are equal, with Go's panic for uncomparable dynamic
// types.
func descriptorEqual(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	x, y := a[0].(value.UnsafePointer), a[1].(value.UnsafePointer)
	if x.Elem == nil || y.Elem == nil || !types.Identical(x.Elem, y.Elem) {
		m.Unsupported("equality through unsafe.Pointers of different types")
		return nil, false
	}
	if !m.RequireNonNil(x.Ptr, "pointer") || !m.RequireNonNil(y.Ptr, "pointer") {
		return nil, false
	}
	eq, ok := m.Equal(m.Load(x.Ptr), m.Load(y.Ptr), x.Elem)
	if !ok {
		return nil, false
	}
	return value.One(eq), true
}

// descriptorHash is a map descriptor's Hasher (runtime.nilinterhash). Its
// result is a constant: every key collides, which hash tables (here
// internal/sync's HashTrieMap behind sync.Map) resolve by comparing keys,
// so what they store and find is Go's; only the order of a Range, which
// Go randomises per process, differs. A key Go cannot hash panics as in
// Go; one holding interfaces inside (whose dynamic types could be
// unhashable) stops the path.
func descriptorHash(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.UnsafePointer)
	if p.Elem == nil {
		m.Unsupported("hash through a nil unsafe.Pointer")
		return nil, false
	}
	if !m.RequireNonNil(p.Ptr, "hashed key's pointer") {
		return nil, false
	}
	t := p.Elem
	if _, isIface := t.Underlying().(*types.Interface); isIface {
		t = m.Load(p.Ptr).(value.Interface).Type
	}
	switch {
	case t == nil:
	case !types.Comparable(t):
		m.RuntimeError("hash of unhashable type " + types.TypeString(t, (*types.Package).Name))
		return nil, false
	case holdsInterface(t, 0):
		m.Unsupported("hash of a value holding interfaces")
		return nil, false
	}
	return value.One(expr.Const(64, 0)), true
}

// holdsInterface reports whether a value of t has an interface inside
// (not behind a pointer).
func holdsInterface(t types.Type, depth int) bool {
	if depth > 16 {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Array:
		return holdsInterface(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsInterface(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// hashSeed is internal/sync's runtime_rand, which seeds only the Hasher
// descriptorHash models as a constant.
func hashSeed(Machine, *ssa.Function, []value.Value) ([]value.Value, bool) {
	return value.One(expr.Const(64, 0)), true
}
