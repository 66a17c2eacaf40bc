package value

import (
	"go/types"
	"strconv"
	"strings"
)

// ReflectTypeString is the string reflect's Type.String gives for t (the
// compiler's: package names, not paths, except in a generic instance's
// type arguments; uint8 for byte; "interface {}"), or ok=false for the
// types whose strings the executor does not reproduce: embedded struct
// fields, unexported interface methods, and channels of channels (which
// Go parenthesises).
func ReflectTypeString(t types.Type) (string, bool) {
	var b strings.Builder
	ok := (&reflectTypeWriter{b: &b}).typ(t, 0)
	return b.String(), ok
}

// reflectTypeWriter writes reflect's type strings. byPath is set inside
// the type arguments of a generic instance: there Go names a named type's
// package by its path (main.Box[example.com/m/sub.T]), elsewhere by its
// name.
type reflectTypeWriter struct {
	b      *strings.Builder
	byPath bool
}

func (w *reflectTypeWriter) typ(t types.Type, depth int) bool {
	b := w.b
	if depth > 32 {
		return false
	}
	t = types.Unalias(t)
	switch u := t.(type) {
	case *types.Named:
		if u.TypeArgs().Len() < u.TypeParams().Len() {
			return false // a generic type itself, never a value's
		}
		if p := u.Obj().Pkg(); p != nil {
			if w.byPath {
				b.WriteString(p.Path() + ".")
			} else {
				b.WriteString(p.Name() + ".")
			}
		}
		b.WriteString(u.Obj().Name())
		if args := u.TypeArgs(); args.Len() > 0 {
			inner := &reflectTypeWriter{b: b, byPath: true}
			b.WriteString("[")
			for i := 0; i < args.Len(); i++ {
				if i > 0 {
					b.WriteString(",")
				}
				if !inner.typ(args.At(i), depth+1) {
					return false
				}
			}
			b.WriteString("]")
		}
		return true
	case *types.Basic:
		switch {
		case u.Kind() == types.UnsafePointer:
			b.WriteString("unsafe.Pointer")
		case u.Info()&types.IsUntyped != 0:
			return false
		default:
			b.WriteString(types.Typ[u.Kind()].Name())
		}
		return true
	case *types.Pointer:
		b.WriteString("*")
		return w.typ(u.Elem(), depth+1)
	case *types.Slice:
		b.WriteString("[]")
		return w.typ(u.Elem(), depth+1)
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(u.Len(), 10) + "]")
		return w.typ(u.Elem(), depth+1)
	case *types.Map:
		b.WriteString("map[")
		if !w.typ(u.Key(), depth+1) {
			return false
		}
		b.WriteString("]")
		return w.typ(u.Elem(), depth+1)
	case *types.Chan:
		if _, chanOfChan := u.Elem().Underlying().(*types.Chan); chanOfChan {
			return false
		}
		b.WriteString(map[types.ChanDir]string{types.SendRecv: "chan ", types.SendOnly: "chan<- ", types.RecvOnly: "<-chan "}[u.Dir()])
		return w.typ(u.Elem(), depth+1)
	case *types.Signature:
		b.WriteString("func")
		return w.signature(u, depth)
	case *types.Interface:
		if u.NumMethods() == 0 {
			b.WriteString("interface {}")
			return true
		}
		b.WriteString("interface { ")
		for i := 0; i < u.NumMethods(); i++ {
			m := u.Method(i)
			if !m.Exported() {
				return false
			}
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(m.Name())
			if !w.signature(m.Type().(*types.Signature), depth) {
				return false
			}
		}
		b.WriteString(" }")
		return true
	case *types.Struct:
		if u.NumFields() == 0 {
			b.WriteString("struct {}")
			return true
		}
		b.WriteString("struct { ")
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if f.Embedded() {
				return false
			}
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(f.Name() + " ")
			if !w.typ(f.Type(), depth+1) {
				return false
			}
			if tag := u.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		}
		b.WriteString(" }")
		return true
	}
	return false
}

// writeReflectSignature writes a signature's parameters and results as
// reflect does after "func" or a method's name.
func (w *reflectTypeWriter) signature(sig *types.Signature, depth int) bool {
	b := w.b
	b.WriteString("(")
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		t := params.At(i).Type()
		if sig.Variadic() && i == params.Len()-1 {
			b.WriteString("...")
			t = t.(*types.Slice).Elem()
		}
		if !w.typ(t, depth+1) {
			return false
		}
	}
	b.WriteString(")")
	results := sig.Results()
	switch results.Len() {
	case 0:
	case 1:
		b.WriteString(" ")
		return w.typ(results.At(0).Type(), depth+1)
	default:
		b.WriteString(" (")
		for i := 0; i < results.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if !w.typ(results.At(i).Type(), depth+1) {
				return false
			}
		}
		b.WriteString(")")
	}
	return true
}
