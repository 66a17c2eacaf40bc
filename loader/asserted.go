package loader

import (
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// AssertedTypes lists the concrete types that fn, then the other
// functions of its package, assert an interface value to (x.(T), and the
// cases of type switches), in source order, each once. These are the
// dynamic types the code tells apart, so the input harness tries them for
// inputs of type any, and the points-to analysis gives such inputs a box
// for each.
func AssertedTypes(fn *ssa.Function) []types.Type {
	if fn == nil {
		return nil
	}
	fns := withClosures(fn)
	if pkg := PackageOf(fn); pkg != nil {
		fns = append(fns, PackageFunctions(pkg)...)
	}
	return assertedIn(fns)
}

// PackageOf is the package fn belongs to, nil for a nil fn. ssa leaves
// the package of an instance of a generic function nil; it belongs to
// its origin's, and so do its inputs' home types.
func PackageOf(fn *ssa.Function) *ssa.Package {
	if fn == nil {
		return nil
	}
	if fn.Pkg == nil && fn.Origin() != nil {
		return fn.Origin().Pkg
	}
	return fn.Pkg
}

// OwnAssertedTypes lists the concrete types fn itself (with its closures)
// asserts an interface value to, the head of AssertedTypes' list: a type
// switch over many types tells that many inputs apart.
func OwnAssertedTypes(fn *ssa.Function) []types.Type {
	if fn == nil {
		return nil
	}
	return assertedIn(withClosures(fn))
}

// assertedIn lists the concrete types the functions fns assert to, in
// order, each once.
func assertedIn(fns []*ssa.Function) []types.Type {
	var out []types.Type
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ta, ok := instr.(*ssa.TypeAssert)
				if !ok || types.IsInterface(ta.AssertedType) || mentionsTypeParam(ta.AssertedType, map[types.Type]bool{}) {
					continue
				}
				if !containsType(out, ta.AssertedType) {
					out = append(out, ta.AssertedType)
				}
			}
		}
	}
	return out
}

// PackageFunctions are the functions declared in pkg (functions, methods
// and the closures inside them, not synthetic ones), in source order:
// by file, then position (ComparePos).
func PackageFunctions(pkg *ssa.Package) []*ssa.Function {
	var fns []*ssa.Function
	add := func(fn *ssa.Function) {
		if fn != nil && fn.Synthetic == "" {
			fns = append(fns, withClosures(fn)...)
		}
	}
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			add(m)
		case *ssa.Type:
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				mset := pkg.Prog.MethodSets.MethodSet(t)
				for i := 0; i < mset.Len(); i++ {
					if fn := pkg.Prog.MethodValue(mset.At(i)); fn != nil && fn.Pkg == pkg {
						add(fn)
					}
				}
			}
		}
	}
	fset := pkg.Prog.Fset
	sort.SliceStable(fns, func(i, j int) bool { return ComparePos(fset, fns[i].Pos(), fns[j].Pos()) < 0 })
	return fns
}

// withClosures is fn and the closures inside it, at any depth.
func withClosures(fn *ssa.Function) []*ssa.Function {
	out := []*ssa.Function{fn}
	for _, anon := range fn.AnonFuncs {
		out = append(out, withClosures(anon)...)
	}
	return out
}

func containsType(list []types.Type, t types.Type) bool {
	for _, u := range list {
		if types.Identical(u, t) {
			return true
		}
	}
	return false
}

// ConcreteTypes lists the named, non-generic, non-interface package-level
// types of the program, by package path and name: the types an input of
// interface type may be given (the harness chooses among them; the
// points-to analysis boxes them).
func ConcreteTypes(prog *ssa.Program) []*types.Named {
	return declaredTypes(prog, func(named *types.Named) *types.Named {
		if named.TypeParams().Len() > 0 || types.IsInterface(named) {
			return nil
		}
		return named
	})
}

// InputTypes are the named types that may stand for an input of interface
// type t, before the test of which implement it: ConcreteTypes, then
// GenericInstances(t). The executor chooses among those that implement t
// and the points-to analysis boxes them, so both take them from here.
func InputTypes(prog *ssa.Program, t types.Type) []*types.Named {
	return append(ConcreteTypes(prog), GenericInstances(prog, t)...)
}

// GenericInstances are the instances, with the type arguments of t, of the
// generic named types of the program that are not interfaces and whose
// type parameters accept them: for an instance of a generic interface
// (golang-set's Set[int]), the types of a generic library that may
// implement it (threadUnsafeSet[int]), which ConcreteTypes leaves out.
// Which of them implement t is the caller's test. The order is
// ConcreteTypes'. Nil when t has no type arguments.
func GenericInstances(prog *ssa.Program, t types.Type) []*types.Named {
	iface, ok := types.Unalias(t).(*types.Named)
	if !ok || iface.TypeArgs().Len() == 0 {
		return nil
	}
	targs := make([]types.Type, iface.TypeArgs().Len())
	for i := range targs {
		targs[i] = iface.TypeArgs().At(i)
	}
	return declaredTypes(prog, func(generic *types.Named) *types.Named {
		if generic.TypeParams().Len() != len(targs) || types.IsInterface(generic) {
			return nil
		}
		// Validation checks the constraints.
		inst, err := types.Instantiate(nil, generic, targs, true)
		if err != nil {
			return nil
		}
		return inst.(*types.Named)
	})
}

// declaredTypes is what pick gives (nil: nothing) for each named type the
// packages of prog declare, by package path and name.
func declaredTypes(prog *ssa.Program, pick func(*types.Named) *types.Named) []*types.Named {
	var out []*types.Named
	for _, pkg := range prog.AllPackages() {
		for _, m := range pkg.Members {
			tm, ok := m.(*ssa.Type)
			if !ok {
				continue
			}
			if named, ok := tm.Type().(*types.Named); ok {
				if t := pick(named); t != nil {
					out = append(out, t)
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		pi, pj := out[i].Obj().Pkg().Path(), out[j].Obj().Pkg().Path()
		if pi != pj {
			return pi < pj
		}
		return out[i].Obj().Name() < out[j].Obj().Name()
	})
	return out
}
