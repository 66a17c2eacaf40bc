package slicing

import (
	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// pathState is what the graph knows forward about one live state: where
// its path stands in the tree and, per activation, the most recent
// instance of each static branch, from which the dynamic control parent
// of each new event is found as the event arrives (§3.2.1).
type pathState struct {
	node *node
	acts map[int32]*actState
	// panicCtrl controls the steps of an unwinding: the branch that
	// raised the panic, or what controls the raising instruction.
	panicCtrl int64
	raised    *evRec    // the last event that started a panic
	last      *pointRec // the last match point
}

// actState is the forward control state of one activation. It is shared
// between states after a fork and copied on the first change (shared).
type actState struct {
	shared bool
	// pushCtrl controls what runs whenever the function is entered: the
	// control parent of the event that pushed the activation.
	pushCtrl int64
	last     map[cdg.Branch]int64
	block    *ssa.BasicBlock // block of the activation's last event
	jumped   bool            // its last event was an If or a Jump
	// fresh says the activation was pushed on this path and has run
	// nothing yet. An activation of the root state has not, but its
	// position is unknown: its first event is taken for no block entry,
	// which only makes φ markers reach further back (sound).
	fresh  bool
	lastIf *evRec // an If whose outcome the next event shows
	// defs are the defining blocks of the activation's registers that
	// are defined in a cycle (see loops.go).
	defs map[int32]*ssa.BasicBlock
	// fn is the activation's function, nil until known.
	fn *ssa.Function
}

func (a *actState) clone() *actState {
	b := *a
	b.shared = false
	b.last = make(map[cdg.Branch]int64, len(a.last))
	for k, v := range a.last {
		b.last[k] = v
	}
	if a.defs != nil {
		b.defs = make(map[int32]*ssa.BasicBlock, len(a.defs))
		for k, v := range a.defs {
			b.defs[k] = v
		}
	}
	return &b
}

// fork copies ps for a child state: activation states are shared until
// one side changes them.
func (ps *pathState) fork() *pathState {
	c := &pathState{acts: make(map[int32]*actState, len(ps.acts)), panicCtrl: ps.panicCtrl, raised: ps.raised, last: ps.last}
	for k, a := range ps.acts {
		a.shared = true
		c.acts[k] = a
	}
	return c
}

// act returns activation id's state, ready to change.
func (ps *pathState) act(id int32) *actState {
	a := ps.acts[id]
	switch {
	case a == nil:
		a = &actState{last: map[cdg.Branch]int64{}}
		ps.acts[id] = a
	case a.shared:
		a = a.clone()
		ps.acts[id] = a
	}
	return a
}

// ctrlOf returns the dynamic control parent of instr run in activation a:
// the most recent instance in a of a static branch that controls its
// segment, else what controls a's entry (interprocedural).
func ctrlOf(a *actState, ii *instrInfo) int64 {
	var best int64
	for _, b := range ii.ctrls {
		if id := a.last[b]; id > best {
			best = id
		}
	}
	if best == 0 {
		return a.pushCtrl
	}
	return best
}

// advance records ev (already numbered in r) in the forward state: it
// finds the event's control parent, its block entry, the outcome of the
// If before it, and the activation it pushes.
func (g *Graph) advance(ps *pathState, r *evRec) {
	ev := &r.ev
	g.noteDefs(ps, r)
	if ev.Instr == nil {
		// A step of an unwinding.
		r.ctrl = ps.panicCtrl
	} else {
		ii := g.st.instr(ev.Instr)
		r.info = ii
		r.block = ev.Instr.Block()
		a := ps.act(ev.Act)
		if a.fn == nil {
			a.fn = ev.Instr.Parent()
		}
		if a.lastIf != nil && r.block != nil {
			resolveIf(a.lastIf, r.block)
			a.lastIf = nil
		}
		r.entry = a.fresh || a.jumped || (a.block != nil && a.block != r.block)
		a.block, a.fresh = r.block, false
		r.ctrl = ctrlOf(a, ii)
		if ii.isBranch {
			a.last[ii.branch] = r.id
			if g.opts.Mod != nil {
				r.deferred = g.mayDefer(ps)
			}
			if ii.branch.Implicit() {
				r.taken, r.takenKnown = cdg.OK, true
				if ev.Raised {
					r.taken = cdg.Panic
				}
			}
		}
		switch ev.Instr.(type) {
		case *ssa.If:
			a.jumped, a.lastIf = true, r
		case *ssa.Jump:
			a.jumped = true
		default:
			a.jumped = false
		}
	}
	if ev.Raised {
		ps.raised = r
		ps.panicCtrl = r.ctrl
		if r.info != nil && r.info.isBranch {
			ps.panicCtrl = r.id
		}
	}
	if ev.Pushed != 0 {
		c := ps.act(ev.Pushed)
		c.pushCtrl = r.ctrl
		c.block, c.jumped, c.fresh = nil, false, true
	}
	if ev.Popped {
		delete(ps.acts, ev.Act)
	}
}

// resolveIf records which way an If went, from the block its activation
// ran next.
func resolveIf(r *evRec, next *ssa.BasicBlock) {
	succs := r.block.Succs
	if len(succs) != 2 || succs[0] == succs[1] {
		return
	}
	switch next {
	case succs[0]:
		r.taken, r.takenKnown = cdg.True, true
	case succs[1]:
		r.taken, r.takenKnown = cdg.False, true
	}
}

// pointCtrl is the dynamic branch that controls the block a state
// stands at (its last activation's), for step 6; -1 when it cannot be
// told, and a path pruned there then counts as incomplete.
func (g *Graph) pointCtrl(ps *pathState, p *Point) int64 {
	if len(p.Acts) == 0 {
		return -1
	}
	a := ps.acts[p.Acts[len(p.Acts)-1]]
	blk := p.at
	if p.Ctx.Depth() > 0 {
		blk = p.Ctx.Block()
	}
	if a == nil || blk == nil {
		return -1
	}
	if len(blk.Instrs) == 0 {
		return a.pushCtrl
	}
	return ctrlOf(a, g.st.instr(blk.Instrs[0]))
}

// norm is the key of a location: objects and the panic belong to no
// activation.
func norm(l machine.Loc) machine.Loc {
	switch l.Kind {
	case machine.LocObj:
		l.Act = 0
	case machine.LocPanic:
		l.Act, l.Index = 0, 0
	}
	return l
}
