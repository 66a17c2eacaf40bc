package machine

import (
	"go/types"
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/source"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

func (e *Machine) rangeInstr(s *State, in *ssa.Range) {
	var it value.Iterator
	switch x := e.eval(s, in.X).(type) {
	case value.String:
		it.Str = x
	case value.Pointer: // a map
		isNil, notNil := e.Branch(s, expr.Not(x.NonNil), source.Pin(in.X, true)+" == nil")
		if isNil != nil {
			e.setIterator(isNil, in, value.Iterator{})
		}
		if notNil != nil {
			e.tellDeref(notNil, in.X, x.Obj)
			mv := e.MapOf(notNil, x)
			e.setIterator(notNil, in, e.mapIterator(notNil, mv))
		}
		return
	default:
		panic(InternalError("range over %T", x))
	}
	e.setIterator(s, in, it)
}

// mapIterator ranges over the entries of mv in insertion order, the only
// order symbolic execution explores: with two or more entries, a path so
// found does not speak for every order, and says so. A replay may range in
// reverse, to find outcomes that depend on the order (see makeTest).
func (e *Machine) mapIterator(s *State, mv value.Map) value.Iterator {
	if len(mv.Keys) < 2 {
		return value.Iterator{Keys: mv.Keys, Vals: mv.Vals}
	}
	if !s.Replay {
		s.Limit("map iteration: only insertion order is explored")
		return value.Iterator{Keys: mv.Keys, Vals: mv.Vals}
	}
	s.RangedOverMap = true
	if !s.ReverseMaps {
		return value.Iterator{Keys: mv.Keys, Vals: mv.Vals}
	}
	keys, vals := slices.Clone(mv.Keys), slices.Clone(mv.Vals)
	slices.Reverse(keys)
	slices.Reverse(vals)
	return value.Iterator{Keys: keys, Vals: vals}
}

func (e *Machine) setIterator(s *State, in *ssa.Range, it value.Iterator) {
	id := s.Mem.Alloc(&value.Object{Type: types.Typ[types.Invalid], Value: it})
	e.set(s, in, value.Pointer{NonNil: expr.True, Obj: id})
}

// next advances a range loop: (ok, key, value).
func (e *Machine) next(s *State, in *ssa.Next) {
	p := e.eval(s, in.Iter).(value.Pointer)
	it := s.Mem.Get(p.Obj).Value.(value.Iterator)
	if !in.IsString {
		if it.Pos >= len(it.Keys) {
			e.set(s, in, value.Tuple{Elems: []value.Value{value.Scalar{E: expr.False}, value.Interface{}, value.Interface{}}})
			return
		}
		k, v := it.Keys[it.Pos], it.Vals[it.Pos]
		it.Pos++
		s.Mem.Set(p.Obj, it)
		e.set(s, in, value.Tuple{Elems: []value.Value{value.Scalar{E: expr.True}, k, v}})
		return
	}
	pos := expr.Const(64, uint64(it.Pos))
	more, done := e.Branch(s, expr.Ult(pos, it.Str.Len), "")
	if done != nil {
		e.set(done, in, value.Tuple{Elems: []value.Value{value.Scalar{E: expr.False}, value.Scalar{E: expr.Const(64, 0)}, value.Scalar{E: expr.Const(32, 0)}}})
	}
	if more == nil {
		return
	}
	// Fork over the ways the bytes here decode (ASCII, a two-, three- or
	// four-byte sequence, or an invalid byte), as the runtime's decoder
	// would: each state goes on with the rune and size known.
	e.decodeAt(more, it.Str, it.Pos, func(t *State, r expr.Expr, size int) {
		e.advanceString(t, in, p, it, r, size)
	})
}

func (e *Machine) advanceString(s *State, in *ssa.Next, p value.Pointer, it value.Iterator, r expr.Expr, size int) {
	at := it.Pos
	it.Pos += size
	s.Mem.Set(p.Obj, it)
	e.set(s, in, value.Tuple{Elems: []value.Value{value.Scalar{E: expr.True}, value.Scalar{E: expr.Const(64, uint64(at))}, value.Scalar{E: r}}})
}
