package slicing

import (
	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// ModSets is a mod analysis, as the potential dependences of §3.2.1 need
// it: whether an instruction on an outcome a path did not take may write
// part of an object the path holds. Package detector gives one backed by
// package pointer's mod sets.
type ModSets interface {
	// MayWrite reports whether instr, a store, map update, send, receive,
	// select or call (go and defer included), may write part of an object
	// whose contents are obj: obj.Type is the object's type.
	MayWrite(instr ssa.Instruction, obj value.ObjectValue) bool
}

// potentialMem returns the provenance of the locations of L, no
// registers, that an outcome of the branch event r (at position pos of
// n) other than the one taken may write: those on which the branch is
// potentially relevant (§3.2.1). Without Options.Mod every such location
// counts as soon as an outcome not taken may write at all. With it, an
// object counts only when the mod analysis says that some write under
// those outcomes may reach its type; the defer stack and the panic, and
// objects whose contents before the branch are not known, always count.
func (g *Graph) potentialMem(s *backState, n *node, pos int, r *evRec) prov {
	fi, b := r.info.fn, r.info.branch
	if !fi.mayWriteOther(b, r.taken, r.takenKnown) {
		return provNone
	}
	if g.opts.Mod == nil || b.Implicit() {
		return s.memProv()
	}
	writers := fi.writersOther(b, r.taken, r.takenKnown)
	p := provNone
	for l, lp := range s.L {
		if l.Kind == machine.LocReg {
			continue
		}
		if l.Kind != machine.LocObj || g.mayWriteObj(n, pos, l, writers, r.deferred) {
			p = g.provs.union(p, lp)
		}
	}
	return p
}

// mayWriteObj reports whether one of writers, run instead of what the
// path ran after position pos of n, may write object l. deferred says a
// deferred call may be pending there: a panic under the outcome not
// taken would run it, and a recover resume the path.
func (g *Graph) mayWriteObj(n *node, pos int, l machine.Loc, writers []ssa.Instruction, deferred bool) bool {
	v, known := g.valueAt(n, pos, l)
	obj, ok := v.(value.ObjectValue)
	if !known || !ok || obj.Type == nil {
		// The object does not exist before the branch (it is made after
		// it by a step that is no allocation) or an opaque step may have
		// changed it: which object the number names on the other side
		// is not known.
		return true
	}
	for _, in := range writers {
		switch in.(type) {
		case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeClosure, *ssa.MakeInterface:
			// A new object: l exists already.
			continue
		case *ssa.Store, *ssa.MapUpdate, *ssa.Send, *ssa.UnOp, *ssa.Select:
			if g.opts.Mod.MayWrite(in, obj) {
				return true
			}
		case ssa.CallInstruction:
			if deferred || g.opts.Mod.MayWrite(in, obj) {
				return true // the callee may panic and run the deferred call
			}
		default:
			// A panic (it may run deferred calls), RunDefers, or an
			// instruction this does not know: anything.
			if deferred {
				return true
			}
			if _, ok := in.(*ssa.Panic); !ok {
				return true
			}
		}
	}
	return false
}

// writersOther lists the instructions that may write under the outcomes
// of b other than taken (every outcome when taken is not known),
// directly or through a chain of control dependences.
func (fi *funcInfo) writersOther(b cdg.Branch, taken cdg.Kind, known bool) []ssa.Instruction {
	var out []ssa.Instruction
	for _, o := range fi.f.Outcomes(b) {
		if known && o.Kind == taken {
			continue
		}
		out = append(out, fi.writersUnder(o)...)
	}
	return out
}

// hasDefer reports whether fn holds a defer statement.
func (st *static) hasDefer(fn *ssa.Function) bool {
	if d, ok := st.defers[fn]; ok {
		return d
	}
	d := false
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if _, ok := in.(*ssa.Defer); ok {
				d = true
			}
		}
	}
	st.defers[fn] = d
	return d
}

// mayDefer reports whether a deferred call may be pending in one of ps's
// activations: its function has a defer statement, or is not known.
func (g *Graph) mayDefer(ps *pathState) bool {
	for _, a := range ps.acts {
		if a.fn == nil || g.st.hasDefer(a.fn) {
			return true
		}
	}
	return false
}
