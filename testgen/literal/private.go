package literal

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// SetsPrivateField reports whether v, or a value inside it, is a struct
// of a type declared in home whose literal sets an unexported field: a
// state the package's own code keeps private, which no caller can build.
func SetsPrivateField(v concrete.Value, home *types.Package) bool {
	return !v.Every(func(x concrete.Value) bool {
		return x.Kind != concrete.Struct || !privateFieldSet(x, home)
	})
}

func privateFieldSet(v concrete.Value, home *types.Package) bool {
	named, ok := types.Unalias(v.Type).(*types.Named)
	if !ok || home == nil || named.Obj().Pkg() != home {
		return false
	}
	st, ok := v.Type.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i, f := range v.Elems {
		if i < st.NumFields() && !st.Field(i).Exported() && !isZero(f) {
			return true
		}
	}
	return false
}
