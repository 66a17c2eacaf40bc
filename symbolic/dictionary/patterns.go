package dictionary

import (
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// compilers are the functions of package regexp that compile a pattern
// given as their first argument.
var compilers = map[string]bool{"MustCompile": true, "Compile": true, "MustCompilePOSIX": true, "CompilePOSIX": true}

// pattern is a constant regexp pkg compiles; posix tells the POSIX
// flavour (leftmost-longest), which matches the same strings.
type pattern struct {
	expr  string
	posix bool
}

// patterns are the constant regexps pkg's functions (its initialiser
// among them, which compiles the package variables') compile, in the
// order of their functions' names and then of the calls, each once.
func patterns(pkg *ssa.Package) []pattern {
	var out []pattern
	seen := make(map[string]bool)
	for _, fn := range packageFuncs(pkg) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Call.StaticCallee()
				if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "regexp" || !compilers[callee.Name()] || len(call.Call.Args) == 0 {
					continue
				}
				c, ok := call.Call.Args[0].(*ssa.Const)
				if !ok || c.Value == nil || c.Value.Kind() != constant.String {
					continue
				}
				p := constant.StringVal(c.Value)
				if !seen[p] {
					seen[p] = true
					out = append(out, pattern{expr: p, posix: callee.Name() == "MustCompilePOSIX" || callee.Name() == "CompilePOSIX"})
				}
			}
		}
	}
	return out
}

// packageFuncs are pkg's functions and methods, and the closures inside
// them, in the order of their names.
func packageFuncs(pkg *ssa.Package) []*ssa.Function {
	var fns []*ssa.Function
	var walk func(f *ssa.Function)
	walk = func(f *ssa.Function) {
		fns = append(fns, f)
		for _, a := range f.AnonFuncs {
			walk(a)
		}
	}
	names := make([]string, 0, len(pkg.Members))
	for n := range pkg.Members {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		switch m := pkg.Members[n].(type) {
		case *ssa.Function:
			walk(m)
		case *ssa.Type:
			if types.IsInterface(m.Type()) {
				continue
			}
			if named, ok := m.Type().(*types.Named); ok && named.TypeParams().Len() > 0 {
				continue
			}
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				ms := pkg.Prog.MethodSets.MethodSet(t)
				for i := 0; i < ms.Len(); i++ {
					if f := pkg.Prog.MethodValue(ms.At(i)); f != nil && f.Pkg == pkg && f.Synthetic == "" && !slices.Contains(fns, f) {
						walk(f)
					}
				}
			}
		}
	}
	return fns
}
