package symbolic

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// receiverFields are the fields of the struct receiver of p's test, or
// of what it points to; nil for a nil receiver.
func receiverFields(t *testing.T, p *machine.PathEnd) []concrete.Value {
	t.Helper()
	recv := p.Test.Args[0]
	switch {
	case recv.Kind == concrete.Nil:
		return nil
	case recv.Kind == concrete.Pointer && recv.Elem != nil:
		recv = *recv.Elem
	}
	if recv.Kind != concrete.Struct {
		t.Fatalf("receiver %s, want a literal", recv)
	}
	return recv.Elems
}

// isZeroLiteral reports whether v is the zero value of a basic type.
func isZeroLiteral(v concrete.Value) bool {
	switch v.Kind {
	case concrete.Nil:
		return true
	case concrete.Int:
		return v.Int == 0
	case concrete.Uint:
		return v.Uint == 0
	case concrete.String:
		return v.Str == ""
	case concrete.Bool:
		return !v.Bool
	}
	return false
}

// TestLocalTypeWithoutMakerIsBuiltInItsPackagesShapes: a receiver of a
// type that no function returns is built field by field, but only in a
// shape the package's own literals build. The parser, built only as
// &parser{s: text}, gets its text and never a position or token; its
// methods still count no word and a word. The span, built as {lo}
// and as {lo, hi}, is never open and takes both shapes. The counter,
// which no literal builds, keeps its field.
func TestLocalTypeWithoutMakerIsBuiltInItsPackagesShapes(t *testing.T) {
	t.Run("parser", func(t *testing.T) {
		for _, name := range []string{"shapes.parser.words", "shapes.parser.lex"} {
			paths := exploreAPIMade(t, name)
			texts := 0
			for _, p := range paths {
				f := receiverFields(t, p)
				if f == nil {
					continue
				}
				if !isZeroLiteral(f[1]) || !isZeroLiteral(f[2]) {
					t.Errorf("%s: receiver %s sets pos or tok, which only the package's methods set", name, p.Test.Args[0])
				}
				if !isZeroLiteral(f[0]) {
					texts++
				}
			}
			if texts == 0 {
				t.Errorf("%s: no receiver has a text", name)
			}
			if name == "shapes.parser.words" {
				if got := outcomes(paths); !slices.Contains(got, "[0]") || !slices.Contains(got, "[1]") {
					t.Errorf("%s: outcomes %v, want no word and one word", name, got)
				}
			}
		}
	})
	t.Run("span", func(t *testing.T) {
		paths := exploreAPIMade(t, "shapes.span.width")
		withHi := false
		for _, p := range paths {
			f := receiverFields(t, p)
			if !isZeroLiteral(f[2]) {
				t.Errorf("receiver %s is open, which no literal of the package sets", p.Test.Args[0])
			}
			withHi = withHi || !isZeroLiteral(f[1])
		}
		if !withHi {
			t.Errorf("no receiver sets hi: the shape {lo, hi} was not tried")
		}
		if got := outcomes(paths); slices.Contains(got, "[-1]") || len(got) < 2 {
			t.Errorf("outcomes %v, want an empty span and a wide one, never an open one", got)
		}
	})
	t.Run("counter", func(t *testing.T) {
		// No literal: every field is symbolic (noLiteral), so that
		// counts other than the zero value's are tried.
		set := false
		for _, p := range exploreAPIMade(t, "shapes.counter.add") {
			if f := receiverFields(t, p); f != nil && !isZeroLiteral(f[0]) {
				set = true
			}
		}
		if !set {
			t.Error("no receiver counts from another value than zero")
		}
	})
}

// TestLocalTypeBuiltOnlyAsPointerIsNoValueInAnInterface: an error input
// holds the *wrapped that Wrap makes, never a wrapped value, which only
// implements error through its embedded error and which no code of the
// package builds.
func TestLocalTypeBuiltOnlyAsPointerIsNoValueInAnInterface(t *testing.T) {
	paths := exploreAPIMade(t, "shapes.Note")
	noted := false
	for _, p := range paths {
		arg := p.Test.Args[0]
		if !arg.Every(func(v concrete.Value) bool {
			return v.Type == nil || v.Type.String() != "github.com/gosymtest/gosymtest/testdata/exec/shapes.wrapped"
		}) {
			t.Errorf("argument %s holds a wrapped value", arg)
		}
		if setsFields(arg) {
			t.Errorf("argument %s is built field by field", arg)
		}
		noted = noted || len(p.Test.Results) == 1 && p.Test.Results[0].Kind == concrete.String && strings.HasPrefix(p.Test.Results[0].Str, "noted")
	}
	if !noted {
		t.Errorf("no case notes: outcomes %v", outcomes(paths))
	}
}

// TestLocalTypeHandedOutByAMethodIsMadeByIt: an *Item, which only the
// methods of *Bag return, is NewBag().Add(v), never a literal of its
// bag, and the item is in a bag.
func TestLocalTypeHandedOutByAMethodIsMadeByIt(t *testing.T) {
	paths := exploreAPIMade(t, "shapes.Item.Owned")
	for _, p := range paths {
		recv := p.Test.Args[0]
		if recv.Kind != concrete.Call || recv.Func == nil || recv.Func.Name() != "Add" ||
			recv.Elem == nil || recv.Elem.Kind != concrete.Call || recv.Elem.Func == nil || recv.Elem.Func.Name() != "NewBag" {
			t.Errorf("receiver %s, want NewBag().Add(v)", recv)
		}
	}
	for _, o := range outcomes(paths) {
		if !strings.HasPrefix(o, "[true ") {
			t.Errorf("outcome %s, want the item in its bag", o)
		}
	}
}
