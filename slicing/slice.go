package slicing

import (
	"github.com/gosymtest/gosymtest/symbolic"
	"golang.org/x/tools/go/ssa"
)

// back applies one event to the backward state s, which holds what the
// rest of the path needs just after the event; afterwards it holds what
// is needed just before it (§3.2.2 steps 4 and 5).
func (g *Graph) back(s *backState, r *evRec) {
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
	written := false
	var defined []symbolic.Loc
	allocates := isAlloc(ev.Instr)
	for _, w := range ev.Writes {
		k := norm(w.Loc)
		if _, ok := s.L[k]; ok {
			written = true
			if k.Kind != symbolic.LocObj || allocates {
				defined = append(defined, k)
			}
		}
	}
	relevant := written
	switch {
	case r.info != nil && r.info.isBranch:
		// Step 4: a dynamic branch.
		_, inC := s.C[r.id]
		delete(s.C, r.id)
		if len(s.marks[ev.Act]) > 0 {
			inC = true // it may have chosen a relevant φ's edge
		}
		relevant = relevant || inC || g.rel.Relevant(r.info.branch) ||
			(s.hasMem() && r.info.fn.mayWriteOther(r.info.branch, r.taken, r.takenKnown)) ||
			loopDep(s, r)
	case ev.Decided:
		// A decision at no branch cdg knows: relevant, always.
		relevant = true
	}
	if written {
		if phi, ok := ev.Instr.(*ssa.Phi); ok {
			if idom := phi.Block().Idom(); idom != nil {
				s.mark(ev.Act, idom)
			}
		}
	}
	if relevant {
		for _, d := range defined {
			s.del(d)
		}
		for _, l := range ev.Reads {
			s.add(norm(l))
		}
		for _, lr := range r.loopReads {
			s.loops[lr.loc] = lr.def
		}
		if r.ctrl != 0 {
			s.C[r.ctrl] = struct{}{}
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
