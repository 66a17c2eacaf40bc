package testgen

import (
	"cmp"
	"go/types"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// literals writes concrete values as Go source in the test file.
type literals struct {
	home *types.Package
	imp  *imports
	// ptrHelper names the file's generic helper that returns a pointer to
	// a copy of its argument, for pointers to values that have no
	// composite literal (&3 is not Go). usesPtr records that it is needed.
	ptrHelper string
	usesPtr   bool
	// forms are what the file's language version allows (version.go);
	// nil allows everything.
	forms *langForms
	// helperTypes names the helper types in the file (failhelpers.go), by
	// the executor's names for them; usedHelpers records those a literal
	// used.
	helperTypes map[string]string
	usedHelpers map[string]bool
	// numbersOnly writes bytes and runes as numbers: the elements of a
	// list that is mostly not characters (spelling.go).
	numbersOnly bool
	// hex writes non-negative integers in hex: an input the function
	// compares with hex constants (hexparams.go).
	hex bool
}

// typeName spells t in the test file, or says why it cannot.
func (l *literals) typeName(t types.Type) (string, error) {
	if err := nameable(l.home, t); err != nil {
		return "", err
	}
	return l.spell(types.TypeString(t, l.imp.qualifier)), nil
}

// inSlot writes v where a value of static type slot is expected. In a
// composite literal's element or key (elem), a composite of exactly that
// type leaves its type out, as gofmt -s does: []Point{{X: 1}}.
func (l *literals) inSlot(v concrete.Value, slot types.Type, elem bool) (string, error) {
	if v.Kind == concrete.Interface {
		if v.Elem == nil {
			return "", errNoLiteral{"interface value without its dynamic value"}
		}
		return l.write(*v.Elem, true, false)
	}
	inInterface := slot != nil && types.IsInterface(slot)
	elide := elem && !inInterface && slot != nil && v.Type != nil && types.Identical(v.Type, slot)
	return l.write(v, inInterface, elide)
}

// write gives the source of v. selfTyped says nothing around the literal
// gives it a type (it stands for an interface's dynamic value), so a
// constant whose default type is not v's type must be converted. elide
// says a composite literal may leave its type out.
func (l *literals) write(v concrete.Value, selfTyped, elide bool) (string, error) {
	switch v.Kind {
	case concrete.Nil:
		return l.nilLit(v, selfTyped)
	case concrete.Bool:
		return l.basic(v.Type, strconv.FormatBool(v.Bool), selfTyped)
	case concrete.Int:
		lit := l.signedLit(v.Type, v.Int)
		if strings.HasPrefix(lit, "'") && basicKind(v.Type) == types.Int32 {
			return lit, nil // a rune constant: its default type is rune
		}
		return l.basic(v.Type, lit, selfTyped)
	case concrete.Uint:
		return l.basic(v.Type, l.unsignedLit(v.Type, v.Uint), selfTyped)
	case concrete.Float:
		return l.floatLit(v, selfTyped)
	case concrete.String:
		return l.basic(v.Type, stringLit(v.Str), selfTyped)
	case concrete.Struct:
		return l.structLit(v, elide)
	case concrete.Array, concrete.Slice:
		return l.listLit(v, elide)
	case concrete.Map:
		return l.mapLit(v, elide)
	case concrete.Pointer:
		return l.pointerLit(v, elide)
	case concrete.Interface:
		return l.inSlot(v, v.Type, false)
	case concrete.Call:
		return l.callLit(v)
	case concrete.Global:
		return l.globalLit(v)
	case concrete.FuncLit:
		return l.funcLit(v, selfTyped)
	case concrete.MakeChan:
		name, err := l.typeName(v.Type)
		if err != nil {
			return "", err
		}
		return "make(" + name + ")", nil
	case concrete.Opaque:
		return "", errNoLiteral{v.Why}
	}
	return "", errNoLiteral{"value of kind " + v.Kind.String()}
}

// nilLit is nil, converted to its type where it stands for a typed nil
// in an interface: (*T)(nil) is not the same as a nil interface.
func (l *literals) nilLit(v concrete.Value, selfTyped bool) (string, error) {
	if !selfTyped || v.Type == nil || types.IsInterface(v.Type) {
		return "nil", nil
	}
	name, err := l.typeName(v.Type)
	if err != nil {
		return "", err
	}
	switch v.Type.Underlying().(type) {
	case *types.Pointer, *types.Signature, *types.Chan:
		return "(" + name + ")(nil)", nil
	}
	return name + "(nil)", nil
}

// basic writes a constant. Where the context gives no type, it is
// converted unless its default type is already right: int8(-3), Kind(2).
func (l *literals) basic(t types.Type, lit string, selfTyped bool) (string, error) {
	if !selfTyped || hasDefaultType(t) {
		return lit, nil
	}
	name, err := l.typeName(t)
	if err != nil {
		return "", err
	}
	return name + "(" + lit + ")", nil
}

// hasDefaultType reports whether an untyped constant of t's kind, written
// alone, already has type t.
func hasDefaultType(t types.Type) bool {
	b, ok := t.(*types.Basic)
	if !ok {
		return false
	}
	switch b.Kind() {
	case types.Int, types.String, types.Bool, types.Float64:
		return true
	}
	return false
}

// floatLit writes the shortest literal that reads back as the same value
// of the float's size; NaN, infinities and negative zero, which are not
// constants, are calls into package math.
func (l *literals) floatLit(v concrete.Value, selfTyped bool) (string, error) {
	f := v.Float
	mathName := func() string { return l.imp.name("math", "math") }
	var lit string
	switch {
	case math.IsNaN(f):
		lit = mathName() + ".NaN()"
	case math.IsInf(f, 1):
		lit = mathName() + ".Inf(1)"
	case math.IsInf(f, -1):
		lit = mathName() + ".Inf(-1)"
	case f == 0 && math.Signbit(f):
		lit = mathName() + ".Copysign(0, -1)"
	default:
		lit = strconv.FormatFloat(f, 'g', -1, floatBits(v.Type))
		if !strings.ContainsAny(lit, ".eE") {
			lit += ".0"
		}
		return l.basic(v.Type, lit, selfTyped)
	}
	// The math calls are float64: other float types need a conversion,
	// even where the context gives the type.
	if b, ok := v.Type.(*types.Basic); ok && b.Kind() == types.Float64 {
		return lit, nil
	}
	return l.basic(v.Type, lit, true)
}

func floatBits(t types.Type) int {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Float32 {
		return 32
	}
	return 64
}

// composite writes T{body}, or {body} when the type may be left out.
func (l *literals) composite(t types.Type, body []string, elide bool) (string, error) {
	inner := "{" + strings.Join(body, ", ") + "}"
	if elide {
		return inner, nil
	}
	name, err := l.typeName(t)
	if err != nil {
		return "", err
	}
	return name + inner, nil
}

// structLit writes the non-zero fields by name, as people write them.
func (l *literals) structLit(v concrete.Value, elide bool) (string, error) {
	st, ok := v.Type.Underlying().(*types.Struct)
	if !ok || st.NumFields() != len(v.Elems) {
		return "", errNoLiteral{"malformed struct value of type " + shortType(v.Type)}
	}
	if err := nameable(l.home, v.Type); err != nil {
		return "", err // say so rather than complain about its fields
	}
	var fields []string
	for i, f := range v.Elems {
		if isZero(f) {
			continue
		}
		field := st.Field(i)
		switch {
		case field.Name() == "_":
			return "", errNoLiteral{"non-zero blank field of " + shortType(v.Type)}
		case !field.Exported() && field.Pkg() != nil && field.Pkg().Path() != l.home.Path():
			return "", errNoLiteral{"unexported field " + field.Name() + " of " + shortType(v.Type)}
		}
		src, err := l.inSlot(f, field.Type(), false)
		if err != nil {
			return "", err
		}
		fields = append(fields, field.Name()+": "+src)
	}
	return l.composite(v.Type, fields, elide)
}

// sparseArray is the length from which an array that is mostly zero is
// written with indices: [256]byte{3: 1}.
const sparseArray = 8

func (l *literals) listLit(v concrete.Value, elide bool) (string, error) {
	if s, ok := printableBytes(v); ok {
		name, err := l.typeName(v.Type)
		if err != nil {
			return "", err
		}
		return name + "(" + stringLit(s) + ")", nil
	}
	var elemType types.Type
	switch u := v.Type.Underlying().(type) {
	case *types.Slice:
		elemType = u.Elem()
	case *types.Array:
		elemType = u.Elem()
	default:
		return "", errNoLiteral{"malformed list value of type " + shortType(v.Type)}
	}
	elems := v.Elems
	indexed := false
	if v.Kind == concrete.Array {
		// Trailing zeros are implied; a long mostly-zero array keeps
		// only its non-zero elements, by index.
		for len(elems) > 0 && isZero(elems[len(elems)-1]) {
			elems = elems[:len(elems)-1]
		}
		zeros := 0
		for _, e := range elems {
			if isZero(e) {
				zeros++
			}
		}
		indexed = len(v.Elems) >= sparseArray && zeros*2 > len(elems)
	}
	defer func(was bool) { l.numbersOnly = was }(l.numbersOnly)
	l.numbersOnly = false // a rune field of a struct element is a field of its own
	if b, ok := elemType.(*types.Basic); ok && (b.Name() == "byte" || b.Name() == "rune") {
		l.numbersOnly = !mostlyChars(elemType, elems)
	}
	var body []string
	for i, e := range elems {
		if indexed && isZero(e) {
			continue
		}
		src, err := l.inSlot(e, elemType, true)
		if err != nil {
			return "", err
		}
		if indexed {
			src = strconv.Itoa(i) + ": " + src
		}
		body = append(body, src)
	}
	return l.composite(v.Type, body, elide)
}

// printableBytes reads a non-empty byte slice of printable UTF-8 text as a
// string, the readable way to write it: []byte("abc").
func printableBytes(v concrete.Value) (string, bool) {
	sl, ok := v.Type.Underlying().(*types.Slice)
	if !ok || v.Kind != concrete.Slice || len(v.Elems) == 0 {
		return "", false
	}
	if b, ok := sl.Elem().(*types.Basic); !ok || b.Kind() != types.Uint8 {
		return "", false // a named byte type would need a conversion per element
	}
	buf := make([]byte, len(v.Elems))
	for i, e := range v.Elems {
		if e.Kind != concrete.Uint {
			return "", false
		}
		buf[i] = byte(e.Uint)
	}
	s := string(buf)
	if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return "", false
	}
	return s, true
}

