package inputs

import (
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// maxSentinels bounds the sentinel errors tried for an error parameter.
const maxSentinels = 4

// apiMakers are the made alternatives tried first for a parameter of
// interface type t in package home, the values callers pass:
//   - for error, the package's sentinel errors (csv.ErrQuote) and
//     errors.New of a symbolic text;
//   - for a reading interface (io.Reader, io.ByteReader, io.RuneScanner…)
//     that *strings.Reader implements, strings.NewReader of a symbolic
//     string, and for io.Reader (what io.MultiReader's result implements)
//     a reader that yields a symbolic string and then fails (iofail.go);
//   - for a writing interface (io.Writer…) that *bytes.Buffer implements,
//     new(bytes.Buffer), and for io.Writer a writer that always fails;
//   - for context.Context, context.Background(), which is never done.
//
// Each needs its package in the program and importable from home.
func (e *Builder) apiMakers(iface *types.Interface, t types.Type, home *ssa.Package) []*maker {
	hp := homePkg(home)
	var out []*maker
	if loader.IsErrorType(t) {
		sentinels := loader.SentinelErrors(home, hp)
		for _, g := range sentinels[:min(len(sentinels), maxSentinels)] {
			out = append(out, &maker{global: g, typ: t})
		}
		if fn := e.apiFunc(hp, "errors", "New"); fn != nil {
			out = append(out, &maker{fn: fn, typ: fn.Signature.Results().At(0).Type()})
		}
		return out
	}
	if isContextType(t) {
		if fn := e.apiFunc(hp, "context", "Background"); fn != nil {
			out = append(out, &maker{fn: fn, typ: t})
		}
		return out
	}
	if hasMethodPrefix(iface, "Read", "Unread", "Seek") {
		if fn := e.apiFunc(hp, "strings", "NewReader"); fn != nil {
			if rt := fn.Signature.Results().At(0).Type(); types.Implements(rt, iface) {
				out = append(out, &maker{fn: fn, typ: rt})
				if m := e.failingMaker(iface, hp, fn); m != nil {
					out = append(out, m)
				}
				return out
			}
		}
	}
	if hasMethodPrefix(iface, "Write") {
		if pkg := e.Prog.ImportedPackage("bytes"); pkg != nil && loader.Importable(hp, pkg.Pkg) {
			if tm, ok := pkg.Members["Buffer"].(*ssa.Type); ok {
				if pt := types.NewPointer(tm.Type()); types.Implements(pt, iface) {
					out = append(out, &maker{typ: pt})
					if m := e.failingMaker(iface, hp, nil); m != nil {
						out = append(out, m)
					}
					return out
				}
			}
		}
	}
	return out
}

// isContextType reports whether t is context.Context.
func isContextType(t types.Type) bool {
	return value.IsNamed(types.Unalias(t), "context", "Context")
}

// apiFunc is the function name of the standard package path when the
// program has it and a test in home may call it.
func (e *Builder) apiFunc(home *types.Package, path, name string) *ssa.Function {
	pkg := e.Prog.ImportedPackage(path)
	if pkg == nil || !loader.Importable(home, pkg.Pkg) {
		return nil
	}
	fn := pkg.Func(name)
	if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
		return nil
	}
	return fn
}

// hasMethodPrefix reports whether a method of iface starts with one of the
// prefixes.
func hasMethodPrefix(iface *types.Interface, prefixes ...string) bool {
	for i := 0; i < iface.NumMethods(); i++ {
		for _, p := range prefixes {
			if strings.HasPrefix(iface.Method(i).Name(), p) {
				return true
			}
		}
	}
	return false
}

// homePkg is the types package of an SSA package, or nil.
func homePkg(p *ssa.Package) *types.Package {
	if p == nil {
		return nil
	}
	return p.Pkg
}
