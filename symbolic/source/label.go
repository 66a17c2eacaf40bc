package source

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// FuncLabel names fn as a reader of the test of under knows it: "" for
// under (and its closures), "parseInt" or "Reader.readRune"
// for another function of its package, "strings.Index" for one of another
// package.
func FuncLabel(fn, under *ssa.Function) string {
	top, under := outermost(fn), outermost(under)
	if top == under {
		return ""
	}
	name := top.Name()
	if recv := top.Signature.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if tp, up := loader.PackageOf(top), loader.PackageOf(under); tp != nil && up != nil && tp != up {
		name = tp.Pkg.Name() + "." + name
	}
	return name
}

// outermost is the declared function fn is in: itself, or the function
// whose closure it is, as of its generic origin.
func outermost(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	return fn
}
