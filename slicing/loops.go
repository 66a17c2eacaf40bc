package slicing

import (
	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Loop-carried registers. Go's SSA has no φ at a loop's exit: after
// `for i := 0; i < n; i++ { s += i }` the code reads the φ s of the loop
// header directly. Which instance of s it reads was decided by the last
// test i < n, whose other outcome would have defined s again; no φ after
// the loop stands for that choice, and the header's block does not
// control the exit in the control dependence sense. So a register of a
// block in a cycle, while relevant, makes relevant every branch of its
// activation from whose untaken side the defining block can be reached
// again: the register analogue of a potential dependence (§3.2.1).

// reaches reports whether block to can be reached from block from by
// one or more edges, or is from itself.
func (fi *funcInfo) reaches(from, to *ssa.BasicBlock) bool {
	if from == to {
		return true
	}
	if fi.reach == nil {
		fi.reach = map[*ssa.BasicBlock][]bool{}
	}
	r, ok := fi.reach[from]
	if !ok {
		r = make([]bool, len(from.Parent().Blocks))
		work := []*ssa.BasicBlock{from}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			for _, s := range b.Succs {
				if !r[s.Index] {
					r[s.Index] = true
					work = append(work, s)
				}
			}
		}
		fi.reach[from] = r
	}
	return r[to.Index]
}

// loopy reports whether b lies on a cycle of its function.
func (fi *funcInfo) loopy(b *ssa.BasicBlock) bool {
	for _, s := range b.Succs {
		if fi.reaches(s, b) {
			return true
		}
	}
	return false
}

// noteDefs records, forward, the defining blocks in cycles of the
// registers ev writes, and on r the reads of such registers.
func (g *Graph) noteDefs(ps *pathState, r *evRec) {
	ev := &r.ev
	for _, w := range ev.Writes {
		if w.Loc.Kind != machine.LocReg {
			continue
		}
		var blk *ssa.BasicBlock
		switch {
		case w.Loc.Act == ev.Act && ev.Instr != nil:
			blk = ev.Instr.Block()
		case ps.acts[w.Loc.Act] != nil:
			// A return writes the caller's register: the call's block.
			blk = ps.acts[w.Loc.Act].block
		}
		if blk == nil || !g.st.fn(blk.Parent()).loopy(blk) {
			continue
		}
		a := ps.act(w.Loc.Act)
		if a.defs == nil {
			a.defs = map[int32]*ssa.BasicBlock{}
		}
		a.defs[w.Loc.Index] = blk
	}
	for _, l := range ev.Reads {
		if l.Kind != machine.LocReg {
			continue
		}
		if a := ps.acts[l.Act]; a != nil && a.defs[l.Index] != nil {
			r.loopReads = append(r.loopReads, loopRead{l, a.defs[l.Index]})
		}
	}
}

// loopRead is a read of a register defined in a cycle, with the block
// that defines it.
type loopRead struct {
	loc machine.Loc
	def *ssa.BasicBlock
}

// loopDep is the provenance of the relevant registers of its activation
// that branch event r could, by its untaken side, have led to defining
// again; provNone when there are none.
func loopDep(s *backState, r *evRec) prov {
	why := provNone
	fi, b := r.info.fn, r.info.branch
	for l, def := range s.loops {
		if l.Act != r.ev.Act {
			continue
		}
		if b.Implicit() {
			// Only "ok" leads on; a recovered panic goes to the Recover
			// block, which only returns.
			if !r.takenKnown || r.taken == cdg.Panic {
				if fi.reaches(b.Block, def) {
					why = s.provs.union(why, s.L[l])
				}
			}
			continue
		}
		for i, succ := range b.Block.Succs {
			k := cdg.True
			if i == 1 {
				k = cdg.False
			}
			if r.takenKnown && k == r.taken {
				continue
			}
			if fi.reaches(succ, def) {
				why = s.provs.union(why, s.L[l])
				break
			}
		}
	}
	return why
}
