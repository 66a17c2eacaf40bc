package literal

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// writerType is a type of package home like bufio.Writer: an exported
// field and an unexported one.
func writerType(home *types.Package) *types.Named {
	fields := []*types.Var{
		types.NewField(token.NoPos, home, "Binary", types.Typ[types.Bool], false),
		types.NewField(token.NoPos, home, "col", types.Typ[types.Int], false),
	}
	obj := types.NewTypeName(token.NoPos, home, "Writer", nil)
	return types.NewNamed(obj, types.NewStruct(fields, nil), nil)
}

func TestSetsPrivateField(t *testing.T) {
	home := types.NewPackage("example.com/enc", "enc")
	other := types.NewPackage("example.com/other", "other")
	w := writerType(home)
	ptr := types.NewPointer(w)
	writer := func(binary bool, col int64) concrete.Value {
		return concrete.Value{Type: w, Kind: concrete.Struct, Elems: []concrete.Value{
			{Type: types.Typ[types.Bool], Kind: concrete.Bool, Bool: binary},
			{Type: types.Typ[types.Int], Kind: concrete.Int, Int: col},
		}}
	}
	pointerTo := func(v concrete.Value) concrete.Value {
		return concrete.Value{Type: ptr, Kind: concrete.Pointer, Elem: &v}
	}
	for _, c := range []struct {
		name string
		v    concrete.Value
		home *types.Package
		want bool
	}{
		{"unexported field set", writer(false, -10), home, true},
		{"behind a pointer", pointerTo(writer(false, 3)), home, true},
		{"only the exported field", writer(true, 0), home, false},
		{"zero value", writer(false, 0), home, false},
		{"a type of another package", writer(false, 3), other, false},
		{"not a struct", concrete.Value{Type: types.Typ[types.Int], Kind: concrete.Int, Int: 3}, home, false},
	} {
		if got := SetsPrivateField(c.v, c.home); got != c.want {
			t.Errorf("%s: SetsPrivateField = %v, want %v", c.name, got, c.want)
		}
	}
}
