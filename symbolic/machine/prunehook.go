package machine

import (
	"go/constant"
	"go/types"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// The engine's side of the Pruner hook (prune.go): it describes each step
// of a search state as Events, from what the step's instruction reads and
// defines in SSA terms and from the objects the memory saw it touch.

// stepBefore is what step notes of a state before running an instruction,
// to describe afterwards what the step did.
type stepBefore struct {
	instr     ssa.Instruction // nil for a step of an unwinding
	act       int32
	frame     *Frame // the top frame before the step (its fields as they were)
	depth     int
	block     *ssa.BasicBlock
	cond      int
	panicked  *panicking
	defers    int
	popCall   ssa.CallInstruction
	popDefer  bool
	popFilled bool
}

// beforeStep notes s before its step, and makes its memory log accesses.
func (e *Machine) beforeStep(s *State) stepBefore {
	top := s.Stack[len(s.Stack)-1]
	b := stepBefore{act: top.act, frame: top, depth: len(s.Stack), block: top.Block, cond: len(s.PathCond),
		panicked: s.Panicked, defers: len(top.defers), popCall: top.call, popDefer: top.isDefer, popFilled: top.Fill != nil}
	if !top.Unwinding {
		b.instr = top.Block.Instrs[top.Next]
	}
	s.Mem.StartLog()
	return b
}

// afterStep reports the step of s, and of every state forked from it
// during the step, to the pruner; it ends those the pruner finds
// redundant.
func (e *Machine) afterStep(s *State, b stepBefore, forked []*State) {
	for i := -1; i < len(forked); i++ {
		t := s
		if i >= 0 {
			t = forked[i]
		}
		log := t.Mem.TakeLog()
		if t.Done {
			continue // Ended has been told
		}
		start := time.Now()
		v := e.Pruner.Stepped(t, e.stepEvents(t, b, log))
		e.Summary.PruneTime += time.Since(start)
		switch v {
		case Prune:
			e.prune(t)
		case Keep:
			if t.Prune.Recheck {
				if _, at := t.AtPoint(); at {
					t.SetVerdict(Keep) // a verdict at a point replaces the last
				}
			}
		default:
			t.SetVerdict(v)
		}
	}
}

// PruneMarks are the Pruner's last verdict about a state, as the searcher
// and the engine act on it.
type PruneMarks struct {
	// later: the verdict was Later, and the searcher runs the state
	// after those that do not look redundant. wait: it was Wait, and
	// the searcher has yet to set waitUntil, the pick from which it runs
	// the state like any other (StartWait). recheck: it was either, and
	// the engine asks the Pruner again before the state runs on.
	later, wait, Recheck bool
	waitUntil            int
	// Hurried is set when the Pruner last said that the state runs in a
	// subtree that states told to Wait are waiting for (Pruner.Hurry):
	// the searcher favours it.
	Hurried bool
}

// StartWait starts the while a state the Pruner has just told to Wait
// runs after the others: until the pick until. A searcher calls it as it
// adds the state.
func (m *PruneMarks) StartWait(until int) {
	if m.wait {
		m.wait, m.waitUntil = false, until
	}
}

// PutOff reports whether a searcher is to run the state after the others
// at the pick now: the Pruner said Later, or Wait for a while not over.
func (m *PruneMarks) PutOff(now int) bool { return m.later || now < m.waitUntil }

// SetVerdict records the Pruner's verdict v (not Prune) about s, for the
// searcher and for when s is picked to run.
func (s *State) SetVerdict(v Verdict) {
	s.Prune.later, s.Prune.wait, s.Prune.Recheck = v == Later, v == Wait, v != Keep
	s.Prune.waitUntil = 0
}

// prune ends t as redundant. Its path is not counted and gives no test of
// its own; the tester may still test the blocks it entered (tester.go).
func (e *Machine) prune(t *State) {
	t.Done, t.EndKind = true, EndPruned
	e.Summary.Pruned++
	tested := e.Tester.Pruned(t)
	e.Pruner.Ended(t, EndPruned, tested)
}

// stepEvents describes what t's step did.
func (e *Machine) stepEvents(t *State, b stepBefore, log *value.AccessLog) []Event {
	ev := Event{Instr: b.instr, Act: b.act, Decided: len(t.PathCond) > b.cond, Lost: t.LostSide}
	t.LostSide = false
	if b.instr != nil {
		ev.Reads = operandLocs(b.frame, b.instr, ev.Reads)
		ev.Reads = stringParts(b.frame, b.instr, ev.Reads)
	}
	if log != nil {
		ev.Reads = appendObjects(ev.Reads, log.Reads)
	}
	if b.panicked == nil && t.Panicked != nil {
		ev.Raised = true
		ev.Writes = append(ev.Writes, Write{Loc: Loc{Kind: LocPanic}, Value: t.Panicked.Value})
	}
	if c, ok := b.instr.(*ssa.Call); ok {
		if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
			ev.Reads = append(ev.Reads, Loc{Kind: LocPanic})
		}
	}
	var phis []Event
	n := len(t.Stack)
	switch {
	case n == b.depth+1:
		// A call (or a deferred call) pushed a frame: its parameters and
		// free variables are written.
		nf := t.Stack[n-1]
		ev.Pushed = nf.act
		for _, p := range nf.Fn.Params {
			ev.Writes = appendReg(ev.Writes, nf, nf.Info.Index[p])
		}
		for _, fv := range nf.Fn.FreeVars {
			ev.Writes = appendReg(ev.Writes, nf, nf.Info.Index[fv])
		}
		e.noteDeferTaken(t, b, &ev, n-2)
	case n == b.depth-1:
		ev.Popped = true
		if b.popFilled {
			ev.Opaque = true // the prologue writes a parameter of a frame below
			break
		}
		if call, ok := b.popCall.(*ssa.Call); ok && b.instr != nil && !b.popDefer {
			caller := t.Stack[n-1]
			if idx, ok := caller.Info.Index[call]; ok {
				ev.Writes = appendReg(ev.Writes, caller, idx)
			}
		}
	case n == b.depth:
		f := t.Stack[n-1]
		if f.act != b.act {
			ev.Opaque = true
			break
		}
		if v, ok := b.instr.(ssa.Value); ok {
			if idx, ok := f.Info.Index[v]; ok {
				ev.Writes = appendReg(ev.Writes, f, idx)
			}
		}
		if _, ok := b.instr.(*ssa.Defer); ok && len(f.defers) == b.defers+1 {
			ev.Writes = append(ev.Writes, Write{Loc: Loc{Kind: LocDefer, Act: f.act, Index: int32(b.defers)}, Value: deferValue(f.defers[b.defers])})
		}
		e.noteDeferTaken(t, b, &ev, n-1)
		if f.prev != nil && (f.Block != b.block || jumped(b.instr)) && f.Next == f.Info.phis[f.Block.Index] {
			phis = phiEvents(f, phis)
		}
	default:
		if len(t.Stack) != 0 {
			ev.Opaque = true
		}
	}
	if log != nil {
		for _, id := range dedupObjects(log.Writes) {
			if o := t.Mem.Get(id); o != nil {
				ev.Writes = append(ev.Writes, Write{Loc: Loc{Kind: LocObj, Index: int32(id)}, Value: value.ObjectValue{Type: o.Type, Value: o.Value}})
			}
		}
	}
	return append([]Event{ev}, phis...)
}

