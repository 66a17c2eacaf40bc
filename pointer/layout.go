package pointer

import (
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A cell is one node of a flattened type. Field sensitivity comes from
// flattening: a value or object of type T occupies len(layout(T))
// consecutive nodes, so the address of a field is the address of the
// object plus a constant offset, and loads and stores copy blocks of
// nodes at constant offsets. Struct and array types get an extra
// identity cell first (the header), so a pointer to a struct is never
// confused with a pointer to its first field. Arrays keep a single
// summary element: every index maps to the same cells.
type cell struct {
	typ    types.Type // the type stored in this cell (the aggregate type for a header)
	path   string     // selector path from the root: "", ".f", ".f[*]", "[*].g"
	header bool       // identity cell of a struct or array; holds no data of its own
	// The struct whose field this cell (or the aggregate it heads) is,
	// when the last selector is a field; nil otherwise.
	parent *types.Struct
	field  int
}

type layout []cell

// layouts memoises flattening. Identical types share one layout, so
// values of equal types always have equal offsets.
type layouts struct {
	m typeutil.Map
}

// of returns the layout of t.
func (ls *layouts) of(t types.Type) layout {
	if l, ok := ls.m.At(t).(layout); ok {
		return l
	}
	var l layout
	ls.flatten(&l, t, "", nil, 0)
	ls.m.Set(t, l)
	return l
}

// size is the number of nodes of a value of type t.
func (ls *layouts) size(t types.Type) int { return len(ls.of(t)) }

func (ls *layouts) flatten(l *layout, t types.Type, path string, parent *types.Struct, field int) {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		*l = append(*l, cell{typ: t, path: path, header: true, parent: parent, field: field})
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			ls.flatten(l, f.Type(), path+"."+f.Name(), u, i)
		}
	case *types.Array:
		*l = append(*l, cell{typ: t, path: path, header: true, parent: parent, field: field})
		ls.flatten(l, u.Elem(), path+"[*]", nil, 0)
	case *types.Tuple:
		// Tuples (multiple results) are never stored in memory, so
		// they need no header.
		for i := 0; i < u.Len(); i++ {
			ls.flatten(l, u.At(i).Type(), path+"#"+itoa(i), nil, 0)
		}
	default:
		*l = append(*l, cell{typ: t, path: path, parent: parent, field: field})
	}
}

// offsetOfField is the offset of field i inside a struct of type t
// (relative to its header).
func (ls *layouts) offsetOfField(t types.Type, i int) int {
	s := t.Underlying().(*types.Struct)
	off := 1
	for j := 0; j < i; j++ {
		off += ls.size(s.Field(j).Type())
	}
	return off
}

// offsetOfTuple is the offset of component i in a tuple.
func (ls *layouts) offsetOfTuple(t *types.Tuple, i int) int {
	off := 0
	for j := 0; j < i; j++ {
		off += ls.size(t.At(j).Type())
	}
	return off
}

// hasPointers reports whether a value of type t can hold an address:
// only such values get nodes of their own.
func (ls *layouts) hasPointers(t types.Type) bool {
	for _, c := range ls.of(t) {
		if !c.header && isPointerLike(c.typ) {
			return true
		}
	}
	return false
}

// isPointerLike reports whether a scalar of type t refers to an object.
// Strings are immutable and never alias a writable location, so they are
// left out.
func isPointerLike(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
