package machine

import (
	"go/token"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Addresses at a symbolic index. An IndexAddr whose index is symbolic gives
// a Pointer with a symbolic step when the address cannot escape: every use
// of it is a load, a store to it, or a field or element address that is
// itself so contained (decided statically from the SSA referrers). Such a
// pointer stands for all the elements the index may select; a load through
// it merges them into one if-then-else value (value's ReadSym; by runs of
// indices, for a table of constants: value's consttable.go) and a store
// rewrites each of them as ite(i == k, new, old) (WriteSym), so a table
// lookup (utf8's first[p[0]], a hex decode table) neither forks per index
// nor stops at Bounds.MaxFork.
// Where the elements cannot be merged (pointers to different objects,
// interfaces of different dynamic types, maps), or there are more than
// maxSymCandidates of them, the load or store forks over the index values
// as an escaping address does. Elements holding interfaces or maps get no
// symbolic addresses at all: materialising every element of an input would
// multiply their choices of shape.

// maxSymCandidates bounds the elements one symbolic address may stand for
// (the product over its symbolic steps); beyond it, accesses fork.
const maxSymCandidates = 4096

// contained reports whether the address v is used only to load, to store
// to, or to derive addresses that are themselves contained.
func contained(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch u := r.(type) {
		case *ssa.UnOp:
			if u.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if u.Addr != v || u.Val == v {
				return false
			}
		case *ssa.FieldAddr:
			if !contained(u) {
				return false
			}
		case *ssa.IndexAddr:
			if u.X != v || !contained(u) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// choiceFree reports whether building a value of type t as an input makes
// no choice of shape (inputs/choices.go): a symbolic address materialises every
// element it may select, which would multiply the choices of interface and
// map elements, so addresses of such elements fork instead.
func choiceFree(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Interface, *types.Map:
		return false
	case *types.Struct:
		for i := range u.NumFields() {
			if !choiceFree(u.Field(i).Type()) {
				return false
			}
		}
	case *types.Array:
		return choiceFree(u.Elem())
	}
	return true
}

// materializeSym materialises (as load does) every element a symbolic
// pointer may address. It reports false when they are too many.
func (e *Machine) materializeSym(s *State, p value.Pointer) bool {
	count := 0
	var walk func(path value.Path, depth int) bool
	walk = func(path value.Path, depth int) bool {
		for ; depth < len(path); depth++ {
			i, ok := p.SymIndexAt(depth)
			if !ok {
				continue
			}
			arr, ok := e.materializePath(s, p.Obj, path[:depth]).(value.Array)
			if !ok {
				panic(InternalError("symbolic step into a non-array"))
			}
			for k := range arr.Len() {
				if expr.Eq(i, expr.Const(64, uint64(k))).IsFalse() {
					continue
				}
				next := append(value.Path(nil), path...)
				next[depth] = k
				if !walk(next, depth+1) {
					return false
				}
			}
			return true
		}
		count++
		if count > maxSymCandidates {
			return false
		}
		e.Load(s, value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: path})
		return true
	}
	return walk(append(value.Path(nil), p.Path...), 0)
}

// loadSym is load through a pointer with symbolic steps. ok is false when
// the elements cannot be merged; the caller forks then (forkSym).
func (e *Machine) loadSym(s *State, p value.Pointer) (value.Value, bool) {
	if !e.materializeSym(s, p) {
		return nil, false
	}
	e.noteGlobalRead(s, p.Obj)
	return value.ReadSym(s.Mem.Get(p.Obj).Value, p, 0)
}

// storeSym is store through a pointer with symbolic steps.
func (e *Machine) storeSym(s *State, p value.Pointer, v value.Value) bool {
	if !e.materializeSym(s, p) {
		return false
	}
	nv, ok := value.WriteSym(s.Mem.Get(p.Obj).Value, p, 0, expr.True, v)
	if ok {
		s.Mem.Set(p.Obj, nv)
	}
	return ok
}

// forkSym makes p's symbolic steps concrete by forking over their values
// (at most Bounds.MaxFork each), as an escaping address is. It returns the
// states and, at the same positions, their concrete pointers.
func (e *Machine) forkSym(s *State, p value.Pointer) ([]*State, []value.Pointer, bool) {
	states, ptrs := []*State{s}, []value.Pointer{p}
	for len(ptrs[0].Sym) > 0 {
		var nextStates []*State
		var nextPtrs []value.Pointer
		for k, t := range states {
			q := ptrs[k]
			st := q.Sym[0]
			forked, vals, ok := e.values(t, st.Index, "index")
			if !ok {
				continue
			}
			for j, u := range forked {
				path := append(value.Path(nil), q.Path...)
				path[st.At] = int(vals[j])
				nextStates = append(nextStates, u)
				nextPtrs = append(nextPtrs, value.Pointer{NonNil: q.NonNil, Obj: q.Obj, Path: path, Sym: q.Sym[1:]})
			}
		}
		if len(nextStates) == 0 {
			return nil, nil, false
		}
		states, ptrs = nextStates, nextPtrs
	}
	return states, ptrs, true
}
