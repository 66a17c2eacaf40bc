package inputs

import (
	"fmt"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Map inputs. An input of map type is nil or holds 0 … MaxElems entries.
// The size is a choice of input shape (choices.go) whose selector is
// "len(name)", with -1 read as nil, so the map's entry structure is known
// on every path (as map objects require); keys are symbolic and pairwise
// distinct. The parts are named "keys(name)[i]" and "name[keys(name)[i]]".

// MapKeyName names the key i of the map input name, and mapValName its
// value.
func MapKeyName(name string, i int) string { return fmt.Sprintf("keys(%s)[%d]", name, i) }
func mapValName(name string, i int) string { return name + "[" + MapKeyName(name, i) + "]" }

// mapSizes are the values of a map input's size selector: -1 (nil), 0, …,
// max.
func mapSizes(max int) []uint64 {
	vals := make([]uint64, 0, max+2)
	for n := -1; n <= max; n++ {
		vals = append(vals, uint64(int64(n)))
	}
	return vals
}

// buildMap makes the input of map type mt called name.
func (e *Builder) buildMap(s *machine.State, name string, mt *types.Map, depth int) value.Value {
	in := Of(s)
	if !comparableInput(mt.Key()) {
		// Keys the harness cannot keep distinct: the map stays nil, and the
		// paths say so (they are not exhaustive).
		s.Limit(name + " is a nil map: its key type is not supported as input")
		return value.Pointer{NonNil: expr.False}
	}
	if depth >= in.bounds.MaxDepth {
		s.Limit(fmt.Sprintf("%s is a nil map: nesting bound %d", name, in.bounds.MaxDepth))
		return value.Pointer{NonNil: expr.False}
	}
	maxElems := in.MaxSize(name, in.bounds.MaxElems)
	pins := []string{name + " == nil"}
	for n := 0; n <= maxElems; n++ {
		pins = append(pins, fmt.Sprintf("len(%s) == %d", name, n))
	}
	size, sizes := expr.BVVar(LenName(name), 64), mapSizes(maxElems)
	// Each size is a bound constraint: within the bound lie the other
	// sizes, beyond it the larger maps.
	var sizePins []expr.Expr
	for _, n := range sizes {
		sizePins = append(sizePins, expr.Eq(size, expr.Const(64, n)))
	}
	e.NoteMapBound(sizePins, name, size, maxElems, in.bounds.GrowElems)
	k := e.Choose(s, LenName(name), size, sizes, pins)
	return e.mapInput(s, name, mt, k-1, depth)
}

// mapInput builds the input map of n entries (nil for n < 0), assuming its
// keys distinct.
func (e *Builder) mapInput(s *machine.State, name string, mt *types.Map, n, depth int) value.Value {
	if n < 0 {
		return value.Pointer{NonNil: expr.False}
	}
	var mv value.Map
	equalKeys := name + " has two equal keys"
	for i := 0; i < n; i++ {
		k := Of(s).build(e, s, MapKeyName(name, i), mt.Key(), depth+1)
		for _, other := range mv.Keys {
			if !e.AssumeBuilt(s, expr.Not(inputKeysEqual(k, other)), equalKeys) {
				return value.Pointer{NonNil: expr.False}
			}
		}
		mv.Keys = append(mv.Keys, k)
		mv.Vals = append(mv.Vals, Of(s).build(e, s, mapValName(name, i), mt.Elem(), depth+1))
	}
	if Of(s).model == nil {
		mv.Size = expr.BVVar(LenName(name), 64)
	}
	id := s.Mem.Alloc(&value.Object{Type: mt, Value: mv, Input: name, Root: Of(s).root, RootType: mt})
	return value.Pointer{NonNil: expr.True, Obj: id}
}

// comparableInput reports whether input keys of type t can be kept
// pairwise distinct: integers, bools and strings.
func comparableInput(t types.Type) bool {
	_, _, isInt := value.IntInfo(t)
	return isInt || value.IsBool(t) || value.IsString(t)
}

// inputKeysEqual is equality of two keys built by the harness, which are
// scalars or strings (see comparableInput).
func inputKeysEqual(a, b value.Value) expr.Expr {
	if x, ok := a.(value.String); ok {
		return value.StringsEqual(x, b.(value.String))
	}
	return expr.Eq(a.(value.Scalar).E, b.(value.Scalar).E)
}

// mapLiteral is the concrete value of a map input under a model, following
// buildMap's naming.
func (e *Builder) mapLiteral(name string, mt *types.Map, t types.Type, m expr.Assignment, depth int, home *ssa.Function) concrete.Value {
	if !comparableInput(mt.Key()) || depth >= e.Cfg.Bounds.MaxDepth {
		return concrete.Value{Type: t, Kind: concrete.Nil}
	}
	n := int(int64(expr.Eval(expr.BVVar(LenName(name), 64), m)))
	if n < 0 {
		return concrete.Value{Type: t, Kind: concrete.Nil}
	}
	v := concrete.Value{Type: t, Kind: concrete.Map}
	for i := 0; i < n; i++ {
		v.Keys = append(v.Keys, e.argLiteral(MapKeyName(name, i), mt.Key(), m, depth+1, home))
		v.Elems = append(v.Elems, e.argLiteral(mapValName(name, i), mt.Elem(), m, depth+1, home))
	}
	return v
}