// noteDeferTaken adds the read of a deferred call the step started (a
// RunDefers, or an unwinding) from the frame at depth d, now one shorter.
func (e *Machine) noteDeferTaken(t *State, b stepBefore, ev *Event, d int) {
	if d < 0 || d >= len(t.Stack) {
		return
	}
	f := t.Stack[d]
	if f.act == b.act && len(f.defers) == b.defers-1 {
		ev.Reads = append(ev.Reads, Loc{Kind: LocDefer, Act: f.act, Index: int32(b.defers - 1)})
	}
}

// jumped reports whether instr moves to another block (possibly the same
// one again, in a one-block loop).
func jumped(instr ssa.Instruction) bool {
	switch instr.(type) {
	case *ssa.Jump, *ssa.If:
		return true
	}
	return instr == nil // an unwinding that recovered jumps to the Recover block
}

// phiEvents describes the φs f's jump evaluated: each reads the operand of
// the edge taken and writes its register.
func phiEvents(f *Frame, out []Event) []Event {
	edge := -1
	for i, p := range f.Block.Preds {
		if p == f.prev {
			edge = i
		}
	}
	if edge < 0 {
		return out
	}
	for i := 0; i < f.Info.phis[f.Block.Index]; i++ {
		phi := f.Block.Instrs[i].(*ssa.Phi)
		ev := Event{Instr: phi, Act: f.act}
		if idx, ok := f.Info.Index[phi.Edges[edge]]; ok {
			ev.Reads = []Loc{{Kind: LocReg, Act: f.act, Index: int32(idx)}}
		}
		ev.Writes = appendReg(nil, f, f.Info.Index[phi])
		out = append(out, ev)
	}
	return out
}

