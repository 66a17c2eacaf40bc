package value

import (
	"go/types"
	"testing"
	"unicode/utf8"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestEncodeRuneAgreesWithGo folds EncodeRune on constants, across every
// boundary of UTF-8's encoding lengths and the invalid values, and compares
// with Go's string(r).
func TestEncodeRuneAgreesWithGo(t *testing.T) {
	for _, r := range []int64{0, 'a', 0x7F, 0x80, 'é', 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDFFF, 0xE000,
		0xFFFF, 0x10000, 0x10FFFF, 0x110000, -1, 1 << 31, 1<<32 + 'a'} {
		got, ok := ConcreteString(RuneToString(expr.Const(64, uint64(r)), types.Typ[types.Int64]))
		if !ok {
			t.Errorf("string(%#x) did not fold to a constant", r)
			continue
		}
		if want := string(rune(r)); int64(rune(r)) != r {
			want = string(utf8.RuneError) // Go: values outside int32 are invalid
			if got != want {
				t.Errorf("string(%#x) = %q, want %q", r, got, want)
			}
		} else if got != want {
			t.Errorf("string(%#x) = %q, want %q", r, got, want)
		}
	}
}

// TestDecodingsAgreeWithGo folds the decoding of constant byte sequences
// (valid, overlong, surrogate, truncated, past U+10FFFF) and compares with
// utf8.DecodeRuneInString, which the runtime's range loop agrees with.
func TestDecodingsAgreeWithGo(t *testing.T) {
	for _, s := range []string{"a", "é", "\u0800", "\uFFFD", "\U00010000", "\U0010FFFF",
		"\xC0\x80", "\xC1\xBF", "\xE0\x80\x80", "\xED\xA0\x80", "\xF0\x80\x80\x80", "\xF4\x90\x80\x80",
		"\xF5\x80\x80\x80", "\xE2\x82", "\xC3", "\x80", "\xFF", "é!"} {
		wantR, wantSize := utf8.DecodeRuneInString(s)
		matched := 0
		for _, d := range Decodings(StringConst(s), 0) {
			if !d.Cond.IsConst() {
				t.Fatalf("%q: condition did not fold", s)
			}
			if d.Cond.IsFalse() {
				continue
			}
			matched++
			if !d.Rune.IsConst() || rune(d.Rune.Value()) != wantR || d.Size != wantSize {
				t.Errorf("%q decodes as (%v, %d), want (%#x, %d)", s, d.Rune, d.Size, wantR, wantSize)
			}
		}
		if matched != 1 {
			t.Errorf("%q: %d decodings hold, want exactly 1", s, matched)
		}
	}
}
