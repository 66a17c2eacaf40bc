package dictionary

import (
	"go/constant"

	"golang.org/x/tools/go/ssa"
)

// callWords are the constant strings pkg passes to its own functions:
// the inputs its authors feed their API themselves (uuid's
// Must(Parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8")) in a package
// variable's initialiser), in the order of the calling functions' names
// and then of the calls. A constant a function compares its input with
// is left to the solver, which reads the comparison.
func callWords(pkg *ssa.Package) []string {
	var out []string
	eachCall(pkg, func(call ssa.CallInstruction) {
		callee := call.Common().StaticCallee()
		if callee == nil || callee.Pkg != pkg {
			return
		}
		for _, a := range call.Common().Args {
			if c, ok := a.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String && isString(c.Type()) {
				out = append(out, constant.StringVal(c.Value))
			}
		}
	})
	return out
}

// eachCall calls visit on each call of pkg's functions, in the order of
// the functions' names and then of the calls.
func eachCall(pkg *ssa.Package, visit func(ssa.CallInstruction)) {
	for _, fn := range packageFuncs(pkg) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if call, ok := in.(ssa.CallInstruction); ok {
					visit(call)
				}
			}
		}
	}
}
