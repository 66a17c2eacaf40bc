package literal

import (
	"go/types"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// How a constant is spelled: the value never changes, only the form a
// person would write it in.

// CharLit writes a byte or rune as a character literal when it is one a
// reader recognises ('v', ' ', '\n'): the type must be spelled byte or
// rune (uint8 and int32 are numbers), and the character printable ASCII
// for a byte, any printable character for a rune, or a tab, newline or
// carriage return.
func CharLit(t types.Type, n int64) (string, bool) {
	b, ok := t.(*types.Basic)
	if !ok || b.Name() != "byte" && b.Name() != "rune" {
		return "", false
	}
	switch {
	case n == '\t' || n == '\n' || n == '\r', n >= ' ' && n < 0x7f:
		return strconv.QuoteRune(rune(n)), true
	case b.Name() == "rune" && n >= 0x80 && n <= unicode.MaxRune && utf8.ValidRune(rune(n)) && unicode.IsPrint(rune(n)):
		if unicode.IsLetter(rune(n)) {
			return strconv.QuoteRune(rune(n)), true // 'é'
		}
		// a symbol or mark whose glyph may mislead: '\ufffd', not '�'
		return strconv.QuoteRuneToASCII(rune(n)), true
	}
	return "", false
}

// mostlyChars reports whether more than half the elements of a list of
// bytes or runes are characters: only then are they written as such, as
// a character among binary data ({242, 'd', 0, 0}) reads as noise.
func mostlyChars(elemType types.Type, elems []concrete.Value) bool {
	chars := 0
	for _, e := range elems {
		n := e.Int
		if e.Kind == concrete.Uint {
			n = int64(e.Uint)
		}
		if _, ok := CharLit(elemType, n); ok && (e.Kind == concrete.Int || e.Kind == concrete.Uint) {
			chars++
		}
	}
	return chars*2 > len(elems)
}

// nearLimit is how far from its type's limit an integer is written as
// the limit and an offset: math.MaxUint64 - 25 says more than
// 18446744073709551590 or 0xffffffffffffffe6.
const nearLimit = 1 << 16

// limitName names the limit of an integer kind in package math, for the
// kinds whose limits are long numbers. Platform-sized int and uint use the
// 64-bit limits, as their literals did: math.MaxInt and math.MaxUint are
// newer than many modules' language versions.
func limitName(kind types.BasicKind) (max, min string) {
	switch kind {
	case types.Int64, types.Int:
		return "MaxInt64", "MinInt64"
	case types.Int32:
		return "MaxInt32", "MinInt32"
	case types.Uint64, types.Uint, types.Uintptr:
		return "MaxUint64", ""
	case types.Uint32:
		return "MaxUint32", ""
	}
	return "", ""
}

// BasicKind is the kind of t's underlying basic type, or Invalid.
func BasicKind(t types.Type) types.BasicKind {
	if t == nil {
		return types.Invalid
	}
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Kind()
	}
	return types.Invalid
}

// signedLit writes a signed integer: a character for a rune, the limit and
// an offset near the limits of a wide type, else decimal.
func (w *Writer) signedLit(t types.Type, n int64) string {
	if s, ok := CharLit(t, n); ok && !w.numbersOnly {
		return s
	}
	if w.Hex && n >= 0 {
		return "0x" + strconv.FormatInt(n, 16)
	}
	max, min := limitName(BasicKind(t))
	if max == "" {
		return strconv.FormatInt(n, 10)
	}
	var hi, lo int64 = math.MaxInt64, math.MinInt64
	if max == "MaxInt32" {
		hi, lo = math.MaxInt32, math.MinInt32
	}
	m := func() string { return w.Imports.Name("math", "math") } // only when used: it records the import
	switch {
	case n == hi:
		return m() + "." + max
	case n < hi && n > hi-nearLimit:
		return m() + "." + max + " - " + strconv.FormatInt(hi-n, 10)
	case n == lo:
		return m() + "." + min
	case n > lo && n < lo+nearLimit:
		return m() + "." + min + " + " + strconv.FormatInt(n-lo, 10)
	}
	return strconv.FormatInt(n, 10)
}

// unsignedLit writes an unsigned integer: a character for a byte, the
// limit and an offset near the limit of a wide type, all-ones masks in
// hex, which is how people think of them (0xffffff), the rest in decimal.
func (w *Writer) unsignedLit(t types.Type, u uint64) string {
	if u <= math.MaxInt64 && !w.numbersOnly {
		if s, ok := CharLit(t, int64(u)); ok {
			return s
		}
	}
	if w.Hex {
		return "0x" + strconv.FormatUint(u, 16)
	}
	if max, _ := limitName(BasicKind(t)); max != "" {
		var hi uint64 = math.MaxUint64
		if max == "MaxUint32" {
			hi = math.MaxUint32
		}
		m := func() string { return w.Imports.Name("math", "math") }
		switch {
		case u == hi:
			return m() + "." + max
		case u < hi && u > hi-nearLimit:
			return m() + "." + max + " - " + strconv.FormatUint(hi-u, 10)
		}
	}
	if u > 0xffff && u&(u+1) == 0 {
		return "0x" + strconv.FormatUint(u, 16)
	}
	return strconv.FormatUint(u, 10)
}

// rawStringEscapes is the number of escapes from which a string reads
// better as a raw string: `{"a": "b"}` rather than "{\"a\": \"b\"}".
const rawStringEscapes = 3

// StringLit writes a string as a quoted literal, or as a raw one when the
// quotes would need many escapes (of " and \) and a raw string can hold it:
// printable text without a backquote. A raw string also drops carriage
// returns and shows tabs and newlines as they are, so those stay quoted.
func StringLit(s string) string {
	q := strconv.Quote(s)
	if strings.Count(q, `\`) < rawStringEscapes || !utf8.ValidString(s) || strings.ContainsRune(s, '`') {
		return q
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return q
		}
	}
	return "`" + s + "`"
}
