package literal

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

// Writer writes concrete values as Go source in a test file of package
// Home. It records what the literals it writes need: the imports (in
// Imports), the pointer helper (UsesPtr), the helper types (UsedHelpers).
type Writer struct {
	Home    *types.Package
	Imports Imports
	// PtrHelper names the file's generic helper that returns a pointer
	// to a copy of its argument, for pointers to values that have no
	// composite literal (&3 is not Go). UsesPtr records that it is
	// needed.
	PtrHelper string
	UsesPtr   bool
	// Lang is what the file's language version allows (lang.go); nil
	// allows everything.
	Lang Lang
	// HelperTypes names the helper types in the file (helpers.go), by
	// the executor's names for them; UsedHelpers records those a literal
	// used.
	HelperTypes map[string]string
	UsedHelpers map[string]bool
	// Fakes names and declares the fakes the literals use (fakes.go);
	// nil writes them under their own names.
	Fakes *Fakes
	// Hex writes non-negative integers in hex: an input the function
	// compares with hex constants.
	Hex bool
	// numbersOnly writes bytes and runes as numbers: the elements of a
	// list that is mostly not characters (spelling.go).
	numbersOnly bool
}

// TypeName spells t in the test file, or says why it cannot.
func (w *Writer) TypeName(t types.Type) (string, error) {
	if err := Nameable(w.Home, t); err != nil {
		return "", err
	}
	return w.spell(types.TypeString(t, w.Imports.Qualifier)), nil
}

// InSlot writes v where a value of static type slot is expected. In a
// composite literal's element or key (elem), a composite of exactly that
// type leaves its type out, as gofmt -s does: []Point{{X: 1}}.
func (w *Writer) InSlot(v concrete.Value, slot types.Type, elem bool) (string, error) {
	if v.Kind == concrete.Interface {
		if v.Elem == nil {
			return "", errNoLiteral{"interface value without its dynamic value"}
		}
		return w.write(*v.Elem, true, false)
	}
	inInterface := slot != nil && types.IsInterface(slot)
	elide := elem && !inInterface && slot != nil && v.Type != nil && types.Identical(v.Type, slot)
	return w.write(v, inInterface, elide)
}

