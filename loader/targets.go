package loader

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// packageTargets returns the declared functions and methods of p that are
// targets, plus the instances of p's generic functions found in the
// program, sorted by file, then position, then name (instances of one
// generic function share its position).
func packageTargets(prog *ssa.Program, p *packages.Package, instances []*ssa.Function) []*ssa.Function {
	var targets []*ssa.Function
	for _, file := range p.Syntax {
		for _, decl := range file.Decls {
			if fn := declaredTarget(prog, p.TypesInfo, decl); fn != nil {
				targets = append(targets, fn)
			}
		}
	}
	targets = append(targets, instances...)
	sortFunctions(prog.Fset, targets)
	return targets
}

// declaredTarget returns the SSA function of decl if it is a target: a
// function or method with a Go body that is neither generic, nor init,
// nor blank. Looking functions up by their declaration, rather than
// through method sets, yields the declared method itself and never one of
// the wrappers that SSA synthesizes for promoted or pointer methods.
func declaredTarget(prog *ssa.Program, info *types.Info, decl ast.Decl) *ssa.Function {
	fd, ok := decl.(*ast.FuncDecl)
	if !ok || fd.Name.Name == "_" || (fd.Recv == nil && fd.Name.Name == "init") {
		return nil
	}
	obj, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil
	}
	fn := prog.FuncValue(obj)
	if fn == nil || fn.TypeParams().Len() > 0 || len(fn.Blocks) == 0 {
		// Generic bodies are explored through their instances; a
		// function without blocks has no Go body (assembly, linkname).
		return nil
	}
	return fn
}

// instancesByPackage finds every concrete instantiation of a generic
// function or method in the program and groups them by the package that
// declares the generic function. Instances have no package of their own
// (their Pkg is nil), so the grouping goes through Origin.
func instancesByPackage(prog *ssa.Program, initial []*packages.Package) map[*ssa.Package][]*ssa.Function {
	byPkg := make(map[*ssa.Package][]*ssa.Function)
	for fn := range reachableFunctions(prog, initial) {
		if fn.Parent() != nil || len(fn.Blocks) == 0 {
			continue // closures; functions without a body
		}
		origin := fn.Origin()
		if origin == nil || origin.Pkg == nil || isParameterized(fn.TypeArgs()) {
			// Not an instance, or an instantiation wrapper built for
			// a generic body, whose type arguments are type parameters.
			continue
		}
		byPkg[origin.Pkg] = append(byPkg[origin.Pkg], fn)
	}
	return byPkg
}

// reachableFunctions returns every function that SSA built for the
// program: those ssautil.AllFunctions finds (package members, methods of
// runtime types, and everything they refer to) and, because a generic
// instance can be used only inside a method that nothing calls, every
// function declared in a package loaded from syntax, with everything
// those refer to in turn. Instances are created only when the builder
// meets a reference to them, so this finds all of them.
func reachableFunctions(prog *ssa.Program, initial []*packages.Package) map[*ssa.Function]bool {
	seen := make(map[*ssa.Function]bool)
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		var operands []*ssa.Value
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				operands = instr.Operands(operands[:0])
				for _, op := range operands {
					if callee, ok := (*op).(*ssa.Function); ok {
						visit(callee)
					}
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}

	for fn := range ssautil.AllFunctions(prog) {
		visit(fn)
	}
	packages.Visit(initial, nil, func(p *packages.Package) {
		if p.TypesInfo == nil {
			return
		}
		for _, file := range p.Syntax {
			for _, decl := range file.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok {
					if obj, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						visit(prog.FuncValue(obj))
					}
				}
			}
		}
	})
	return seen
}

// isParameterized reports whether any of the types mentions a type
// parameter, as the type arguments of an instantiation wrapper do.
func isParameterized(ts []types.Type) bool {
	seen := make(map[types.Type]bool)
	for _, t := range ts {
		if mentionsTypeParam(t, seen) {
			return true
		}
	}
	return false
}

func mentionsTypeParam(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.TypeParam:
		return true
	case *types.Basic:
		return false
	case *types.Alias:
		return mentionsTypeParam(types.Unalias(t), seen)
	case *types.Pointer:
		return mentionsTypeParam(t.Elem(), seen)
	case *types.Slice:
		return mentionsTypeParam(t.Elem(), seen)
	case *types.Array:
		return mentionsTypeParam(t.Elem(), seen)
	case *types.Chan:
		return mentionsTypeParam(t.Elem(), seen)
	case *types.Map:
		return mentionsTypeParam(t.Key(), seen) || mentionsTypeParam(t.Elem(), seen)
	case *types.Tuple:
		for v := range t.Variables() {
			if mentionsTypeParam(v.Type(), seen) {
				return true
			}
		}
		return false
	case *types.Signature:
		return mentionsTypeParam(t.Params(), seen) || mentionsTypeParam(t.Results(), seen)
	case *types.Struct:
		for f := range t.Fields() {
			if mentionsTypeParam(f.Type(), seen) {
				return true
			}
		}
		return false
	case *types.Interface:
		for m := range t.Methods() {
			if mentionsTypeParam(m.Type(), seen) {
				return true
			}
		}
		for e := range t.EmbeddedTypes() {
			if mentionsTypeParam(e, seen) {
				return true
			}
		}
		return false
	case *types.Union:
		for term := range t.Terms() {
			if mentionsTypeParam(term.Type(), seen) {
				return true
			}
		}
		return false
	case *types.Named:
		for arg := range t.TypeArgs().Types() {
			if mentionsTypeParam(arg, seen) {
				return true
			}
		}
		// A type declared inside a generic function may use the
		// function's type parameters in its underlying type.
		return mentionsTypeParam(t.Underlying(), seen)
	}
	return false
}

// sortFunctions orders functions by file, then position in the file,
// then user-facing name, then fully qualified name, so that the order
// never depends on map iteration.
func sortFunctions(fset *token.FileSet, fns []*ssa.Function) {
	sort.SliceStable(fns, func(i, j int) bool {
		if c := ComparePos(fset, declPos(fns[i]), declPos(fns[j])); c != 0 {
			return c < 0
		}
		if ni, nj := FuncName(fns[i]), FuncName(fns[j]); ni != nj {
			return ni < nj
		}
		// Type arguments from two packages of the same name.
		return fns[i].String() < fns[j].String()
	})
}

// declPos is the position of the declaration a function comes from; an
// instance reports the position of its generic origin.
func declPos(fn *ssa.Function) token.Pos {
	if origin := fn.Origin(); origin != nil && fn.Parent() == nil {
		return origin.Pos()
	}
	return fn.Pos()
}
