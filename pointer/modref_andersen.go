package pointer

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/container/intsets"
	"golang.org/x/tools/go/ssa"
)

// directModRef adds the cells instr itself writes and reads through
// pointers (calls excluded: their callees' summaries are added by
// modRef).
func (a *analysis) directModRef(instr ssa.Instruction, mod, ref *intsets.Sparse) {
	switch in := instr.(type) {
	case *ssa.Store:
		a.cellsAt(mod, in.Addr, 0, a.lay.size(in.Val.Type()))
	case *ssa.UnOp:
		switch in.Op {
		case token.MUL:
			a.cellsAt(ref, in.X, 0, a.lay.size(in.Type()))
		case token.ARROW: // a receive takes the value out of the buffer
			a.containerCells(mod, in.X)
			a.containerCells(ref, in.X)
		}
	case *ssa.MapUpdate:
		a.containerCells(mod, in.Map)
	case *ssa.Lookup:
		if _, ok := in.X.Type().Underlying().(*types.Map); ok {
			a.containerCells(ref, in.X)
		}
	case *ssa.Next:
		if !in.IsString {
			a.containerCells(ref, in.Iter.(*ssa.Range).X)
		}
	case *ssa.Send:
		a.containerCells(mod, in.Chan)
	case *ssa.Select:
		for _, st := range in.States {
			a.containerCells(mod, st.Chan)
			if st.Dir == types.RecvOnly {
				a.containerCells(ref, st.Chan)
			}
		}
	case ssa.CallInstruction:
		b, ok := in.Common().Value.(*ssa.Builtin)
		if !ok {
			return
		}
		args := in.Common().Args
		switch b.Name() {
		case "append":
			if v := in.Value(); v != nil {
				a.containerCells(mod, v) // the result's arrays include s's
			}
			a.containerCells(ref, args[0])
			if len(args) > 1 {
				a.containerCells(ref, args[1])
			}
		case "copy":
			a.containerCells(mod, args[0])
			a.containerCells(ref, args[1])
		case "clear", "delete", "close":
			a.containerCells(mod, args[0])
		}
	}
}

// cellsAt adds the data cells of the n-cell blocks that v points to. A
// header cell among them stands for the block it heads: a typed access
// covers that block anyway, and an access through unsafe with another
// type may reach a block by its header alone (sort's swapper moves whole
// elements of any type as one unsafe.Pointer: swapper.go).
func (a *analysis) cellsAt(s *intsets.Sparse, v ssa.Value, off, n int) {
	p, ok := a.values[v]
	if !ok || p == 0 {
		return
	}
	for _, l := range a.nodes[a.find(p)].pts.AppendTo(nil) {
		if !a.inObject(nodeid(l), off, n) {
			continue
		}
		o := a.nodes[l].obj
		for i := 0; i < n; i++ {
			c := l + off + i
			cell := o.layout[c-int(o.id)]
			if !cell.header {
				s.Insert(c)
				continue
			}
			end := min(c+a.lay.size(cell.typ), int(o.id)+len(o.layout))
			for d := c + 1; d < end; d++ {
				if !o.layout[d-int(o.id)].header {
					s.Insert(d)
				}
			}
		}
	}
}

// containerCells adds every data cell of the objects (arrays, maps,
// channels) that the slice, map or channel v points to.
func (a *analysis) containerCells(s *intsets.Sparse, v ssa.Value) {
	p, ok := a.values[v]
	if !ok || p == 0 {
		return
	}
	for _, l := range a.nodes[a.find(p)].pts.AppendTo(nil) {
		o := a.nodes[l].obj
		if o == nil || nodeid(l) != o.id {
			continue
		}
		for i := 1; i < len(o.layout); i++ {
			if !o.layout[i].header {
				s.Insert(int(o.id) + i)
			}
		}
	}
}
