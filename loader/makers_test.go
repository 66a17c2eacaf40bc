package loader

import (
	"go/types"
	"testing"
)

// TestMakingsByPreference: a value type is made by dereferencing the
// constructor of its pointer, then taken from the package's variables
// (a pointer one only when nothing writes through such a pointer); an
// unexported type reached only through an interface is asserted out of
// its factory's result; a type no function returns has no making.
func TestMakingsByPreference(t *testing.T) {
	prog := load(t, "./testdata/exec/apimade")
	home := findPackage(t, prog, fixturePath+"exec/apimade")
	typ := func(name string) types.Type { return home.Types.Scope().Lookup(name).Type() }
	describe := func(ms []Making) []string {
		var out []string
		for _, m := range ms {
			s := ""
			switch {
			case m.Func != nil:
				s = m.Func.Name() + "()"
			case m.Global != nil:
				s = m.Global.Name()
			}
			if m.Deref {
				s = "*" + s
			}
			if m.Assert {
				s += ".(t)"
				if !m.Always {
					s += "?"
				}
			}
			out = append(out, s)
		}
		return out
	}
	for _, c := range []struct {
		typ  types.Type
		want []string
	}{
		{types.NewPointer(typ("Encoding")), []string{"NewEncoding()", "StdEncoding"}},
		{typ("Encoding"), []string{"*NewEncoding()", "*StdEncoding", "NoPadding"}},
		{types.NewPointer(typ("encoder")), []string{"NewEncoder().(t)"}},
		// Open returns a *source on some of its returns only.
		{types.NewPointer(typ("source")), []string{"Open().(t)?"}},
		// The exported New, though the unexported newEmpty has fewer
		// parameters.
		{types.NewPointer(typ("Stack")), []string{"New()"}},
		{types.NewPointer(typ("node")), nil},
		// Add writes through a *Meter: Shared is no input.
		{types.NewPointer(typ("Meter")), nil},
		// Only the package under test's own types.
		{types.NewPointer(prog.SSA.ImportedPackage("strings").Pkg.Scope().Lookup("Reader").Type()), nil},
	} {
		got := describe(Makings(prog.SSA, c.typ, home.Types))
		if len(got) != len(c.want) {
			t.Errorf("Makings(%s) = %v, want %v", c.typ, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("Makings(%s) = %v, want %v", c.typ, got, c.want)
				break
			}
		}
	}
}
