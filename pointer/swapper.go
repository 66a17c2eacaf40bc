package pointer

import (
	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// internal/reflectlite.Swapper (under sort.Slice and sort.SliceStable)
// reads its slice through unsafe, which the analysis does not follow: the
// func it returns would point to nothing, and the writes of sort's swaps
// would be missing from every mod set. The executor models it (symbolic/
// models/sort.go) as the closure its body makes for a slice of pointers,
// loader.SwapperClosure, bound to a variable that holds the slice itself;
// the analysis models it the same way. The slice reaches Swapper in an
// interface, so the variable is the payload of the boxes the argument
// points to.

// swapperName is the function the model replaces.
const swapperName = "internal/reflectlite.Swapper"

// swapper wires a call of Swapper as the model runs it, and reports
// whether fn is Swapper.
func (a *analysis) swapper(site ssa.CallInstruction, fn *ssa.Function) bool {
	if fn.String() != swapperName {
		return false
	}
	closure := loader.SwapperClosure(fn)
	if closure == nil {
		return false // analysed from its body, as any other function
	}
	a.reach(closure)
	if v := site.Value(); v != nil {
		if res := a.valueNode(v); res != 0 {
			a.addLabel(res, a.functionObject(closure).id)
		}
	}
	ps, arg := a.valueNode(closure.FreeVars[0]), a.valueNode(site.Common().Args[0])
	if ps != 0 && arg != 0 {
		// The variable is the boxes' payload: one cell, the array pointer.
		a.addConstraint(arg, &offsetC{dst: ps, off: 1, n: 1})
	}
	return true
}