// write gives the source of v. selfTyped says nothing around the literal
// gives it a type (it stands for an interface's dynamic value), so a
// constant whose default type is not v's type must be converted. elide
// says a composite literal may leave its type out.
func (w *Writer) write(v concrete.Value, selfTyped, elide bool) (string, error) {
	switch v.Kind {
	case concrete.Nil:
		return w.nilLit(v, selfTyped)
	case concrete.Bool:
		return w.basic(v.Type, strconv.FormatBool(v.Bool), selfTyped)
	case concrete.Int:
		lit := w.signedLit(v.Type, v.Int)
		if strings.HasPrefix(lit, "'") && BasicKind(v.Type) == types.Int32 {
			return lit, nil // a rune constant: its default type is rune
		}
		return w.basic(v.Type, lit, selfTyped)
	case concrete.Uint:
		return w.basic(v.Type, w.unsignedLit(v.Type, v.Uint), selfTyped)
	case concrete.Float:
		return w.floatLit(v, selfTyped)
	case concrete.String:
		return w.basic(v.Type, StringLit(v.Str), selfTyped)
	case concrete.Struct:
		return w.structLit(v, elide)
	case concrete.Array, concrete.Slice:
		return w.listLit(v, elide)
	case concrete.Map:
		return w.mapLit(v, elide)
	case concrete.Pointer:
		return w.pointerLit(v, elide)
	case concrete.Interface:
		return w.InSlot(v, v.Type, false)
	case concrete.Call:
		return w.callLit(v)
	case concrete.Global:
		return w.globalLit(v)
	case concrete.Deref:
		return w.derefLit(v)
	case concrete.Assert:
		return w.assertLit(v)
	case concrete.Setup:
		return w.setupLit(v)
	case concrete.FuncLit:
		return w.funcLit(v, selfTyped)
	case concrete.MakeChan:
		name, err := w.TypeName(v.Type)
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
func (w *Writer) nilLit(v concrete.Value, selfTyped bool) (string, error) {
	if !selfTyped || v.Type == nil || types.IsInterface(v.Type) {
		return "nil", nil
	}
	name, err := w.TypeName(v.Type)
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
func (w *Writer) basic(t types.Type, lit string, selfTyped bool) (string, error) {
	if !selfTyped || hasDefaultType(t) {
		return lit, nil
	}
	name, err := w.TypeName(t)
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
func (w *Writer) floatLit(v concrete.Value, selfTyped bool) (string, error) {
	f := v.Float
	mathName := func() string { return w.Imports.Name("math", "math") }
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
		return w.basic(v.Type, lit, selfTyped)
	}
	// The math calls are float64: other float types need a conversion,
	// even where the context gives the type.
	if b, ok := v.Type.(*types.Basic); ok && b.Kind() == types.Float64 {
		return lit, nil
	}
	return w.basic(v.Type, lit, true)
}

func floatBits(t types.Type) int {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Float32 {
		return 32
	}
	return 64
}

// composite writes T{body}, or {body} when the type may be left out.
func (w *Writer) composite(t types.Type, body []string, elide bool) (string, error) {
	inner := "{" + strings.Join(body, ", ") + "}"
	if elide {
		return inner, nil
	}
	name, err := w.TypeName(t)
	if err != nil {
		return "", err
	}
	return name + inner, nil
}

// structLit writes the non-zero fields by name, as people write them.
func (w *Writer) structLit(v concrete.Value, elide bool) (string, error) {
	st, ok := v.Type.Underlying().(*types.Struct)
	if !ok || st.NumFields() != len(v.Elems) {
		return "", errNoLiteral{"malformed struct value of type " + shortType(v.Type)}
	}
	if err := Nameable(w.Home, v.Type); err != nil {
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
		case !field.Exported() && field.Pkg() != nil && field.Pkg().Path() != w.Home.Path():
			return "", errNoLiteral{"unexported field " + field.Name() + " of " + shortType(v.Type)}
		}
		src, err := w.InSlot(f, field.Type(), false)
		if err != nil {
			return "", err
		}
		fields = append(fields, field.Name()+": "+src)
	}
	return w.composite(v.Type, fields, elide)
}

// sparseArray is the length from which an array that is mostly zero is
// written with indices: [256]byte{3: 1}.
const sparseArray = 8

func (w *Writer) listLit(v concrete.Value, elide bool) (string, error) {
	if s, ok := PrintableBytes(v); ok {
		name, err := w.TypeName(v.Type)
		if err != nil {
			return "", err
		}
		return name + "(" + StringLit(s) + ")", nil
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
	defer func(was bool) { w.numbersOnly = was }(w.numbersOnly)
	w.numbersOnly = false // a rune field of a struct element is a field of its own
	if b, ok := elemType.(*types.Basic); ok && (b.Name() == "byte" || b.Name() == "rune") {
		w.numbersOnly = !mostlyChars(elemType, elems)
	}
	var body []string
	for i, e := range elems {
		if indexed && isZero(e) {
			continue
		}
		src, err := w.InSlot(e, elemType, true)
		if err != nil {
			return "", err
		}
		if indexed {
			src = strconv.Itoa(i) + ": " + src
		}
		body = append(body, src)
	}
	return w.composite(v.Type, body, elide)
}

// PrintableBytes reads a non-empty byte slice of printable UTF-8 text as a
// string, the readable way to write it: []byte("abc").
func PrintableBytes(v concrete.Value) (string, bool) {
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
func (w *Writer) mapLit(v concrete.Value, elide bool) (string, error) {
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
		k, err := w.InSlot(v.Keys[i], mt.Key(), true)
		if err != nil {
			return "", err
		}
		e, err := w.InSlot(v.Elems[i], mt.Elem(), true)
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
	return w.composite(v.Type, body, elide)
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
func (w *Writer) pointerLit(v concrete.Value, elide bool) (string, error) {
	if v.Elem == nil {
		return "", errNoLiteral{"pointer without its target"}
	}
	elem := *v.Elem
	switch elem.Kind {
	case concrete.Struct, concrete.Array, concrete.Map, concrete.Slice:
		if _, bytes := PrintableBytes(elem); !bytes {
			src, err := w.write(elem, false, elide)
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
	name, err := w.TypeName(ptrType.Elem())
	if err != nil {
		return "", err
	}
	src, err := w.InSlot(elem, ptrType.Elem(), false)
	if err != nil {
		return "", err
	}
	return w.ptrCall(name, src), nil
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

// HasNaN reports whether v holds a NaN, which reflect.DeepEqual never
// finds equal to anything, itself included.
func HasNaN(v concrete.Value) bool {
	if v.Kind == concrete.Float && math.IsNaN(v.Float) {
		return true
	}
	if v.Elem != nil && HasNaN(*v.Elem) {
		return true
	}
	for _, e := range v.Elems {
		if HasNaN(e) {
			return true
		}
	}
	for _, k := range v.Keys {
		if HasNaN(k) {
			return true
		}
	}
	return false
}
