package symbolic

import (
	"go/token"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// Addresses at a symbolic index. An IndexAddr whose index is symbolic gives
// a Pointer with a symbolic step when the address cannot escape: every use
// of it is a load, a store to it, or a field or element address that is
// itself so contained (decided statically from the SSA referrers). Such a
// pointer stands for all the elements the index may select; a load through
// it merges them into one if-then-else value (by runs of indices, for a
// table of constants: consttable.go) and a store rewrites each of
// them as ite(i == k, new, old), so a table lookup (utf8's first[p[0]], a
// hex decode table) neither forks per index nor stops at Bounds.MaxFork.
// Where the elements cannot be merged (pointers to different objects,
// interfaces of different dynamic types, maps), or there are more than
// maxSymCandidates of them, the load or store forks over the index values
// as an escaping address does. Elements holding interfaces or maps get no
// symbolic addresses at all: materialising every element of an input would
// multiply their choices of shape.

// symStep is a step of a Pointer's path taken at a symbolic element index:
// Path[At] is a placeholder, Index (64 bits) the element.
type symStep struct {
	At    int
	Index expr.Expr
}

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
// no choice of shape (choices.go): a symbolic address materialises every
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

// withStep returns p extended by one element step at index i: a concrete
// step when i is constant, else a symbolic one.
func (p Pointer) withStep(i expr.Expr) Pointer {
	if i.IsConst() {
		return Pointer{NonNil: p.NonNil, Obj: p.Obj, Path: p.Path.with(int(i.Value())), Sym: p.Sym}
	}
	sym := append(append([]symStep(nil), p.Sym...), symStep{At: len(p.Path), Index: i})
	return Pointer{NonNil: p.NonNil, Obj: p.Obj, Path: p.Path.with(0), Sym: sym}
}

// symIndexAt is the index term of the symbolic step at position at of p's
// path, if that step is symbolic.
func (p Pointer) symIndexAt(at int) (expr.Expr, bool) {
	for _, st := range p.Sym {
		if st.At == at {
			return st.Index, true
		}
	}
	return expr.Expr{}, false
}

// materializeSym materialises (as load does) every element a symbolic
// pointer may address. It reports false when they are too many.
func (e *Engine) materializeSym(s *State, p Pointer) bool {
	count := 0
	var walk func(path Path, depth int) bool
	walk = func(path Path, depth int) bool {
		for ; depth < len(path); depth++ {
			i, ok := p.symIndexAt(depth)
			if !ok {
				continue
			}
			arr, ok := e.materializePath(s, p.Obj, path[:depth]).(Array)
			if !ok {
				panic(internalError("symbolic step into a non-array"))
			}
			for k := range arr.Len() {
				if expr.Eq(i, expr.Const(64, uint64(k))).IsFalse() {
					continue
				}
				next := append(Path(nil), path...)
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
		e.load(s, Pointer{NonNil: expr.True, Obj: p.Obj, Path: path})
		return true
	}
	return walk(append(Path(nil), p.Path...), 0)
}

// readSym is the value at path inside v, where the steps of p.Sym select by
// symbolic index: an if-then-else over the candidate elements. v must be
// materialised along every candidate path.
func readSym(v Value, p Pointer, depth int) (Value, bool) {
	for ; depth < len(p.Path); depth++ {
		i, sym := p.symIndexAt(depth)
		if !sym {
			v = valueAt(v, p.Path[depth:depth+1])
			continue
		}
		arr := v.(Array)
		var ks []uint64
		var els []Value
		for k := range arr.Len() {
			if expr.Eq(i, expr.Const(64, uint64(k))).IsFalse() {
				continue
			}
			el, ok := readSym(arr.At(k), p, depth+1)
			if !ok {
				return nil, false
			}
			ks, els = append(ks, uint64(k)), append(els, el)
		}
		if len(els) == 0 {
			panic(internalError("symbolic index selects no element"))
		}
		if terms, ok := scalarTerms(els); ok {
			if vals, sort, ok := constTerms(terms); ok {
				return Scalar{constLookup(i, ks, vals, sort)}, true
			}
		}
		out := els[len(els)-1] // the last candidate: the bounds check rules out the rest
		for n := len(els) - 2; n >= 0; n-- {
			var ok bool
			if out, ok = iteValue(expr.Eq(i, expr.Const(64, ks[n])), els[n], out); !ok {
				return nil, false
			}
		}
		return out, true
	}
	return v, true
}

// writeSym returns v with every candidate element of p (from depth on)
// replaced by ite(cond ∧ selected, x, old).
func writeSym(v Value, p Pointer, depth int, cond expr.Expr, x Value) (Value, bool) {
	if depth == len(p.Path) {
		return iteValue(cond, x, v)
	}
	i, sym := p.symIndexAt(depth)
	if !sym {
		step := p.Path[depth]
		switch c := v.(type) {
		case Struct:
			f, ok := writeSym(c.Fields[step], p, depth+1, cond, x)
			if !ok {
				return nil, false
			}
			fields := append([]Value(nil), c.Fields...)
			fields[step] = f
			return Struct{fields}, true
		case Array:
			el, ok := writeSym(c.At(step), p, depth+1, cond, x)
			if !ok {
				return nil, false
			}
			return c.Set(step, el), true
		}
		panic(internalError("path step %d into %T", step, v))
	}
	arr := v.(Array)
	elems := arr.Elems()
	for k := range elems {
		hit := expr.And(cond, expr.Eq(i, expr.Const(64, uint64(k))))
		if hit.IsFalse() {
			continue
		}
		el, ok := writeSym(elems[k], p, depth+1, hit, x)
		if !ok {
			return nil, false
		}
		elems[k] = el
	}
	return arrayOf(elems), true
}

// loadSym is load through a pointer with symbolic steps. ok is false when
// the elements cannot be merged; the caller forks then (forkSym).
func (e *Engine) loadSym(s *State, p Pointer) (Value, bool) {
	if !e.materializeSym(s, p) {
		return nil, false
	}
	e.noteGlobalRead(s, p.Obj)
	return readSym(s.mem.get(p.Obj).value, p, 0)
}

// storeSym is store through a pointer with symbolic steps.
func (e *Engine) storeSym(s *State, p Pointer, v Value) bool {
	if !e.materializeSym(s, p) {
		return false
	}
	nv, ok := writeSym(s.mem.get(p.Obj).value, p, 0, expr.True, v)
	if ok {
		s.mem.set(p.Obj, nv)
	}
	return ok
}

// forkSym makes p's symbolic steps concrete by forking over their values
// (at most Bounds.MaxFork each), as an escaping address is. It returns the
// states and, at the same positions, their concrete pointers.
func (e *Engine) forkSym(s *State, p Pointer) ([]*State, []Pointer, bool) {
	states, ptrs := []*State{s}, []Pointer{p}
	for len(ptrs[0].Sym) > 0 {
		var nextStates []*State
		var nextPtrs []Pointer
		for k, t := range states {
			q := ptrs[k]
			st := q.Sym[0]
			forked, vals, ok := e.values(t, st.Index, "index")
			if !ok {
				continue
			}
			for j, u := range forked {
				path := append(Path(nil), q.Path...)
				path[st.At] = int(vals[j])
				nextStates = append(nextStates, u)
				nextPtrs = append(nextPtrs, Pointer{NonNil: q.NonNil, Obj: q.Obj, Path: path, Sym: q.Sym[1:]})
			}
		}
		if len(nextStates) == 0 {
			return nil, nil, false
		}
		states, ptrs = nextStates, nextPtrs
	}
	return states, ptrs, true
}

// indexArray is x[i] for an array value and a symbolic i: the elements
// merged into one if-then-else value, or ok false when they cannot be.
func indexArray(x Array, i expr.Expr) (Value, bool) {
	if terms, ok := scalarTerms(x.Elems()); ok {
		return Scalar{selectTerm(terms, i, terms[0])}, true
	}
	return readSym(x, Pointer{Path: Path{0}, Sym: []symStep{{At: 0, Index: i}}}, 0)
}
