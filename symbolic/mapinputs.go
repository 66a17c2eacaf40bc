package symbolic

import (
	"fmt"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// Map inputs. A parameter of map type is nil or holds 0 … MaxElems entries.
// The size is a variable, "len(name)", with -1 read as nil, and the initial
// state forks once per size, so the map's entry structure is known on every
// path (as map objects require); keys are symbolic and pairwise distinct.
// The parts are named "keys(name)[i]" and "name[keys(name)[i]]". Maps
// nested in other inputs stay nil for now (recorded as a limitation).

func mapKeyName(name string, i int) string { return fmt.Sprintf("keys(%s)[%d]", name, i) }
func mapValName(name string, i int) string { return name + "[" + mapKeyName(name, i) + "]" }

func isMapParam(t types.Type) (*types.Map, bool) {
	m, ok := t.Underlying().(*types.Map)
	return m, ok
}

// forkMapInputs splits each of states once per size of each map parameter.
func (e *Engine) forkMapInputs(states []*State, fn *ssa.Function) []*State {
	for i, p := range fn.Params {
		mt, ok := isMapParam(p.Type())
		if !ok {
			continue
		}
		name := paramName(fn, i)
		if !comparableInput(mt.Key()) {
			// Keys the harness cannot keep distinct: the map stays nil, and
			// the paths say so (they are not exhaustive).
			for _, st := range states {
				st.inputs.limit(st, name+" is a nil map: its key type is not supported as input")
			}
			continue
		}
		size := expr.BVVar(lenName(name), 64)
		var next []*State
		for _, st := range states {
			group := []*State{st}
			for n := 0; n <= e.cfg.Bounds.MaxElems; n++ {
				e.nextID++
				group = append(group, st.fork(e.nextID))
			}
			// Pin after forking: a fork copies the path condition.
			for k, t := range group {
				n := k - 1 // -1: nil
				t.assume(expr.Eq(size, expr.Const(64, uint64(int64(n)))), "")
				v, ok := e.mapInput(t, name, mt, n)
				if !ok {
					panic(internalError("map input %s with key type %v", name, mt.Key()))
				}
				e.setParam(t, i, v)
				next = append(next, t)
			}
		}
		states = next
	}
	return states
}

// mapInput builds the input map of n entries (nil for n < 0), assuming its
// keys distinct. ok is false when the key type cannot be compared here.
func (e *Engine) mapInput(s *State, name string, mt *types.Map, n int) (Value, bool) {
	if n < 0 {
		return Pointer{NonNil: expr.False}, true
	}
	var mv mapValue
	for i := 0; i < n; i++ {
		k := s.inputs.build(e, s, mapKeyName(name, i), mt.Key(), 1)
		for _, other := range mv.Keys {
			eq, ok := e.equalNoPanic(k, other, mt.Key())
			if !ok {
				return nil, false
			}
			s.assume(expr.Not(eq), "")
		}
		mv.Keys = append(mv.Keys, k)
		mv.Vals = append(mv.Vals, s.inputs.build(e, s, mapValName(name, i), mt.Elem(), 1))
	}
	id := s.mem.alloc(&object{typ: mt, value: mv, input: name})
	return Pointer{NonNil: expr.True, Obj: id}, true
}

// comparableInput reports whether input keys of type t can be kept
// pairwise distinct: integers, bools and strings.
func comparableInput(t types.Type) bool {
	_, _, isInt := intInfo(t)
	return isInt || isBool(t) || isString(t)
}

// equalNoPanic is equality of input keys: scalars and strings (the keys the
// harness builds); other kinds are not compared here.
func (e *Engine) equalNoPanic(a, b Value, t types.Type) (expr.Expr, bool) {
	switch x := a.(type) {
	case Scalar:
		return expr.Eq(x.E, b.(Scalar).E), true
	case String:
		return stringsEqual(x, b.(String)), true
	}
	return expr.Expr{}, false
}

// replayMapInputs gives the map parameters of a replay state the size and
// entries the model chose.
func (e *Engine) replayMapInputs(s *State, fn *ssa.Function, m expr.Assignment) {
	for i, p := range fn.Params {
		mt, ok := isMapParam(p.Type())
		if !ok {
			continue
		}
		name := paramName(fn, i)
		n := int(int64(expr.Eval(expr.BVVar(lenName(name), 64), m)))
		if v, ok := e.mapInput(s, name, mt, n); ok {
			e.setParam(s, i, v)
		}
	}
}

// mapLiteral is the concrete value of a map input under a model.
func mapLiteral(name string, t types.Type, m expr.Assignment, b Bounds) (concrete.Value, bool) {
	mt, ok := isMapParam(t)
	if !ok {
		return concrete.Value{}, false
	}
	n := int(int64(expr.Eval(expr.BVVar(lenName(name), 64), m)))
	if n < 0 {
		return concrete.Value{Type: t, Kind: concrete.Nil}, true
	}
	v := concrete.Value{Type: t, Kind: concrete.Map}
	for i := 0; i < n; i++ {
		v.Keys = append(v.Keys, argLiteral(mapKeyName(name, i), mt.Key(), m, 1, b))
		v.Elems = append(v.Elems, argLiteral(mapValName(name, i), mt.Elem(), m, 1, b))
	}
	return v, true
}
