package machine

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// What a Pruner may read of a state: where it is, its locations, its
// path condition. Nothing here changes the state.

// Context is where a state stands, as matching needs it: Bugrara and
// Engler's context-sensitive static instruction (the block entered, under
// the stack of call sites) together with everything else besides
// locations that decides what the state does next. Two states in equal
// contexts whose relevant locations hold the same values behave alike
// wherever those locations decide.
type Context struct {
	hash   uint64
	frames []contextFrame
	// rest is what the state holds beside its frames: its memory's
	// allocation counter and layout, its input choices and environment.
	rest contextRest
}

type contextFrame struct {
	fn      *ssa.Function
	call    ssa.CallInstruction
	block   *ssa.BasicBlock
	next    int
	isDefer bool
	fill    bool
	defers  int
}

type contextRest struct {
	memNext     value.ObjectID
	layout      uint64
	layoutLen   int
	choices     uint64
	inputs      any // the path's *inputs
	env         any // the path's *environ
	stepLimit   int
	uncontrolls int
	lastMono    expr.Expr
}

// Hash is a hash of the context, for indexing.
func (c Context) Hash() uint64 { return c.hash }

// Equal reports whether two contexts are the same.
func (c Context) Equal(d Context) bool {
	if c.hash != d.hash || c.rest != d.rest || len(c.frames) != len(d.frames) {
		return false
	}
	for i := range c.frames {
		if c.frames[i] != d.frames[i] {
			return false
		}
	}
	return true
}

// Depth is the number of frames on the context's stack.
func (c Context) Depth() int { return len(c.frames) }

// Func is the function of the frame at depth d of the context's stack (0
// outermost).
func (c Context) Func(d int) *ssa.Function { return c.frames[d].fn }

// Block is the block the context's state has just entered.
func (c Context) Block() *ssa.BasicBlock { return c.frames[len(c.frames)-1].block }

// Resumes is where the frame at depth d goes on from: the last
// instruction it ran, or the first of its block when it has run none
// there (a block it has just entered), and the number of deferred calls
// it has pending. For a frame below the top that instruction is the
// call it waits on.
func (c Context) Resumes(d int) (last ssa.Instruction, defers int) {
	f := c.frames[d]
	return resumeInstr(f.block, f.next), f.defers
}

// resumeInstr is where a frame standing before instruction next of b
// goes on from: the instruction it ran last, or b's first when it has
// run none there.
func resumeInstr(b *ssa.BasicBlock, next int) ssa.Instruction {
	return b.Instrs[max(next-1, 0)]
}

// AtPoint reports whether s stands where it may be matched: at the entry
// of a block (its φs evaluated), with no panic in flight; and if so, its
// context.
func (s *State) AtPoint() (Context, bool) {
	if s.Done || s.Panicked != nil || len(s.Stack) == 0 || s.Mut != nil || s.Watch != nil {
		return Context{}, false
	}
	top := s.Stack[len(s.Stack)-1]
	if top.Unwinding || top.Next != top.Info.phis[top.Block.Index] {
		return Context{}, false
	}
	c := Context{frames: make([]contextFrame, len(s.Stack))}
	h := uint64(value.HashOffset)
	mix := func(v uint64) { h = (h ^ v) * value.HashPrime }
	for i, f := range s.Stack {
		if f.Unwinding {
			return Context{}, false
		}
		c.frames[i] = contextFrame{fn: f.Fn, call: f.call, block: f.Block, next: f.Next, isDefer: f.isDefer, fill: f.Fill != nil, defers: len(f.defers)}
		mix(uint64(f.Block.Index)<<20 ^ uint64(f.Next)<<8 ^ uint64(len(f.defers)))
		mix(uint64(len(f.Fn.Blocks)))
	}
	c.rest = contextRest{
		memNext: s.Mem.Next(), layout: s.Mem.Layout(), layoutLen: s.Mem.LaidOut(),
		choices: choicesHash(s.Choices), inputs: s.Inputs, env: s.Outside.Env, stepLimit: s.StepLimit,
		uncontrolls: s.Outside.UncontrolledCalls, lastMono: s.Outside.LastMono,
	}
	mix(uint64(s.Mem.Next()))
	mix(s.Mem.Layout())
	c.hash = h
	return c, true
}

