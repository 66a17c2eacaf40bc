package pointer

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// walkPath returns the offset, inside o, of the location a FieldPath
// selects.
func walkPath(lay *layouts, o *Object, path FieldPath) (int, bool) {
	var t types.Type
	off := 0
	switch o.Kind {
	case KindSlice:
		t = types.NewArray(o.Type, 1)
	case KindBox:
		t, off = o.Type, 1
	case KindFunc:
		return 0, len(path) == 0
	case KindMap, KindChan:
		if len(path) == 0 {
			return 0, true
		}
		var u types.Type
		off = 1
		switch m := o.Type.Underlying().(type) {
		case *types.Map:
			u = m.Key()
			if path[0] == 1 {
				off += lay.size(m.Key())
				u = m.Elem()
			}
		case *types.Chan:
			u = m.Elem()
		}
		t, path = u, path[1:]
	case KindInput:
		if _, ok := o.Type.Underlying().(*types.Map); ok && o.layout[0].typ == o.Type && len(o.layout) > 0 && isMapLayout(o) {
			return walkPath(lay, &Object{Kind: KindMap, Type: o.Type, layout: o.layout}, path)
		}
		if isChanLayout(o) {
			return walkPath(lay, &Object{Kind: KindChan, Type: o.Type, layout: o.layout}, path)
		}
		if len(o.layout) > 0 && o.layout[0].typ != o.Type {
			t = types.NewArray(o.Type, 1) // slice input: array of o.Type
		} else {
			t = o.Type
		}
	default:
		t = o.Type
	}
	for _, i := range path {
		switch u := t.Underlying().(type) {
		case *types.Struct:
			if i < 0 || i >= u.NumFields() {
				return 0, false
			}
			off += lay.offsetOfField(t, i)
			t = u.Field(i).Type()
		case *types.Array:
			off++
			t = u.Elem()
		default:
			return 0, false
		}
	}
	return off, off < len(o.layout)
}

// Input objects of map and channel type use the map and channel
// layouts; their header cell holds the map or channel type itself.
func isMapLayout(o *Object) bool {
	_, ok := o.Type.Underlying().(*types.Map)
	return ok && len(o.layout) > 0 && o.layout[0].header && o.layout[0].typ == o.Type
}

func isChanLayout(o *Object) bool {
	_, ok := o.Type.Underlying().(*types.Chan)
	return ok && len(o.layout) > 0 && o.layout[0].header && o.layout[0].typ == o.Type
}

func typeKey(t types.Type) string { return types.TypeString(t.Underlying(), nil) }

// inputKeys are the keys under which an input object of type t may be
// recorded (see inputObject).
func inputKeys(t types.Type) []string {
	return []string{
		"obj:" + typeKey(types.NewPointer(t)),
		"obj:" + typeKey(t),
		"box:" + types.TypeString(t, nil),
	}
}

// siteType is the type of the object a site allocates.
func siteType(site ssa.Value) types.Type {
	switch s := site.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.Parameter:
		if p, ok := s.Type().Underlying().(*types.Pointer); ok {
			return p.Elem()
		}
		return s.Type()
	case *ssa.MakeSlice, *ssa.Call, *ssa.Convert, *ssa.MultiConvert:
		if sl, ok := s.Type().Underlying().(*types.Slice); ok {
			return sl.Elem()
		}
	case *ssa.MakeInterface:
		return s.X.Type()
	}
	return site.Type()
}