// mapLit writes the entries in key order: a map's order means nothing,
// and a fixed one keeps files byte-identical between runs.
func (l *literals) mapLit(v concrete.Value, elide bool) (string, error) {
	mt, ok := v.Type.Underlying().(*types.Map)
	if !ok || len(v.Keys) != len(v.Elems) {
		return "", errNoLiteral{"malformed map value of type " + shortType(v.Type)}
	}
	type entry struct {
		key      concrete.Value
		src, sep string
	}
	entries := make([]entry, len(v.Keys))
	for i := range v.Keys {
		k, err := l.inSlot(v.Keys[i], mt.Key(), true)
		if err != nil {
			return "", err
		}
		e, err := l.inSlot(v.Elems[i], mt.Elem(), true)
		if err != nil {
			return "", err
		}
		entries[i] = entry{key: v.Keys[i], src: k + ": " + e, sep: k}
	}
	slices.SortStableFunc(entries, func(a, b entry) int {
		if c := compareKeys(a.key, b.key); c != 0 {
			return c
		}
		return strings.Compare(a.sep, b.sep)
	})
	body := make([]string, len(entries))
	for i, e := range entries {
		body[i] = e.src
	}
	return l.composite(v.Type, body, elide)
}

// compareKeys orders map keys by value where that is meaningful (numbers
// numerically, strings lexically), and otherwise leaves it to the source.
func compareKeys(a, b concrete.Value) int {
	if a.Kind == concrete.Interface && a.Elem != nil {
		a = *a.Elem
	}
	if b.Kind == concrete.Interface && b.Elem != nil {
		b = *b.Elem
	}
	if a.Kind != b.Kind {
		return cmp.Compare(a.Kind, b.Kind)
	}
	switch a.Kind {
	case concrete.Int:
		return cmp.Compare(a.Int, b.Int)
	case concrete.Uint:
		return cmp.Compare(a.Uint, b.Uint)
	case concrete.Float:
		return cmp.Compare(a.Float, b.Float)
	case concrete.String:
		return strings.Compare(a.Str, b.Str)
	case concrete.Bool:
		if a.Bool == b.Bool {
			return 0
		}
		if !a.Bool {
			return -1
		}
		return 1
	}
	return 0
}

