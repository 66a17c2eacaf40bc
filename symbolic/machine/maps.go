package machine

import (
	"go/types"
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/source"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

func (e *Machine) makeMap(s *State, in *ssa.MakeMap) {
	id := s.Mem.Alloc(&value.Object{Type: in.Type(), Value: value.Map{Index: value.NewMapIndex()}, Site: in})
	e.set(s, in, value.Pointer{NonNil: expr.True, Obj: id})
}

func (e *Machine) MapOf(s *State, m value.Pointer) value.Map {
	v := e.Load(s, value.Pointer{NonNil: expr.True, Obj: m.Obj})
	return v.(value.Map)
}

func (e *Machine) mapLen(s *State, m value.Pointer) expr.Expr {
	if !m.NonNil.IsTrue() {
		panic(InternalError("len of a map whose nil-ness is unknown"))
	}
	mv := e.MapOf(s, m)
	if mv.Size != (expr.Expr{}) {
		return mv.Size
	}
	return expr.Const(64, uint64(len(mv.Keys)))
}

// findKey forks s on which entry of the map equals key. It returns, for each
// resulting state, the index of the entry (or -1 for none).
func (e *Machine) findKey(s *State, mv value.Map, key value.Value, keyType types.Type) (states []*State, found []int) {
	if mv.Index != nil {
		if k, ok := value.ConcreteKey(key); ok {
			if pos, settled := mv.Index.Lookup(mv, k); settled {
				if pos >= 0 {
					return []*State{s}, []int{pos} // entries are distinct on the path
				}
				return e.compareKeys(s, mv, key, keyType, mv.Symbolic)
			}
		}
	}
	all := make([]int, len(mv.Keys))
	for i := range all {
		all[i] = i
	}
	return e.compareKeys(s, mv, key, keyType, all)
}

// compareKeys forks s on which of the entries at positions equals key,
// the others being known to differ from it.
func (e *Machine) compareKeys(s *State, mv value.Map, key value.Value, keyType types.Type, positions []int) (states []*State, found []int) {
	cur := s
	for _, i := range positions {
		eq, ok := e.Equal(cur, key, mv.Keys[i], keyType)
		if !ok {
			return states, found
		}
		hit, miss := e.Branch(cur, eq, "")
		if hit != nil {
			states, found = append(states, hit), append(found, i)
		}
		if miss == nil {
			return states, found
		}
		cur = miss
	}
	return append(states, cur), append(found, -1)
}

func (e *Machine) lookup(s *State, in *ssa.Lookup) {
	x := e.eval(s, in.X)
	key := e.eval(s, in.Index)
	if str, ok := x.(value.String); ok {
		i := e.index64(s, in.Index)
		if !e.checkIndex(s, i, str.Len, in.Index) {
			return
		}
		e.set(s, in, value.Scalar{E: str.ByteAt(i)})
		return
	}
	m := x.(value.Pointer)
	mt := in.X.Type().Underlying().(*types.Map)
	result := func(t *State, v value.Value, ok bool) {
		if in.CommaOk {
			e.set(t, in, value.Tuple{Elems: []value.Value{v, value.Scalar{E: expr.BoolConst(ok)}}})
		} else {
			e.set(t, in, v)
		}
	}
	isNil, notNil := e.Branch(s, expr.Not(m.NonNil), source.Pin(in.X, true)+" == nil")
	if isNil != nil {
		result(isNil, value.Zero(mt.Elem()), false)
	}
	if notNil == nil {
		return
	}
	e.tellDeref(notNil, in.X, m.Obj)
	mv := e.MapOf(notNil, m)
	states, found := e.findKey(notNil, mv, key, mt.Key())
	for k, t := range states {
		if found[k] < 0 {
			result(t, value.Zero(mt.Elem()), false)
		} else {
			result(t, mv.Vals[found[k]], true)
		}
	}
}

func (e *Machine) mapUpdate(s *State, in *ssa.MapUpdate) {
	m := e.eval(s, in.Map).(value.Pointer)
	key, val := e.eval(s, in.Key), e.eval(s, in.Value)
	if !e.Require(s, m.NonNil, source.Pin(in.Map, true)+" != nil", func(bad *State) {
		e.RuntimePanic(bad, PanicNilMap, "assignment to entry in nil map")
	}) {
		return
	}
	e.tellDeref(s, in.Map, m.Obj)
	mt := in.Map.Type().Underlying().(*types.Map)
	mv := e.MapOf(s, m)
	states, found := e.findKey(s, mv, key, mt.Key())
	for k, t := range states {
		next := value.Map{Keys: append([]value.Value(nil), mv.Keys...), Vals: append([]value.Value(nil), mv.Vals...), Index: mv.Index, Symbolic: mv.Symbolic}
		if found[k] < 0 {
			next.Keys = append(next.Keys, key)
			next.Vals = append(next.Vals, val)
			if mv.Index != nil {
				if c, ok := value.ConcreteKey(key); ok {
					mv.Index.Add(c, len(next.Keys)-1)
				} else {
					next.Symbolic = append(slices.Clip(mv.Symbolic), len(next.Keys)-1)
				}
			}
		} else {
			next.Vals[found[k]] = val
		}
		t.Mem.Set(m.Obj, next)
	}
}

func (e *Machine) mapDelete(s *State, m value.Pointer, key value.Value, t types.Type) {
	isNil, notNil := e.Branch(s, expr.Not(m.NonNil), "")
	_ = isNil // deleting from a nil map does nothing
	if notNil == nil {
		return
	}
	mt := t.Underlying().(*types.Map)
	mv := e.MapOf(notNil, m)
	states, found := e.findKey(notNil, mv, key, mt.Key())
	for k, st := range states {
		i := found[k]
		if i < 0 {
			continue
		}
		next := value.Map{
			Keys: append(append([]value.Value(nil), mv.Keys[:i]...), mv.Keys[i+1:]...),
			Vals: append(append([]value.Value(nil), mv.Vals[:i]...), mv.Vals[i+1:]...),
		}
		st.Mem.Set(m.Obj, next)
	}
}
