package loader

import (
	"fmt"
	"go/types"
	"slices"
	"testing"
)

// TestLiteralShapes: the shapes of a type are the field sets of its
// package's literals, in source order, pointer or value; a store after
// the literal is no part of it, and a type made only by new has none.
func TestLiteralShapes(t *testing.T) {
	prog := load(t, "./testdata/exec/shapes")
	home := findPackage(t, prog, fixturePath+"exec/shapes")
	for name, want := range map[string][]string{
		"parser":  {"&{s}"},
		"span":    {"&{lo}", "{lo hi}"},
		"counter": nil,
	} {
		named := home.Types.Scope().Lookup(name).Type().(*types.Named)
		st := named.Underlying().(*types.Struct)
		var got []string
		for _, sh := range LiteralShapes(prog.SSA, named) {
			var fields []string
			for _, i := range sh.Fields {
				fields = append(fields, st.Field(i).Name())
			}
			s := fmt.Sprint(fields)
			s = "{" + s[1:len(s)-1] + "}"
			if sh.Pointer {
				s = "&" + s
			}
			got = append(got, s)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: shapes %v, want %v", name, got, want)
		}
	}
}

// TestHandingMethod: a type that only a method of another type returns
// is made by the one that takes parameters (Add), not by the one that
// hands out what its receiver holds (First); a type that a function
// returns has no such method.
func TestHandingMethod(t *testing.T) {
	prog := load(t, "./testdata/exec/shapes")
	home := findPackage(t, prog, fixturePath+"exec/shapes")
	item := types.NewPointer(home.Types.Scope().Lookup("Item").Type())
	ms := Makings(prog.SSA, item, home.Types)
	if len(ms) != 1 || !ms[0].OnMade || ms[0].Func == nil || ms[0].Func.Name() != "Add" {
		t.Errorf("Makings(*Item) = %+v, want the method Add on a made receiver", ms)
	}
	bag := types.NewPointer(home.Types.Scope().Lookup("Bag").Type())
	if fn := HandingMethod(prog.SSA, bag, home.Types); fn != nil {
		t.Errorf("HandingMethod(*Bag) = %s, want none", fn)
	}
}
