package inputs

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// What a test of the package can write of a type declared in another one.

// foreignStruct reports whether t is a named struct type of a package
// other than home's. A test of home's package can only write the exported
// fields of such a value (&bufio.Reader{} is Go, setting its buf is not),
// so the input harness leaves the unexported ones at their zero values, as
// new(T) does, and the path records that limit. Parameters of such types
// are made by their constructors where the package has one
// (inputs/ctorinputs.go); this is for the rest, and for values inside others.
func foreignStruct(t types.Type, home *ssa.Function) bool {
	named, ok := types.Unalias(t).(*types.Named)
	pkg := loader.PackageOf(home)
	if !ok || named.Obj().Pkg() == nil || pkg == nil {
		return false
	}
	return named.Obj().Pkg() != pkg.Pkg
}

// zeroLiteral is the zero value of t as a concrete value.
func zeroLiteral(t types.Type) concrete.Value {
	if _, signed, ok := value.IntInfo(t); ok {
		if signed {
			return concrete.Value{Type: t, Kind: concrete.Int}
		}
		return concrete.Value{Type: t, Kind: concrete.Uint}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return concrete.Value{Type: t, Kind: concrete.Bool}
		case u.Info()&types.IsString != 0:
			return concrete.Value{Type: t, Kind: concrete.String}
		case u.Info()&types.IsFloat != 0:
			return concrete.Value{Type: t, Kind: concrete.Float}
		}
		return concrete.Value{Type: t, Kind: concrete.Opaque, Why: "zero value of " + t.String()}
	case *types.Struct:
		v := concrete.Value{Type: t, Kind: concrete.Struct}
		for i := 0; i < u.NumFields(); i++ {
			v.Elems = append(v.Elems, zeroLiteral(u.Field(i).Type()))
		}
		return v
	case *types.Array:
		v := concrete.Value{Type: t, Kind: concrete.Array}
		for i := int64(0); i < u.Len(); i++ {
			v.Elems = append(v.Elems, zeroLiteral(u.Elem()))
		}
		return v
	}
	return concrete.Value{Type: t, Kind: concrete.Nil}
}