// operandLocs appends the registers of f that instr reads.
func operandLocs(f *Frame, instr ssa.Instruction, out []Loc) []Loc {
	var buf [8]*ssa.Value
	for _, op := range instr.Operands(buf[:0]) {
		if op == nil || *op == nil {
			continue
		}
		if idx, ok := f.Info.Index[*op]; ok {
			out = append(out, Loc{Kind: LocReg, Act: f.act, Index: int32(idx)})
		}
	}
	return out
}

// appendReg appends the write of register idx of f, with its value.
func appendReg(out []Write, f *Frame, idx int) []Write {
	return append(out, Write{Loc: Loc{Kind: LocReg, Act: f.act, Index: int32(idx)}, Value: f.boxed(Slot(idx))})
}

func appendObjects(out []Loc, ids []value.ObjectID) []Loc {
	for _, id := range dedupObjects(ids) {
		out = append(out, Loc{Kind: LocObj, Index: int32(id)})
	}
	return out
}

// dedupObjects lists ids once each, in order of first appearance.
func dedupObjects(ids []value.ObjectID) []value.ObjectID {
	if len(ids) < 2 {
		return ids
	}
	seen := make(map[value.ObjectID]bool, len(ids))
	out := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// stringParts narrows the read of a string register to the parts read
// when instr reads only those: s[k] at a constant k reads the length (the
// bounds check) and byte k; len(s) reads the length. reads holds the
// operand registers of instr, from operandLocs.
func stringParts(f *Frame, instr ssa.Instruction, reads []Loc) []Loc {
	var x, index ssa.Value
	switch in := instr.(type) {
	case *ssa.Index:
		x, index = in.X, in.Index
	case *ssa.Lookup:
		x, index = in.X, in.Index
	case *ssa.Call:
		if b, ok := in.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(in.Call.Args) == 1 {
			x = in.Call.Args[0]
		}
	}
	if x == nil || !isStringType(x.Type()) {
		return reads
	}
	idx, ok := f.Info.Index[x]
	if !ok {
		return reads
	}
	parts := []int32{PartLen}
	if index != nil {
		k, ok := constantIndex(f, index)
		if !ok {
			return reads // a symbolic index may read any byte
		}
		parts = append(parts, PartByte(k))
	}
	whole := Loc{Kind: LocReg, Act: f.act, Index: int32(idx)}
	out := reads[:0:0]
	for _, l := range reads {
		if l == whole {
			for _, p := range parts {
				out = append(out, Loc{Kind: LocReg, Act: l.Act, Index: l.Index, Part: p})
			}
			continue
		}
		out = append(out, l)
	}
	return out
}

// constantIndex is the value of index in f when it is a constant term.
func constantIndex(f *Frame, index ssa.Value) (int, bool) {
	var x expr.Expr
	if c, ok := index.(*ssa.Const); ok {
		k, exact := constant.Int64Val(constant.ToInt(c.Value))
		return int(k), exact && k >= 0 && k < 1<<30
	}
	idx, ok := f.Info.Index[index]
	if !ok {
		return 0, false
	}
	x, v := f.readReg(Slot(idx))
	if !x.IsValid() {
		sc, ok := v.(value.Scalar)
		if !ok {
			return 0, false
		}
		x = sc.E
	}
	if !x.IsConst() || x.Value() >= 1<<30 {
		return 0, false
	}
	return int(x.Value()), true
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// HurryFunc is what the searcher calls before each of random-path's picks
// to mark the states the Pruner wants favoured (Pruner.Hurry), nil
// without a Pruner. Its time counts as the Pruner's.
func (e *Machine) HurryFunc() func([]*State) {
	if e.Pruner == nil {
		return nil
	}
	return func(states []*State) {
		start := time.Now()
		for _, s := range states {
			s.Prune.Hurried = e.Pruner.Hurry(s)
		}
		e.Summary.PruneTime += time.Since(start)
	}
}