// choicesHash is an order-independent hash of a state's input choices.
func choicesHash(m map[string]int) uint64 {
	var sum uint64
	for k, v := range m {
		sum += (mixString(value.HashOffset, k) ^ uint64(v)) * value.HashPrime
	}
	return sum
}

// mixString mixes the bytes of s into the hash h, FNV-1a style.
func mixString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * value.HashPrime
	}
	return h
}

// Activations lists the activation numbers of s's frames, outermost first:
// Loc.Act of a register of the frame at depth d is Activations()[d].
func (s *State) Activations() []int32 {
	acts := make([]int32, len(s.Stack))
	for i, f := range s.Stack {
		acts[i] = f.act
	}
	return acts
}

// Funcs lists the functions of s's frames, outermost first, as
// Activations lists their activation numbers.
func (s *State) Funcs() []*ssa.Function {
	fns := make([]*ssa.Function, len(s.Stack))
	for i, f := range s.Stack {
		fns[i] = f.Fn
	}
	return fns
}

// ValueAt is what location loc holds in s, with loc.Act read as a depth in
// s's stack (0 outermost) rather than an activation number, so that
// locations of one state can be looked up in another at the same Context.
// It returns nil for a register not written yet, an object s does not
// have, a deferred call not queued, and no panic.
func (s *State) ValueAt(loc Loc) value.Value {
	switch loc.Kind {
	case LocReg:
		if int(loc.Act) >= len(s.Stack) {
			return nil
		}
		f := s.Stack[loc.Act]
		if int(loc.Index) >= len(f.Regs) {
			return nil
		}
		return ValuePart(f.boxed(Slot(loc.Index)), loc.Part)
	case LocObj:
		o := s.Mem.Get(value.ObjectID(loc.Index))
		if o == nil {
			return nil
		}
		return value.ObjectValue{Type: o.Type, Value: o.Value}
	case LocDefer:
		if int(loc.Act) >= len(s.Stack) {
			return nil
		}
		f := s.Stack[loc.Act]
		if int(loc.Index) >= len(f.defers) {
			return nil
		}
		return deferValue(f.defers[loc.Index])
	case LocPanic:
		if s.Panicked == nil {
			return nil
		}
		return s.Panicked.Value
	}
	return nil
}

// ValuePart is part p (Loc.Part) of v: v itself for the whole, the length
// or a byte of a string; nil when v has no such part.
func ValuePart(v value.Value, p int32) value.Value {
	if p == 0 {
		return v
	}
	s, ok := v.(value.String)
	switch {
	case !ok:
		return nil
	case p == PartLen:
		return value.ScalarOf(s.Len)
	case p > 0 && int(p-1) < len(s.Bytes):
		return value.ScalarOf(s.Bytes[p-1])
	}
	return nil
}

// deferValue is a deferred call as a value: its function (or builtin) and
// arguments.
func deferValue(d deferred) value.Value {
	fields := append([]value.Value{d.fn}, d.args...)
	if d.builtin != nil {
		fields[0] = value.BuiltinValue{B: d.builtin}
	}
	return value.Struct{Fields: fields}
}

// Cond is s's path condition, one conjunct per decision. The caller must
// not change it.
func (s *State) Cond() []expr.Expr { return s.PathCond[:len(s.PathCond):len(s.PathCond)] }

// Final is the Return with which a path's entry function returned, nil
// on a path that ended otherwise. A Pruner hears of every other
// instruction a path runs in Stepped, but of this one only in Ended: the
// path ends inside its step.
func (s *State) Final() ssa.Instruction {
	if s.final == nil {
		return nil
	}
	return s.final
}

// Frozen returns a copy of s that never runs, to read the values s holds
// now after s has moved on.
func (s *State) Frozen() *State { return s.Fork(s.Num) }
