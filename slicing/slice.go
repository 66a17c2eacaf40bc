package slicing

import (
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// back applies the event at position pos of n to the backward state s,
// which holds what the rest of the path needs just after the event;
// afterwards it holds what is needed just before it (§3.2.2 steps 4 and
// 5).
func (g *Graph) back(s *backState, n *node, pos int, sound bool) {
	r := n.events[pos]
	if s.top {
		return
	}
	ev := &r.ev
	if ev.Opaque {
		s.top = true
		return
	}
	// Step 5: locations the event defines. An object is only partly
	// written by most writes, so it stays relevant; an allocation makes
	// it whole (before it the object does not exist, and a state in the
	// same context has allocated as many).
	// why is the provenance of the event's relevance: the union of the
	// reasons below; provNone when it has none.
	why := provNone
	var defined []machine.Loc
	allocates := isAlloc(ev.Instr)
	for _, w := range ev.Writes {
		// A write is of a whole location: it writes every part of it.
		for _, k := range s.within(norm(w.Loc).Whole()) {
			why = g.provs.union(why, s.L[k])
			if k.Kind != machine.LocObj || allocates {
				defined = append(defined, k)
			}
		}
	}
	written := why != provNone
	switch {
	case r.info != nil && r.info.isBranch:
		// Step 4: a dynamic branch.
		if p, inC := s.C[r.id]; inC {
			why = g.provs.union(why, p)
			delete(s.C, r.id)
		}
		for _, p := range s.marks[ev.Act] {
			why = g.provs.union(why, p) // it may have chosen a relevant φ's edge
		}
		if g.rel.Relevant(r.info.branch) {
			why = g.provs.union(why, g.provs.of(r.info.branch))
		}
		if !sound {
			break // §3.6: data and control dependences only
		}
		if s.hasMem() {
			why = g.provs.union(why, g.potentialMem(s, n, pos, r))
		}
		why = g.provs.union(why, loopDep(s, r))
	case ev.Decided:
		// A decision at no branch cdg knows: relevant, always.
		why = provAlways
	}
	if g.opts.NoRefine && why != provNone {
		why = provAlways
	}
	if written {
		if phi, ok := ev.Instr.(*ssa.Phi); ok {
			if idom := phi.Block().Idom(); idom != nil {
				s.mark(ev.Act, idom, why)
			}
		}
	}
	if why != provNone {
		for _, d := range defined {
			s.del(d)
		}
		for _, l := range ev.Reads {
			s.add(norm(l), why)
		}
		for _, lr := range r.loopReads {
			s.loops[lr.loc] = lr.def
		}
		if r.ctrl != 0 {
			s.control(r.ctrl, why)
		}
	}
	// The latest entry into a marked block ends its marker.
	if r.entry {
		if m := s.marks[ev.Act]; m != nil {
			delete(m, r.block)
			if len(m) == 0 {
				delete(s.marks, ev.Act)
			}
		}
	}
	// Before its push, an activation ran nothing: its markers are done.
	if ev.Pushed != 0 {
		delete(s.marks, ev.Pushed)
	}
}

// isAlloc reports whether instr only allocates: the objects it writes
// are new, written whole.
func isAlloc(instr ssa.Instruction) bool {
	switch instr.(type) {
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
		return true
	}
	return false
}
