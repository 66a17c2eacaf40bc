package loader

import (
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Constructor finds, by type, the function through which the users of a
// package make a value of type t: a package-level function of t's own
// package, not generic, whose one result is exactly t (csv.NewReader
// returns *Reader, big.NewInt *Int). A test in the package home must be
// able to call it: it is declared in home, or it is exported and its
// package may be imported from home (see Importable). Its parameters must
// not mention t's named type again (a copy constructor needs what it
// makes), nor funcs or channels, which inputs cannot be. Among several an
// exported one is taken (what callers outside the package use), then the
// one with the fewest parameters, then New+TypeName, then the first by
// name, so the choice is the same on every run. Failing those,
// for t = *T, T's method Init returning *T is one (called on new(T)). It
// returns nil when there is none.
func Constructor(prog *ssa.Program, t types.Type, home *types.Package) *ssa.Function {
	named := namedOf(t)
	if named == nil || named.Obj().Pkg() == nil || named.TypeParams().Len() > 0 {
		return nil
	}
	obj := named.Obj()
	pkg := prog.Package(obj.Pkg())
	if pkg == nil {
		return nil
	}
	local := home != nil && obj.Pkg().Path() == home.Path()
	if !local && !Importable(home, obj.Pkg()) {
		return nil
	}
	var cands []*ssa.Function
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || len(fn.Blocks) == 0 || fn.TypeParams().Len() > 0 || fn.Synthetic != "" {
			continue
		}
		if !local && !fn.Object().Exported() || fn.Name() == "init" {
			continue
		}
		sig := fn.Signature
		if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), t) {
			continue
		}
		if !plainParams(sig.Params(), named) {
			continue
		}
		cands = append(cands, fn)
	}
	if len(cands) == 0 {
		return initMethod(prog, named, t, local)
	}
	sortMakers(cands, obj.Name())
	return cands[0]
}

// sortMakers orders the functions that make a value of the type called
// typeName by preference: exported first, then fewer parameters, then
// New+typeName (in any case: NewEncoder for encoder), then by name.
func sortMakers(cands []*ssa.Function, typeName string) {
	want := strings.ToLower("New" + typeName)
	named := func(f *ssa.Function) bool { return strings.ToLower(f.Name()) == want }
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if ea, eb := a.Object().Exported(), b.Object().Exported(); ea != eb {
			return ea
		}
		if na, nb := len(a.Params), len(b.Params); na != nb {
			return na < nb
		}
		if named(a) != named(b) {
			return named(a)
		}
		return a.Name() < b.Name()
	})
}

// initMethod is, for t = *T that no function makes, T's method Init when
// it returns t: the user writes var s T; s.Init(r), or new(T).Init(r)
// (text/scanner.Scanner).
func initMethod(prog *ssa.Program, named *types.Named, t types.Type, local bool) *ssa.Function {
	if _, ok := t.(*types.Pointer); !ok {
		return nil
	}
	sel := prog.MethodSets.MethodSet(t).Lookup(named.Obj().Pkg(), "Init")
	if sel == nil {
		return nil
	}
	fn := prog.MethodValue(sel)
	if fn == nil || len(fn.Blocks) == 0 || fn.Synthetic != "" || !local && !fn.Object().Exported() {
		return nil
	}
	sig := fn.Signature
	if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), t) || !plainParams(sig.Params(), named) {
		return nil
	}
	return fn
}

// namedOf is the named type t is, or points to.
func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}

// plainParams reports whether every parameter is something the input
// harness can make without needing the constructed type itself.
func plainParams(params *types.Tuple, made *types.Named) bool {
	for i := 0; i < params.Len(); i++ {
		pt := params.At(i).Type()
		if n := namedOf(pt); n != nil && n.Obj() == made.Obj() {
			return false
		}
		switch pt.Underlying().(type) {
		case *types.Signature, *types.Chan:
			return false
		}
	}
	return true
}

// SentinelErrors lists the package-level variables of pkg whose type is
// error (io.EOF, csv.ErrQuote), in source order: the values a caller
// compares an error with. A test in the package home must be able to name
// them: unexported ones only when pkg is home.
func SentinelErrors(pkg *ssa.Package, home *types.Package) []*ssa.Global {
	if pkg == nil {
		return nil
	}
	local := home != nil && pkg.Pkg.Path() == home.Path()
	if !local && !Importable(home, pkg.Pkg) {
		return nil
	}
	errType := types.Universe.Lookup("error").Type()
	var out []*ssa.Global
	for _, m := range pkg.Members {
		g, ok := m.(*ssa.Global)
		if !ok || !types.Identical(g.Type().(*types.Pointer).Elem(), errType) {
			continue
		}
		if !local && !g.Object().Exported() || strings.HasPrefix(g.Name(), "_") {
			continue
		}
		out = append(out, g)
	}
	fset := pkg.Prog.Fset
	sort.Slice(out, func(i, j int) bool { return ComparePos(fset, out[i].Pos(), out[j].Pos()) < 0 })
	return out
}

// Importable reports whether a test file of package home may import pkg:
// it is not a main package, the go command's rule for internal packages
// allows it, and it does not import home (the test file is in home's own
// package, so that would be a cycle). A nil home may import anything that
// is not internal or main.
func Importable(home, pkg *types.Package) bool {
	if pkg.Name() == "main" {
		return false
	}
	if home == nil {
		return !strings.Contains("/"+pkg.Path()+"/", "/internal/")
	}
	if pkg.Path() == home.Path() {
		return true
	}
	return MayImport(home.Path(), pkg.Path()) && !ImportsPath(pkg, home.Path(), make(map[*types.Package]bool))
}

// MayImport applies the go command's rule for internal packages: a path
// with an "internal" element can only be imported from within the tree
// rooted at the parent of its last "internal" directory. The test writer
// asks it too, for the packages a generated file would import.
func MayImport(importer, path string) bool {
	elems := strings.Split(path, "/")
	last := -1
	for i, e := range elems {
		if e == "internal" {
			last = i
		}
	}
	if last < 0 {
		return true
	}
	if last == 0 {
		// The standard library's own internal packages.
		return IsStandard(importer)
	}
	root := strings.Join(elems[:last], "/")
	return importer == root || strings.HasPrefix(importer, root+"/")
}

// ImportsPath reports whether pkg imports the package at path, directly
// or not: a generated test of the package at path cannot import pkg then.
func ImportsPath(pkg *types.Package, path string, seen map[*types.Package]bool) bool {
	if seen[pkg] {
		return false
	}
	seen[pkg] = true
	for _, imp := range pkg.Imports() {
		if imp.Path() == path || ImportsPath(imp, path, seen) {
			return true
		}
	}
	return false
}
