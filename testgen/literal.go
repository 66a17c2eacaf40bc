package testgen

import (
	"fmt"
	"go/types"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// literals writes concrete values as Go source for a test file in package
// home, recording the imports the literals need.
type literals struct {
	home    *types.Package
	imports map[string]string // path → name used in the file
	usesPtr bool              // the file needs the gosymtestPtr helper
}

func newLiterals(home *types.Package) *literals {
	return &literals{home: home, imports: make(map[string]string)}
}

// errNoLiteral explains why a value cannot be written.
type errNoLiteral struct{ why string }

func (e errNoLiteral) Error() string { return e.why }

// qualifier names other packages by their (deduplicated) import name, and
// refuses what a test in home cannot name.
func (l *literals) qualifier(p *types.Package) string {
	if p == l.home {
		return ""
	}
	if name, ok := l.imports[p.Path()]; ok {
		return name
	}
	name := p.Name()
	for taken := true; taken; {
		taken = false
		for _, n := range l.imports {
			if n == name {
				taken, name = true, name+"x"
			}
		}
	}
	l.imports[p.Path()] = name
	return name
}

// typeName writes t, or fails if the test package cannot name it.
func (l *literals) typeName(t types.Type) (string, error) {
	if err := l.nameable(t, map[types.Type]bool{}); err != nil {
		return "", err
	}
	return types.TypeString(t, l.qualifier), nil
}

// nameable checks that every named type inside t can be written in home:
// exported, or declared in home, and not in another module's internal
// package.
func (l *literals) nameable(t types.Type, seen map[types.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch x := t.(type) {
	case *types.Named:
		obj := x.Obj()
		if obj.Pkg() != nil && obj.Pkg() != l.home {
			if !obj.Exported() {
				return errNoLiteral{"unexported type " + obj.Pkg().Name() + "." + obj.Name()}
			}
			if isInternal(obj.Pkg().Path()) {
				return errNoLiteral{"type " + obj.Name() + " of internal package " + obj.Pkg().Path()}
			}
		}
		if args := x.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				if err := l.nameable(args.At(i), seen); err != nil {
					return err
				}
			}
		}
		return nil
	case *types.Alias:
		return l.nameable(types.Unalias(x), seen)
	case *types.Pointer:
		return l.nameable(x.Elem(), seen)
	case *types.Slice:
		return l.nameable(x.Elem(), seen)
	case *types.Array:
		return l.nameable(x.Elem(), seen)
	case *types.Map:
		if err := l.nameable(x.Key(), seen); err != nil {
			return err
		}
		return l.nameable(x.Elem(), seen)
	case *types.Struct:
		for i := 0; i < x.NumFields(); i++ {
			if err := l.nameable(x.Field(i).Type(), seen); err != nil {
				return err
			}
		}
	}
	return nil
}

func isInternal(path string) bool {
	return strings.HasPrefix(path, "internal/") || strings.Contains(path, "/internal/") || strings.HasSuffix(path, "/internal")
}

// write gives the source of v. inInterface says the literal stands where
// an interface is expected, so a basic value needs its type spelled out.
func (l *literals) write(v concrete.Value, inInterface bool) (string, error) {
	switch v.Kind {
	case concrete.Nil:
		return "nil", nil
	case concrete.Bool:
		return l.typed(v.Type, strconv.FormatBool(v.Bool), inInterface)
	case concrete.Int:
		return l.typed(v.Type, strconv.FormatInt(v.Int, 10), inInterface)
	case concrete.Uint:
		return l.typed(v.Type, l.unsigned(v), inInterface)
	case concrete.Float:
		special := math.IsNaN(v.Float) || math.IsInf(v.Float, 0) // math.NaN() is a float64
		return l.typed(v.Type, l.float(v.Float), inInterface || special)
	case concrete.String:
		return l.typed(v.Type, strconv.Quote(v.Str), inInterface)
	case concrete.Struct:
		return l.structLit(v)
	case concrete.Array, concrete.Slice:
		return l.listLit(v)
	case concrete.Map:
		return l.mapLit(v)
	case concrete.Pointer:
		return l.pointerLit(v)
	case concrete.Interface:
		return l.write(*v.Elem, true)
	case concrete.Opaque:
		return "", errNoLiteral{v.Why}
	}
	return "", errNoLiteral{"value of kind " + v.Kind.String()}
}

// typed spells the type of a basic literal where the context does not
// give it: inside an interface the constant would get its default type
// (int, float64, string, bool), so any other type is converted to.
func (l *literals) typed(t types.Type, lit string, inInterface bool) (string, error) {
	if !inInterface || hasDefaultType(t, lit) {
		return lit, nil
	}
	name, err := l.typeName(t)
	if err != nil {
		return "", err
	}
	return name + "(" + lit + ")", nil
}

