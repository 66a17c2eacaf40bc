package symbolic

import (
	"go/types"
	"slices"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Sentinel errors. A returned error that is the value of a package-level
// variable (io.EOF, strconv.ErrSyntax, the package's own ErrFoo) is
// reported as that variable (concrete.Global), so that a test checks it
// with errors.Is, as a reviewer would, rather than by its text. It is
// found by identity in the run's memory: the error's dynamic value is the
// very pointer (or the equal comparable value) the variable holds. Only a
// variable a test can name counts (exported, or of the package under
// test, in a package the test may import), and only one no code outside
// the initialisers may reassign: the test's process sees the same value.

// sentinel is the package-level variable whose value the error v is, as a
// Global of static type t; ok is false when there is none.
func (e *Engine) sentinel(s *machine.State, v value.Value, t types.Type) (concrete.Value, bool) {
	iv, ok := v.(value.Interface)
	if !ok || iv.Type == nil || iv.Type == value.RuntimeErrorType || !loader.IsErrorType(t) {
		return concrete.Value{}, false
	}
	home := loader.PackageOf(e.Summary.Func)
	var found []*ssa.Global
	for g, id := range s.Mem.Globals() {
		// Identity first: it is cheap, and few variables pass it.
		obj := s.Mem.Get(id)
		if obj == nil || !sameError(iv, obj.Value, g.Type().(*types.Pointer).Elem()) || !e.nameableGlobal(g, home) {
			continue
		}
		found = append(found, g)
	}
	if len(found) == 0 {
		return concrete.Value{}, false
	}
	// Two variables may hold one error (var ErrShort = io.ErrUnexpectedEOF):
	// prefer the package's own, then the first by path and name, so that
	// two runs agree.
	slices.SortFunc(found, func(a, b *ssa.Global) int {
		if (a.Pkg == home) != (b.Pkg == home) {
			if a.Pkg == home {
				return -1
			}
			return 1
		}
		if c := strings.Compare(a.Pkg.Pkg.Path(), b.Pkg.Pkg.Path()); c != 0 {
			return c
		}
		return strings.Compare(a.Name(), b.Name())
	})
	return concrete.Value{Type: t, Kind: concrete.Global, Var: found[0].Object().(*types.Var)}, true
}

// nameableGlobal reports whether a test of home's package can name g and
// trust its value to be the one the initialisers left.
func (e *Engine) nameableGlobal(g *ssa.Global, home *ssa.Package) bool {
	if g.Pkg == nil || home == nil || e.GlobalMayChange(g) {
		return false
	}
	if _, ok := g.Object().(*types.Var); !ok {
		return false
	}
	if g.Pkg != home && (!g.Object().Exported() || !loader.Importable(home.Pkg, g.Pkg.Pkg)) {
		return false
	}
	return true
}

// sameError reports whether the variable value held, of static type vt,
// is the error iv: the same dynamic type and the same pointer, or an equal
// concrete value of a comparable type (errors.Is compares with ==).
func sameError(iv value.Interface, held value.Value, vt types.Type) bool {
	if _, isIface := vt.Underlying().(*types.Interface); isIface {
		hv, ok := held.(value.Interface)
		if !ok || hv.Type == nil || !types.Identical(hv.Type, iv.Type) {
			return false
		}
		held = hv.Value
	} else if !types.Identical(vt, iv.Type) {
		return false
	}
	switch a := iv.Value.(type) {
	case value.Pointer:
		b, ok := held.(value.Pointer)
		return ok && a.NonNil.IsTrue() && b.NonNil.IsTrue() && a.Obj == b.Obj &&
			len(a.Sym) == 0 && len(b.Sym) == 0 && slices.Equal(a.Path, b.Path)
	case value.Scalar:
		b, ok := held.(value.Scalar)
		return ok && a.E.IsConst() && b.E.IsConst() && a.E.Value() == b.E.Value()
	case value.String:
		b, ok := held.(value.String)
		if !ok {
			return false
		}
		x, okx := value.ConcreteString(a)
		y, oky := value.ConcreteString(b)
		return okx && oky && x == y
	}
	return false
}
