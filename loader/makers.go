package loader

import (
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Making is one way a caller gets a value of a type of a package through
// the package's API: a call of Func, or a read of the package variable
// Global, then, for a value type T that the API hands out as *T, a
// dereference (*NewEncoding(s), *StdEncoding), or, for a type that the API
// hands out only inside an interface, a type assertion
// (NewEncoder(w).(*encoder)).
type Making struct {
	Func   *ssa.Function
	Global *ssa.Global
	// Deref says the value is what Func's result or Global points to.
	Deref bool
	// Assert says Func's result is an interface, and the value is its
	// dynamic value. Every return of Func holds one when Always is set;
	// otherwise the assertion may fail, and no test can make the value
	// with those arguments.
	Assert, Always bool
	// OnMade says Func is a method of another type of the package, called
	// on a receiver made as a parameter is (HandingMethod).
	OnMade bool
}

// maxGlobalMakings bounds the package variables offered for one type:
// base32 has two encodings, a package rarely more that differ in kind.
const maxGlobalMakings = 2

// Makings lists, in order of preference, how a test in home makes a value
// of type t, a type of home's own package (the package under test, whose
// unexported functions its test may call):
//   - a function whose one result is exactly t (Constructor);
//   - failing that, for a value type T, one whose result is *T, whose
//     result is dereferenced: *NewEncoding(s);
//   - failing both, a function whose result is an interface and whose
//     body returns t boxed in it (InterfaceFactory);
//   - failing that, a method of another type of the package that returns
//     t, on a receiver made in turn (HandingMethod): New().PushBack(v);
//   - and, after the function, up to maxGlobalMakings exported package
//     variables of type t, or of type *T for a value type T, in source
//     order: base32.StdEncoding. A variable of pointer type t = *T only
//     when no function of the package writes through a *T it did not
//     make (WritesThrough): the test would share what it points to with
//     every other test.
//
// It is empty when the package hands out no value of t.
func Makings(prog *ssa.Program, t types.Type, home *types.Package) []Making {
	named := namedOf(t)
	if named == nil || home == nil || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != home.Path() {
		return nil
	}
	var out []Making
	_, isPtr := t.(*types.Pointer)
	switch fn := Constructor(prog, t, home); {
	case fn != nil:
		out = append(out, Making{Func: fn})
	case !isPtr && Constructor(prog, types.NewPointer(t), home) != nil:
		out = append(out, Making{Func: Constructor(prog, types.NewPointer(t), home), Deref: true})
	default:
		if fn, always := InterfaceFactory(prog, t, home); fn != nil {
			out = append(out, Making{Func: fn, Assert: true, Always: always})
		} else if fn := HandingMethod(prog, t, home); fn != nil {
			out = append(out, Making{Func: fn, OnMade: true})
		}
	}
	return append(out, globalMakings(prog, t, isPtr, home)...)
}

// globalMakings are the exported package variables of home of type t, or
// of type *t for a value type t (dereferenced), in source order. Only
// exported ones: an unexported variable is the package's internal state,
// not a value its callers are handed.
func globalMakings(prog *ssa.Program, t types.Type, isPtr bool, home *types.Package) []Making {
	pkg := prog.Package(home)
	if pkg == nil {
		return nil
	}
	shared := isPtr && WritesThrough(pkg, t.(*types.Pointer).Elem())
	var out []Making
	for _, m := range pkg.Members {
		g, ok := m.(*ssa.Global)
		if !ok || g.Object() == nil || !g.Object().Exported() {
			continue
		}
		vt := g.Type().(*types.Pointer).Elem()
		switch {
		case types.Identical(vt, t) && !shared:
			out = append(out, Making{Global: g})
		case !isPtr && types.Identical(vt, types.NewPointer(t)):
			out = append(out, Making{Global: g, Deref: true})
		}
	}
	fset := prog.Fset
	sort.Slice(out, func(i, j int) bool { return ComparePos(fset, out[i].Global.Pos(), out[j].Global.Pos()) < 0 })
	return out[:min(len(out), maxGlobalMakings)]
}

// InterfaceFactory is the function of home's package through which callers
// get a t that the package hands out only inside an interface: a
// package-level function whose one result is an interface that t
// implements, and on some return of which the result is t boxed
// (hex.NewEncoder(w io.Writer) io.Writer returns &encoder{w}). always
// reports that every return boxes a t, so that asserting the result to t
// cannot fail. The preference among several is Constructor's; those that
// always return a t come first.
func InterfaceFactory(prog *ssa.Program, t types.Type, home *types.Package) (fn *ssa.Function, always bool) {
	named := namedOf(t)
	pkg := prog.Package(home)
	if named == nil || pkg == nil || named.TypeParams().Len() > 0 {
		return nil, false
	}
	var alwaysCands, someCands []*ssa.Function
	for _, m := range pkg.Members {
		f, ok := m.(*ssa.Function)
		if !ok || len(f.Blocks) == 0 || f.TypeParams().Len() > 0 || f.Synthetic != "" || f.Name() == "init" {
			continue
		}
		res := f.Signature.Results()
		if res.Len() != 1 || !types.IsInterface(res.At(0).Type()) || !plainParams(f.Signature.Params(), named) {
			continue
		}
		switch boxes(f, t) {
		case boxesAlways:
			alwaysCands = append(alwaysCands, f)
		case boxesSometimes:
			someCands = append(someCands, f)
		}
	}
	sortMakers(alwaysCands, named.Obj().Name())
	sortMakers(someCands, named.Obj().Name())
	switch {
	case len(alwaysCands) > 0:
		return alwaysCands[0], true
	case len(someCands) > 0:
		return someCands[0], false
	}
	return nil, false
}

// boxing says on which of a function's returns its result is a given
// type boxed in an interface.
type boxing int

const (
	boxesNever boxing = iota
	boxesSometimes
	boxesAlways
)

// boxes scans the returns of f, whose one result is an interface, for a
// MakeInterface of a t (directly, or through a phi of the values
// returned).
func boxes(f *ssa.Function, t types.Type) boxing {
	some, all := false, true
	for _, b := range f.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if boxed(ret.Results[0], t, make(map[*ssa.Phi]bool)) {
			some = true
		} else {
			all = false
		}
	}
	switch {
	case some && all:
		return boxesAlways
	case some:
		return boxesSometimes
	}
	return boxesNever
}

// boxed reports whether every value v may be is a t in an interface.
func boxed(v ssa.Value, t types.Type, seen map[*ssa.Phi]bool) bool {
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return types.Identical(v.X.Type(), t)
	case *ssa.Phi:
		if seen[v] {
			return true
		}
		seen[v] = true
		for _, e := range v.Edges {
			if !boxed(e, t, seen) {
				return false
			}
		}
		return len(v.Edges) > 0
	}
	return false
}