// hasDefaultType reports whether the untyped constant lit, standing alone,
// already has type t.
func hasDefaultType(t types.Type, lit string) bool {
	b, ok := t.(*types.Basic)
	if !ok {
		return false
	}
	switch b.Kind() {
	case types.Int, types.String, types.Bool:
		return true
	case types.Float64:
		return true // float literals are written with a dot or as math.X()
	}
	return false
}

func (l *literals) unsigned(v concrete.Value) string {
	if v.Uint > 0xffff && v.Uint&(v.Uint+1) == 0 || v.Uint > 1<<32 {
		return fmt.Sprintf("%#x", v.Uint)
	}
	return strconv.FormatUint(v.Uint, 10)
}

func (l *literals) float(f float64) string {
	switch {
	case math.IsNaN(f):
		l.qualifier(types.NewPackage("math", "math"))
		return "math.NaN()"
	case math.IsInf(f, 1):
		l.qualifier(types.NewPackage("math", "math"))
		return "math.Inf(1)"
	case math.IsInf(f, -1):
		l.qualifier(types.NewPackage("math", "math"))
		return "math.Inf(-1)"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

func (l *literals) structLit(v concrete.Value) (string, error) {
	name, err := l.typeName(v.Type)
	if err != nil {
		return "", err
	}
	st := v.Type.Underlying().(*types.Struct)
	var fields []string
	for i, f := range v.Elems {
		if isZero(f) {
			continue // zero fields are left out, as people write them
		}
		field := st.Field(i)
		if !field.Exported() && field.Pkg() != l.home {
			return "", errNoLiteral{"unexported field " + field.Name() + " of " + name}
		}
		src, err := l.write(f, types.IsInterface(field.Type()))
		if err != nil {
			return "", err
		}
		fields = append(fields, field.Name()+": "+src)
	}
	return name + "{" + strings.Join(fields, ", ") + "}", nil
}

func (l *literals) listLit(v concrete.Value) (string, error) {
	name, err := l.typeName(v.Type)
	if err != nil {
		return "", err
	}
	if s, ok := byteString(v); ok {
		return name + "(" + strconv.Quote(s) + ")", nil
	}
	var elemType types.Type
	switch u := v.Type.Underlying().(type) {
	case *types.Slice:
		elemType = u.Elem()
	case *types.Array:
		elemType = u.Elem()
	}
	var elems []string
	for _, e := range v.Elems {
		src, err := l.write(e, types.IsInterface(elemType))
		if err != nil {
			return "", err
		}
		elems = append(elems, src)
	}
	return name + "{" + strings.Join(elems, ", ") + "}", nil
}

// byteString reads a []byte of printable UTF-8 as a string, the readable
// way to write it.
func byteString(v concrete.Value) (string, bool) {
	sl, ok := v.Type.Underlying().(*types.Slice)
	if !ok || len(v.Elems) == 0 {
		return "", false
	}
	if b, ok := sl.Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.Byte {
		return "", false
	}
	buf := make([]byte, len(v.Elems))
	for i, e := range v.Elems {
		buf[i] = byte(e.Uint)
	}
	s := string(buf)
	if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return "", false
	}
	return s, true
}

func (l *literals) mapLit(v concrete.Value) (string, error) {
	name, err := l.typeName(v.Type)
	if err != nil {
		return "", err
	}
	mt := v.Type.Underlying().(*types.Map)
	entries := make([]string, len(v.Keys))
	for i := range v.Keys {
		k, err := l.write(v.Keys[i], types.IsInterface(mt.Key()))
		if err != nil {
			return "", err
		}
		e, err := l.write(v.Elems[i], types.IsInterface(mt.Elem()))
		if err != nil {
			return "", err
		}
		entries[i] = k + ": " + e
	}
	sort.Strings(entries) // map order means nothing; sorted reads and diffs well
	return name + "{" + strings.Join(entries, ", ") + "}", nil
}

func (l *literals) pointerLit(v concrete.Value) (string, error) {
	elem := *v.Elem
	switch elem.Kind {
	case concrete.Struct, concrete.Array, concrete.Slice, concrete.Map:
		src, err := l.write(elem, false)
		if err != nil {
			return "", err
		}
		return "&" + src, nil
	}
	name, err := l.typeName(elem.Type)
	if err != nil {
		return "", err
	}
	src, err := l.write(elem, false)
	if err != nil {
		return "", err
	}
	l.usesPtr = true
	return "gosymtestPtr[" + name + "](" + src + ")", nil
}

// isZero reports whether v is its type's zero value.
func isZero(v concrete.Value) bool {
	switch v.Kind {
	case concrete.Nil:
		return true
	case concrete.Bool:
		return !v.Bool
	case concrete.Int:
		return v.Int == 0
	case concrete.Uint:
		return v.Uint == 0
	case concrete.Float:
		return v.Float == 0 && !math.Signbit(v.Float)
	case concrete.String:
		return v.Str == ""
	case concrete.Struct, concrete.Array:
		for _, e := range v.Elems {
			if !isZero(e) {
				return false
			}
		}
		return true
	}
	return false
}
