package literal

import (
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

func TestReplaceAny(t *testing.T) {
	for in, want := range map[string]string{
		"any":                     "interface{}",
		"[]any":                   "[]interface{}",
		"map[string]any":          "map[string]interface{}",
		"func(any, int) any":      "func(interface{}, int) interface{}",
		"struct{any int; x any}":  "struct{any int; x interface{}}",
		"pkg.any":                 "pkg.any",
		"struct{any *int}":        "struct{any *int}",
		"map[any]struct{}":        "map[interface{}]struct{}",
		"company":                 "company",
		"func(any []int) (x int)": "func(any []int) (x int)",
	} {
		if got := replaceAny(in); got != want {
			t.Errorf("replaceAny(%q) = %q, want %q", in, got, want)
		}
	}
}

// oldLang is a language version before go1.18: no generics, one pointer
// helper per type.
type oldLang struct{ declared []string }

func (*oldLang) Generics() bool { return false }

func (l *oldLang) PtrFunc(typ string) string {
	l.declared = append(l.declared, typ)
	return "ptr_" + typ
}

// TestBeforeGo118 writes a pointer with the helper of its type and any as
// interface{}, the way a file below go1.18 must.
func TestBeforeGo118(t *testing.T) {
	shapes, _ := fixture(t)
	lang := &oldLang{}
	l, _ := newWriter(shapes)
	l.Lang = lang
	intPtr := types.NewPointer(intType)
	if got, err := l.InSlot(cv.Ptr(intPtr, cv.Int(intType, 3)), intPtr, false); err != nil || got != "ptr_int(3)" || !l.UsesPtr {
		t.Errorf("got %s (err %v, UsesPtr %v), want ptr_int(3)", got, err, l.UsesPtr)
	}
	anySlice := types.NewSlice(anyType)
	if got, err := l.InSlot(cv.Slice(anySlice, cv.Iface(anyType, cv.Int(intType, 1))), anySlice, false); err != nil || got != "[]interface{}{1}" {
		t.Errorf("got %s (err %v), want []interface{}{1}", got, err)
	}
	if len(lang.declared) != 1 {
		t.Errorf("helpers declared for %q, want int alone", lang.declared)
	}
}