// pointerLit writes &T{...} for pointers to composite values and
// ptr[T](v) for the rest.
func (l *literals) pointerLit(v concrete.Value, elide bool) (string, error) {
	if v.Elem == nil {
		return "", errNoLiteral{"pointer without its target"}
	}
	elem := *v.Elem
	switch elem.Kind {
	case concrete.Struct, concrete.Array, concrete.Map, concrete.Slice:
		if _, bytes := printableBytes(elem); !bytes {
			src, err := l.write(elem, false, elide)
			if err != nil {
				return "", err
			}
			if elide {
				return src, nil // []*T{{...}} leaves out &T
			}
			return "&" + src, nil
		}
	}
	ptrType, ok := v.Type.Underlying().(*types.Pointer)
	if !ok {
		return "", errNoLiteral{"malformed pointer value of type " + shortType(v.Type)}
	}
	name, err := l.typeName(ptrType.Elem())
	if err != nil {
		return "", err
	}
	src, err := l.inSlot(elem, ptrType.Elem(), false)
	if err != nil {
		return "", err
	}
	return l.ptrCall(name, src), nil
}

// shortType writes t for messages, with package names rather than paths.
func shortType(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// isZero reports whether v is its type's zero value, which a struct
// literal leaves out.
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

// hasNaN reports whether v holds a NaN, which reflect.DeepEqual never
// finds equal to anything, itself included.
func hasNaN(v concrete.Value) bool {
	if v.Kind == concrete.Float && math.IsNaN(v.Float) {
		return true
	}
	if v.Elem != nil && hasNaN(*v.Elem) {
		return true
	}
	for _, e := range v.Elems {
		if hasNaN(e) {
			return true
		}
	}
	for _, k := range v.Keys {
		if hasNaN(k) {
			return true
		}
	}
	return false
}
