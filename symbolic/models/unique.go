package models

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// uniqueMakeModel is the model of unique.Make, whose body finds the
// canonical copy of its value in a concurrent hash trie keyed by the
// runtime's hash of the value's type, which the executor cannot follow.
// Net/netip's initialiser is what needs it: its sentinel handles z4 and
// z6noz are made there, and every address that net.ParseIP or
// netip.ParseAddr returns holds one of them. A handle is a pointer to the
// canonical copy, equal to another exactly when their values are; the
// model gives each call a new copy, which is canonical only when no two
// calls make equal values. netip's initialiser makes two different ones,
// so the model serves it alone; any other call (netip's WithZone, with a
// zone a path may make twice) stops the path.
func uniqueMakeModel(fn *ssa.Function) Func {
	orig := fn
	if fn.Origin() != nil {
		orig = fn.Origin()
	}
	if orig.Pkg == nil || orig.Pkg.Pkg.Path() != "unique" || orig.Name() != "Make" || orig.Signature.Recv() != nil {
		return nil
	}
	return func(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		if m.Caller().String() != "net/netip.init" {
			m.Unsupported("unique.Make outside net/netip's initialiser: equal values share one handle, which the executor does not keep")
			return nil, false
		}
		handle := fn.Signature.Results().At(0).Type()
		ptr := handle.Underlying().(*types.Struct).Field(0).Type().(*types.Pointer)
		return []value.Value{value.Struct{Fields: []value.Value{m.New(ptr.Elem(), a[0])}}}, true
	}
}
