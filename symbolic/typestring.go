package symbolic

import (
	"go/types"
	"strconv"
	"strings"
)

// reflectTypeString is the string reflect's Type.String gives for t (the
// compiler's: package names, not paths; uint8 for byte; "interface {}"),
// or ok=false for the types whose strings the executor does not
// reproduce: instances of generic types (whose arguments Go names by
// package path), embedded struct fields, unexported interface methods, and
// channels of channels (which Go parenthesises).
func reflectTypeString(t types.Type) (string, bool) {
	var b strings.Builder
	ok := writeReflectType(&b, t, 0)
	return b.String(), ok
}

func writeReflectType(b *strings.Builder, t types.Type, depth int) bool {
	if depth > 32 {
		return false
	}
	t = types.Unalias(t)
	switch u := t.(type) {
	case *types.Named:
		if u.TypeArgs().Len() > 0 || u.TypeParams().Len() > 0 {
			return false
		}
		if p := u.Obj().Pkg(); p != nil {
			b.WriteString(p.Name() + ".")
		}
		b.WriteString(u.Obj().Name())
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
		return writeReflectType(b, u.Elem(), depth+1)
	case *types.Slice:
		b.WriteString("[]")
		return writeReflectType(b, u.Elem(), depth+1)
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(u.Len(), 10) + "]")
		return writeReflectType(b, u.Elem(), depth+1)
	case *types.Map:
		b.WriteString("map[")
		if !writeReflectType(b, u.Key(), depth+1) {
			return false
		}
		b.WriteString("]")
		return writeReflectType(b, u.Elem(), depth+1)
	case *types.Chan:
		if _, chanOfChan := u.Elem().Underlying().(*types.Chan); chanOfChan {
			return false
		}
		b.WriteString(map[types.ChanDir]string{types.SendRecv: "chan ", types.SendOnly: "chan<- ", types.RecvOnly: "<-chan "}[u.Dir()])
		return writeReflectType(b, u.Elem(), depth+1)
	case *types.Signature:
		b.WriteString("func")
		return writeReflectSignature(b, u, depth)
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
			if !writeReflectSignature(b, m.Type().(*types.Signature), depth) {
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
			if !writeReflectType(b, f.Type(), depth+1) {
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
func writeReflectSignature(b *strings.Builder, sig *types.Signature, depth int) bool {
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
		if !writeReflectType(b, t, depth+1) {
			return false
		}
	}
	b.WriteString(")")
	results := sig.Results()
	switch results.Len() {
	case 0:
	case 1:
		b.WriteString(" ")
		return writeReflectType(b, results.At(0).Type(), depth+1)
	default:
		b.WriteString(" (")
		for i := 0; i < results.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writeReflectType(b, results.At(i).Type(), depth+1) {
				return false
			}
		}
		b.WriteString(")")
	}
	return true
}
