package value

import (
	"go/types"
	"unicode/utf8"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// This file decodes and encodes UTF-8 over symbolic bytes, with Go's rules
// (those of unicode/utf8 and the runtime's range loop): an invalid or
// truncated sequence, an overlong encoding or a surrogate decodes as
// utf8.RuneError with size 1, and encoding a negative rune, a surrogate or
// one past utf8.MaxRune gives the encoding of RuneError.

// decoding is one way the bytes at a position may decode: when Cond holds,
// the rune there is Rune and takes Size bytes.
type decoding struct {
	Cond expr.Expr
	Rune expr.Expr // 32 bits
	Size int
}

// Decodings lists the ways the bytes of str from position at may decode,
// given that at < len(str). Their conditions are disjoint and cover every
// case: ASCII, two-, three- and four-byte sequences, and invalid (size 1,
// RuneError).
func Decodings(str String, at int) []decoding {
	pos := func(k int) expr.Expr { return expr.Const(64, uint64(at+k)) }
	b := func(k int) expr.Expr { return str.ByteAt(pos(k)) }
	has := func(k int) expr.Expr { return expr.Ult(pos(k), str.Len) }
	in := func(x expr.Expr, lo, hi uint64) expr.Expr {
		return expr.And(expr.Ule(expr.Const(8, lo), x), expr.Ule(x, expr.Const(8, hi)))
	}
	cont := func(k int) expr.Expr { return expr.And(has(k), in(b(k), 0x80, 0xBF)) }
	bits := func(k int, mask uint64, shift int) expr.Expr {
		v := expr.ZExt(expr.BitAnd(b(k), expr.Const(8, mask)), 32)
		return expr.Shl(v, expr.Const(32, uint64(shift)))
	}
	b0 := b(0)
	ascii := expr.Ult(b0, expr.Const(8, utf8.RuneSelf))

	two := expr.And(in(b0, 0xC2, 0xDF), cont(1))

	// The second byte of a three-byte sequence is narrower after E0
	// (no overlong forms) and ED (no surrogates).
	second3 := expr.Ite(expr.Eq(b0, expr.Const(8, 0xE0)), in(b(1), 0xA0, 0xBF),
		expr.Ite(expr.Eq(b0, expr.Const(8, 0xED)), in(b(1), 0x80, 0x9F), in(b(1), 0x80, 0xBF)))
	three := expr.And(in(b0, 0xE0, 0xEF), has(1), second3, cont(2))

	// After F0 no overlong forms, after F4 nothing past U+10FFFF.
	second4 := expr.Ite(expr.Eq(b0, expr.Const(8, 0xF0)), in(b(1), 0x90, 0xBF),
		expr.Ite(expr.Eq(b0, expr.Const(8, 0xF4)), in(b(1), 0x80, 0x8F), in(b(1), 0x80, 0xBF)))
	four := expr.And(in(b0, 0xF0, 0xF4), has(1), second4, cont(2), cont(3))

	invalid := expr.Not(expr.Or(ascii, two, three, four))
	return []decoding{
		{Cond: ascii, Rune: expr.ZExt(b0, 32), Size: 1},
		{Cond: two, Rune: expr.BitOr(bits(0, 0x1F, 6), bits(1, 0x3F, 0)), Size: 2},
		{Cond: three, Rune: orAll(bits(0, 0x0F, 12), bits(1, 0x3F, 6), bits(2, 0x3F, 0)), Size: 3},
		{Cond: four, Rune: orAll(bits(0, 0x07, 18), bits(1, 0x3F, 12), bits(2, 0x3F, 6), bits(3, 0x3F, 0)), Size: 4},
		{Cond: invalid, Rune: expr.Const(32, utf8.RuneError), Size: 1},
	}
}

// EncodeRune is string(r) for a 32-bit rune term: up to four bytes and a
// length, each an if-then-else over the encoding's length, so no fork is
// needed.
func EncodeRune(r expr.Expr) String {
	c := func(v uint64) expr.Expr { return expr.Const(32, v) }
	byteOf := func(v expr.Expr) expr.Expr { return expr.Trunc(v, 8) }
	cont := func(shift int) expr.Expr {
		return byteOf(expr.BitOr(expr.BitAnd(expr.Shr(r, c(uint64(shift)), false), c(0x3F)), c(0x80)))
	}
	lead := func(shift int, mark uint64) expr.Expr {
		return byteOf(expr.BitOr(expr.Shr(r, c(uint64(shift)), false), c(mark)))
	}
	// Compare as unsigned: a negative rune is huge, hence invalid.
	one := expr.Ult(r, c(0x80))
	two := expr.Ult(r, c(0x800))
	surrogate := expr.And(expr.Ule(c(0xD800), r), expr.Ule(r, c(0xDFFF)))
	bad := expr.Or(surrogate, expr.Ult(c(utf8.MaxRune), r))
	three := expr.Ult(r, c(0x10000))

	errBytes := []byte(string(utf8.RuneError))
	eb := func(k int) expr.Expr { return expr.Const(8, uint64(errBytes[k])) }
	zero := expr.Const(8, 0)
	pick := func(b1, b2, bBad, b3, b4 expr.Expr) expr.Expr {
		return expr.Ite(one, b1, expr.Ite(two, b2, expr.Ite(bad, bBad, expr.Ite(three, b3, b4))))
	}
	bytes := []expr.Expr{
		pick(byteOf(r), lead(6, 0xC0), eb(0), lead(12, 0xE0), lead(18, 0xF0)),
		pick(zero, cont(0), eb(1), cont(6), cont(12)),
		pick(zero, zero, eb(2), cont(0), cont(6)),
		pick(zero, zero, zero, zero, cont(0)),
	}
	n := func(k uint64) expr.Expr { return expr.Const(64, k) }
	length := pick(n(1), n(2), n(3), n(3), n(4))
	if length.IsConst() {
		bytes = bytes[:length.Value()]
	}
	return String{Bytes: bytes, Len: length}
}

// RuneToString is string(x) for an integer x of type from: values that do
// not fit a rune (or are negative) give RuneError's encoding, as in Go.
func RuneToString(x expr.Expr, from types.Type) String {
	w, signed, _ := IntInfo(from)
	if w <= 32 {
		return EncodeRune(expr.Resize(x, 32, signed))
	}
	wide := expr.Resize(x, 64, signed)
	inRange := expr.Ule(wide, expr.Const(64, utf8.MaxRune)) // unsigned: negatives are out
	return EncodeRune(expr.Ite(inRange, expr.Trunc(wide, 32), expr.Const(32, utf8.RuneError)))
}

// RoundUpRunes is the capacity Go gives a []rune of n elements: the
// allocation rounded up to its size class (4 bytes a rune).
func RoundUpRunes(n int) int {
	if n == 0 {
		return 0
	}
	return int(RoundUpSize(int64(n)*4) / 4)
}

// IsRuneSlice reports whether t is a slice of runes (int32).
func IsRuneSlice(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := sl.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Int32
}

// orAll is the bitwise or of terms.
func orAll(terms ...expr.Expr) expr.Expr {
	out := terms[0]
	for _, t := range terms[1:] {
		out = expr.BitOr(out, t)
	}
	return out
}
