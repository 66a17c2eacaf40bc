package symbolic

import (
	"go/types"

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
	inputs      *inputs
	env         *environ
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
	return f.block.Instrs[max(f.next-1, 0)], f.defers
}

// AtPoint reports whether s stands where it may be matched: at the entry
// of a block (its φs evaluated), with no panic in flight; and if so, its
// context.
func (s *State) AtPoint() (Context, bool) {
	if s.done || s.panicked != nil || len(s.stack) == 0 || s.mut != nil || s.watch != nil {
		return Context{}, false
	}
	top := s.stack[len(s.stack)-1]
	if top.unwinding || top.next != top.info.phis[top.block.Index] {
		return Context{}, false
	}
	c := Context{frames: make([]contextFrame, len(s.stack))}
	h := uint64(hashOffset)
	mix := func(v uint64) { h = (h ^ v) * hashPrime }
	for i, f := range s.stack {
		if f.unwinding {
			return Context{}, false
		}
		c.frames[i] = contextFrame{fn: f.fn, call: f.call, block: f.block, next: f.next, isDefer: f.isDefer, fill: f.fill != nil, defers: len(f.defers)}
		mix(uint64(f.block.Index)<<20 ^ uint64(f.next)<<8 ^ uint64(len(f.defers)))
		mix(uint64(len(f.fn.Blocks)))
	}
	c.rest = contextRest{
		memNext: s.mem.Next(), layout: s.mem.Layout(), layoutLen: s.mem.LaidOut(),
		choices: choicesHash(s.choices), inputs: s.inputs, env: s.outside.env, stepLimit: s.stepLimit,
		uncontrolls: s.outside.uncontrolledCalls, lastMono: s.outside.lastMono,
	}
	mix(uint64(s.mem.Next()))
	mix(s.mem.Layout())
	c.hash = h
	return c, true
}

const (
	hashOffset = 14695981039346656037
	hashPrime  = 1099511628211
)

// choicesHash is an order-independent hash of a state's input choices.
func choicesHash(m map[string]int) uint64 {
	var sum uint64
	for k, v := range m {
		sum += (mixString(hashOffset, k) ^ uint64(v)) * hashPrime
	}
	return sum
}

// mixString mixes the bytes of s into the hash h, FNV-1a style.
func mixString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * hashPrime
	}
	return h
}

// Activations lists the activation numbers of s's frames, outermost first:
// Loc.Act of a register of the frame at depth d is Activations()[d].
func (s *State) Activations() []int32 {
	acts := make([]int32, len(s.stack))
	for i, f := range s.stack {
		acts[i] = f.act
	}
	return acts
}

// Funcs lists the functions of s's frames, outermost first, as
// Activations lists their activation numbers.
func (s *State) Funcs() []*ssa.Function {
	fns := make([]*ssa.Function, len(s.stack))
	for i, f := range s.stack {
		fns[i] = f.fn
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
		if int(loc.Act) >= len(s.stack) {
			return nil
		}
		f := s.stack[loc.Act]
		if int(loc.Index) >= len(f.regs) {
			return nil
		}
		return ValuePart(f.boxed(slot(loc.Index)), loc.Part)
	case LocObj:
		o := s.mem.Get(value.ObjectID(loc.Index))
		if o == nil {
			return nil
		}
		return ObjectValue{Type: o.Type, Value: o.Value}
	case LocDefer:
		if int(loc.Act) >= len(s.stack) {
			return nil
		}
		f := s.stack[loc.Act]
		if int(loc.Index) >= len(f.defers) {
			return nil
		}
		return deferValue(f.defers[loc.Index])
	case LocPanic:
		if s.panicked == nil {
			return nil
		}
		return s.panicked.value
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

// ObjectValue is the contents of an object as a location holds them: its
// type and value.
type ObjectValue struct {
	value.Extension
	Type  types.Type
	Value value.Value
}

// deferValue is a deferred call as a value: its function (or builtin) and
// arguments.
func deferValue(d deferred) value.Value {
	fields := append([]value.Value{d.fn}, d.args...)
	if d.builtin != nil {
		fields[0] = builtinValue{b: d.builtin}
	}
	return value.Struct{Fields: fields}
}

// builtinValue stands for a deferred builtin (defer close(c)).
type builtinValue struct {
	value.Extension
	b *ssa.Builtin
}

// Cond is s's path condition, one conjunct per decision. The caller must
// not change it.
func (s *State) Cond() []expr.Expr { return s.cond[:len(s.cond):len(s.cond)] }

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
func (s *State) Frozen() *State { return s.fork(s.id) }
