package loader

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// SwapperClosure is the closure of internal/reflectlite.Swapper's body
// that swaps two elements of a []unsafe.Pointer (the one whose only free
// variable is such a slice), or nil when fn has none.
//
// Swapper reads its slice through unsafe. The executor (symbolic/
// models/sort.go) and the pointer analysis (pointer's swapper.go) both
// model it as this closure, bound to a variable that holds the slice
// itself.
func SwapperClosure(fn *ssa.Function) *ssa.Function {
	for _, c := range fn.AnonFuncs {
		if len(c.FreeVars) != 1 {
			continue
		}
		cell, ok := c.FreeVars[0].Type().(*types.Pointer)
		if !ok {
			continue
		}
		sl, ok := cell.Elem().Underlying().(*types.Slice)
		if !ok {
			continue
		}
		if b, ok := sl.Elem().(*types.Basic); ok && b.Kind() == types.UnsafePointer {
			return c
		}
	}
	return nil
}
