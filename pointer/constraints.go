package pointer

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// loadC: for each cell l that the source points to, the n cells from
// l+off flow into the n nodes from dst (dst = *(src+off)).
type loadC struct {
	dst nodeid
	off int
	n   int
}

func (c *loadC) solve(a *analysis, delta []int) {
	for _, l := range delta {
		if !a.inObject(nodeid(l), c.off, c.n) {
			continue
		}
		a.addCopyN(c.dst, nodeid(l+c.off), c.n)
	}
}

// storeC: for each cell l the address points to, the n nodes from src
// flow into the n cells from l+off (*(addr+off) = src).
type storeC struct {
	src nodeid
	off int
	n   int
}

func (c *storeC) solve(a *analysis, delta []int) {
	for _, l := range delta {
		if !a.inObject(nodeid(l), c.off, c.n) {
			continue
		}
		a.addCopyN(nodeid(l+c.off), c.src, c.n)
	}
}

// offsetC: dst points to l+off for every l the source points to
// (&x.f, &a[i]).
type offsetC struct {
	dst nodeid
	off int
	n   int // size of the addressed cell block, for the bounds check
}

func (c *offsetC) solve(a *analysis, delta []int) {
	for _, l := range delta {
		if !a.inObject(nodeid(l), c.off, c.n) {
			continue
		}
		a.addLabel(c.dst, nodeid(l+c.off))
	}
}

// assertC implements a type assertion on an interface value whose
// points-to set holds boxes. Asserting a concrete type T copies the
// payload of the boxes of type T; asserting an interface keeps the boxes
// whose type implements it.
type assertC struct {
	typ     types.Type
	dst     nodeid // first node of the result (0 if it holds no pointers)
	isIface bool
	iface   *types.Interface
	size    int
}

func (c *assertC) solve(a *analysis, delta []int) {
	for _, l := range delta {
		box := a.nodes[l].obj
		if box == nil || box.Kind != KindBox || nodeid(l) != box.id {
			continue
		}
		if c.isIface {
			if types.Implements(box.Type, c.iface) {
				a.addLabel(c.dst, nodeid(l))
			}
			continue
		}
		if types.Identical(box.Type, c.typ) && c.dst != 0 {
			a.addCopyN(c.dst, nodeid(l+1), c.size)
		}
	}
}

// invokeC dispatches an interface method call on each box the receiver
// points to: the box's dynamic type selects the method, its payload is
// the receiver.
type invokeC struct {
	site ssa.CallInstruction
}

func (c *invokeC) solve(a *analysis, delta []int) {
	common := c.site.Common()
	for _, l := range delta {
		box := a.nodes[l].obj
		if box == nil || box.Kind != KindBox || nodeid(l) != box.id {
			continue
		}
		fn := a.methodFor(box.Type, common.Method)
		if fn == nil {
			continue
		}
		a.wireCall(c.site, fn, nodeid(l+1), box.Type)
	}
}

// dynCallC calls each function a function value points to.
type dynCallC struct {
	site ssa.CallInstruction
}

func (c *dynCallC) solve(a *analysis, delta []int) {
	for _, l := range delta {
		o := a.nodes[l].obj
		if o == nil || o.Kind != KindFunc || nodeid(l) != o.id {
			continue
		}
		a.wireCall(c.site, o.Func, 0, nil)
	}
}
