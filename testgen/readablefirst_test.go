package testgen

import (
	"go/types"
	"math"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// TestReadableFirst: of two candidates that enter the same blocks, the one
// whose inputs are printable is kept even when the executor found the
// other first; a non-printable candidate that alone enters a block is
// still kept (coverage never pays for readability), after the readable
// ones.
func TestReadableFirst(t *testing.T) {
	a, b := BlockID{Index: 0}, BlockID{Index: 1}
	bytes := types.NewSlice(types.Typ[types.Byte])
	byteSlice := func(s string) concrete.Value {
		v := concrete.Value{Type: bytes, Kind: concrete.Slice}
		for i := 0; i < len(s); i++ {
			v.Elems = append(v.Elems, concrete.Value{Type: types.Typ[types.Byte], Kind: concrete.Uint, Uint: uint64(s[i])})
		}
		return v
	}
	cands := []*candidate{
		{Case: Case{Summary: "multibyte", Args: args(cv.Str("\u0080")), Covers: []BlockID{a}}},
		{Case: Case{Summary: "letters", Args: args(cv.Str("ab\tc\n")), Covers: []BlockID{a}}},
		{Case: Case{Summary: "control bytes", Args: args(byteSlice("\x7f")), Covers: []BlockID{a, b}}},
		{Case: Case{Summary: "text bytes", Args: args(byteSlice("ok")), Covers: []BlockID{a}}},
	}
	var got []string
	for _, c := range selectCases(readableFirst(cands), false, nil) {
		got = append(got, c.Summary)
	}
	if want := "letters,control bytes"; strings.Join(got, ",") != want {
		t.Errorf("kept %s, want %s", strings.Join(got, ","), want)
	}
	for _, c := range []struct {
		v    concrete.Value
		want bool
	}{
		{cv.Str("v1.2.3"), true},
		{cv.Str("\x00"), false},
		{cv.Str("é"), false},
		{byteSlice("abc"), true},
		{byteSlice("a\x80"), false},
		{concrete.Value{Type: types.Typ[types.Float64], Kind: concrete.Float, Float: -2.5}, true},
		{concrete.Value{Type: types.Typ[types.Float64], Kind: concrete.Float, Float: math.NaN()}, false},
		{concrete.Value{Type: types.Typ[types.Float32], Kind: concrete.Float, Float: math.Inf(1)}, false},
		{concrete.Value{Type: types.NewPointer(stringType), Kind: concrete.Pointer, Elem: &concrete.Value{Type: stringType, Kind: concrete.String, Str: "\x01"}}, false},
	} {
		if got := valuePrintable(c.v); got != c.want {
			t.Errorf("valuePrintable(%v) = %v, want %v", c.v, got, c.want)
		}
	}
}
