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
