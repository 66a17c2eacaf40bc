package literal

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
)

// errNoLiteral says why a value or type cannot be written in the test file.
type errNoLiteral struct{ why string }

func (e errNoLiteral) Error() string { return e.why }

// Nameable reports, as an error, why a test file in package home cannot
// spell the type t: it mentions a type of another package that is
// unexported, declared inside a function, in a package that home may not
// import (package main, someone else's internal package), or a struct or
// interface with another package's unexported fields or methods.
func Nameable(home *types.Package, t types.Type) error {
	return checkNameable(home, t, make(map[types.Type]bool))
}

func checkNameable(home *types.Package, t types.Type, seen map[types.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch x := t.(type) {
	case *types.Basic:
		if x.Kind() == types.UnsafePointer {
			return errNoLiteral{"unsafe.Pointer"}
		}
	case *types.Alias:
		if err := checkTypeName(home, x.Obj()); err != nil {
			return err
		}
		return checkTypeArgs(home, x.TypeArgs(), seen)
	case *types.Named:
		if err := checkTypeName(home, x.Obj()); err != nil {
			return err
		}
		return checkTypeArgs(home, x.TypeArgs(), seen)
	case *types.TypeParam:
		return errNoLiteral{"type parameter " + x.Obj().Name()}
	case *types.Pointer:
		return checkNameable(home, x.Elem(), seen)
	case *types.Slice:
		return checkNameable(home, x.Elem(), seen)
	case *types.Array:
		return checkNameable(home, x.Elem(), seen)
	case *types.Chan:
		return checkNameable(home, x.Elem(), seen)
	case *types.Map:
		if err := checkNameable(home, x.Key(), seen); err != nil {
			return err
		}
		return checkNameable(home, x.Elem(), seen)
	case *types.Signature:
		for _, tuple := range []*types.Tuple{x.Params(), x.Results()} {
			for i := 0; i < tuple.Len(); i++ {
				if err := checkNameable(home, tuple.At(i).Type(), seen); err != nil {
					return err
				}
			}
		}
	case *types.Struct:
		for i := 0; i < x.NumFields(); i++ {
			f := x.Field(i)
			if !f.Exported() && f.Pkg() != nil && f.Pkg().Path() != home.Path() {
				return errNoLiteral{"struct type with unexported field " + f.Name() + " of package " + f.Pkg().Path()}
			}
			if err := checkNameable(home, f.Type(), seen); err != nil {
				return err
			}
		}
	case *types.Interface:
		for i := 0; i < x.NumExplicitMethods(); i++ {
			m := x.ExplicitMethod(i)
			if !m.Exported() && m.Pkg() != nil && m.Pkg().Path() != home.Path() {
				return errNoLiteral{"interface type with unexported method " + m.Name() + " of package " + m.Pkg().Path()}
			}
			if err := checkNameable(home, m.Type(), seen); err != nil {
				return err
			}
		}
		for i := 0; i < x.NumEmbeddeds(); i++ {
			if err := checkNameable(home, x.EmbeddedType(i), seen); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkTypeName checks that home can refer to a declared type by name.
func checkTypeName(home *types.Package, obj *types.TypeName) error {
	pkg := obj.Pkg()
	if pkg == nil {
		return nil // predeclared: error, comparable
	}
	if obj.Parent() != pkg.Scope() {
		return errNoLiteral{"type " + obj.Name() + " is declared inside a function"}
	}
	if pkg.Path() == home.Path() {
		return nil
	}
	switch {
	case !obj.Exported():
		return errNoLiteral{"unexported type " + pkg.Name() + "." + obj.Name()}
	case pkg.Name() == "main":
		return errNoLiteral{"type " + obj.Name() + " of a main package"}
	case !loader.MayImport(home.Path(), pkg.Path()):
		return errNoLiteral{"type " + obj.Name() + " of internal package " + pkg.Path()}
	case loader.ImportsPath(pkg, home.Path(), make(map[*types.Package]bool)):
		// The test file is in home's own package: importing a package that
		// imports home would be a cycle.
		return errNoLiteral{"type " + obj.Name() + " of " + pkg.Path() + ", which imports the package under test"}
	}
	return nil
}

func checkTypeArgs(home *types.Package, args *types.TypeList, seen map[types.Type]bool) error {
	for i := 0; i < args.Len(); i++ {
		if err := checkNameable(home, args.At(i), seen); err != nil {
			return err
		}
	}
	return nil
}
