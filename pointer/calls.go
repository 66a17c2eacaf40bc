package pointer

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// genCall handles Call, Go and Defer. Static callees are wired at once;
// dynamic ones (function values, closures, bound methods, interface
// methods) when the callee's points-to set grows.
func (a *analysis) genCall(site ssa.CallInstruction) {
	common := site.Common()
	if b, ok := common.Value.(*ssa.Builtin); ok {
		a.genBuiltin(site, b)
		return
	}
	if common.IsInvoke() {
		a.addConstraint(a.valueNode(common.Value), &invokeC{site: site})
		return
	}
	if fn := common.StaticCallee(); fn != nil {
		a.checkReflect(site, fn)
		a.wireCall(site, fn, 0, nil)
		return
	}
	a.addConstraint(a.valueNode(common.Value), &dynCallC{site: site})
}

// checkReflect reports calls whose callees reflection picks at run time:
// the analysis does not follow them.
func (a *analysis) checkReflect(site ssa.CallInstruction, fn *ssa.Function) {
	switch fn.String() {
	case "(reflect.Value).Call", "(reflect.Value).CallSlice", "reflect.MakeFunc",
		"(reflect.Value).Method", "(reflect.Value).MethodByName", "reflect.NewAt":
		caller := site.Parent()
		a.warn(site.Pos(), WarnReflect, fn.String()+"@"+caller.String(),
			fmt.Sprintf("%s calls %s: reflective calls and memory are not modelled", caller, fn))
	}
}

func (a *analysis) genBuiltin(site ssa.CallInstruction, b *ssa.Builtin) {
	common := site.Common()
	args := common.Args
	var res nodeid
	if v := site.Value(); v != nil {
		res = a.valueNode(v)
	}
	switch b.Name() {
	case "append":
		// append(s, xs...) returns s's array or a new one (allocated
		// here), and writes the new elements into it; the new array also
		// receives s's elements.
		if res == 0 {
			return
		}
		st := site.Value().Type().Underlying().(*types.Slice)
		elem := st.Elem()
		o := a.siteObject(site.Value(), KindSlice, elem, a.arrayLayout(elem))
		a.addLabel(res, o.id)
		a.addCopy(res, a.valueNode(args[0]))
		if !a.lay.hasPointers(elem) {
			return
		}
		n := a.lay.size(elem)
		tmp := a.newNodes(n, nil)
		a.addConstraint(a.valueNode(args[0]), &loadC{dst: tmp, off: 1, n: n})
		if len(args) > 1 {
			if _, ok := args[1].Type().Underlying().(*types.Slice); ok {
				a.addConstraint(a.valueNode(args[1]), &loadC{dst: tmp, off: 1, n: n})
			}
		}
		a.addConstraint(res, &storeC{src: tmp, off: 1, n: n})
	case "copy":
		elem := args[0].Type().Underlying().(*types.Slice).Elem()
		if !a.lay.hasPointers(elem) {
			return
		}
		n := a.lay.size(elem)
		tmp := a.newNodes(n, nil)
		a.addConstraint(a.valueNode(args[1]), &loadC{dst: tmp, off: 1, n: n})
		a.addConstraint(a.valueNode(args[0]), &storeC{src: tmp, off: 1, n: n})
	case "recover":
		a.addCopy(res, a.panicVal)
	case "ssa:wrapnilchk":
		a.addCopy(res, a.valueNode(args[0]))
	}
}
