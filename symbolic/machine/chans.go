package machine

import (
	"go/types"
	"math"
	"slices"
	"strconv"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Channels, in one goroutine. The executor runs a single goroutine, so a
// channel is a queue that only the path itself fills and drains: a
// Pointer to an object whose value is a value.Chan, as a map is a Pointer
// to a value.Map. A channel's state is concrete on every path: channels
// are made by the code or new and empty (inputs), their buffer sizes are
// pinned, and what is sent is counted, not decided. So which operation
// can go on is known without the solver; a path forks only on the
// nilness of a channel input (inputs/chaninputs.go) and on a size for make
// that may be negative.
//
// An operation that only another goroutine could let go on would wait
// forever: a receive from an empty open channel, a send to a full one,
// a send or receive on a nil channel, a select with no case ready and no
// default. Such a path ends unsupported, as a blocking sync call does. A
// select with more than one case ready takes one at random in Go, and a
// test could not say which; that path ends unsupported too.
//
// The runtime's panics: a send on or a close of a closed channel, a
// close of a nil channel, and a make with a negative size.

// waitForever ends s at an operation that would wait for a goroutine that
// does not exist.
func (e *Machine) waitForever(s *State, what string) {
	e.Unsupported(s, "blocking "+what+" (a single goroutine would wait forever)")
}

func (e *Machine) makeChan(s *State, in *ssa.MakeChan) {
	n := e.index64(s, in.Size)
	// runtime.makechan: a negative size (huge, unsigned) or one whose
	// bytes exceed the allocator's limit panics.
	maxLen := uint64(math.MaxUint64 >> 1)
	if size := gcSizes.Sizeof(chanElem(in.Type())); size > 0 {
		maxLen = maxAlloc / uint64(size)
	}
	if !e.Require(s, expr.Ule(n, expr.Const(64, maxLen)), "channel size in range", func(bad *State) {
		e.RuntimePanic(bad, PanicChan, "makechan: size out of range")
	}) {
		return
	}
	size, ok := e.Concretize(s, n, "size of a channel")
	if !ok {
		return
	}
	if size.Value() > uint64(e.Cfg.Bounds.MaxSteps) {
		e.Unsupported(s, "channel larger than the step bound")
		return
	}
	id := s.Mem.Alloc(&value.Object{Type: in.Type(), Value: value.Chan{Cap: int(size.Value())}, Site: in})
	e.set(s, in, value.Pointer{NonNil: expr.True, Obj: id})
}

// chanOf reads the state of a non-nil channel that v, an SSA operand,
// holds; ok is false for a nil channel. ch's nilness must be settled.
func (e *Machine) chanOf(s *State, v ssa.Value, ch value.Pointer) (c value.Chan, ok bool) {
	switch {
	case ch.NonNil.IsFalse() || ch.Obj == 0:
		return value.Chan{}, false
	case !ch.NonNil.IsTrue():
		panic(InternalError("channel %s whose nilness is not settled", v.Name()))
	}
	e.tellDeref(s, v, ch.Obj)
	obj := s.Mem.Get(ch.Obj)
	if obj.Input != "" {
		e.Inputs.ChanUsed(s, obj.Input)
	}
	return obj.Value.(value.Chan), true
}

// settleChans forks s on the nilness of each channel input among chans
// that the path has not decided yet, and runs then on every state that
// results, with those channels' nilness made constant.
func (e *Machine) settleChans(s *State, chans []value.Pointer, then func(*State, []value.Pointer)) {
	for i, ch := range chans {
		if ch.NonNil.IsConst() {
			continue
		}
		pin := ""
		if obj := s.Mem.Get(ch.Obj); obj != nil && obj.Input != "" {
			pin = e.Inputs.NilPin(obj.Input)
		}
		open, none := e.Branch(s, ch.NonNil, pin)
		for _, side := range []struct {
			s      *State
			nonNil expr.Expr
		}{{open, expr.True}, {none, expr.False}} {
			if side.s != nil {
				settled := slices.Clone(chans)
				settled[i].NonNil = side.nonNil
				e.settleChans(side.s, settled, then)
			}
		}
		return
	}
	then(s, chans)
}

// receive is <-ch, with ok (v, ok := <-ch) or without.
func (e *Machine) receive(s *State, in *ssa.UnOp) {
	e.settleChans(s, []value.Pointer{e.eval(s, in.X).(value.Pointer)}, func(s *State, chans []value.Pointer) {
		c, ok := e.chanOf(s, in.X, chans[0])
		if !ok {
			e.waitForever(s, "receive from a nil channel")
			return
		}
		if len(c.Buf) == 0 && !c.Closed {
			e.waitForever(s, "receive from an empty channel")
			return
		}
		v, received := e.take(s, chans[0], c, chanElem(in.X.Type()))
		if in.CommaOk {
			e.set(s, in, value.Tuple{Elems: []value.Value{v, value.Scalar{E: expr.BoolConst(received)}}})
			return
		}
		e.set(s, in, v)
	})
}

// take receives from a ready channel: the oldest value sent, or the zero
// value (received false) once a closed channel is drained.
func (e *Machine) take(s *State, ch value.Pointer, c value.Chan, elem types.Type) (v value.Value, received bool) {
	if len(c.Buf) == 0 {
		return value.Zero(elem), false
	}
	v = c.Buf[0]
	c.Buf = c.Buf[1:len(c.Buf):len(c.Buf)]
	s.Mem.Set(ch.Obj, c)
	return v, true
}

// send is ch <- x.
func (e *Machine) send(s *State, in *ssa.Send) {
	e.settleChans(s, []value.Pointer{e.eval(s, in.Chan).(value.Pointer)}, func(s *State, chans []value.Pointer) {
		c, ok := e.chanOf(s, in.Chan, chans[0])
		switch {
		case !ok:
			e.waitForever(s, "send on a nil channel")
		case c.Closed:
			e.RuntimePanic(s, PanicChan, "send on closed channel")
		case len(c.Buf) >= c.Cap:
			e.waitForever(s, "send on a full channel")
		default:
			e.put(s, chans[0], c, e.eval(s, in.X))
		}
	})
}

// put adds x to the buffer of an open channel that has room.
func (e *Machine) put(s *State, ch value.Pointer, c value.Chan, x value.Value) {
	c.Buf = append(c.Buf[:len(c.Buf):len(c.Buf)], x)
	s.Mem.Set(ch.Obj, c)
}

// closeChan is the builtin close(ch).
func (e *Machine) closeChan(s *State, arg ssa.Value, ch value.Pointer) {
	e.settleChans(s, []value.Pointer{ch}, func(s *State, chans []value.Pointer) {
		c, ok := e.chanOf(s, arg, chans[0])
		switch {
		case !ok:
			e.RuntimePanic(s, PanicChan, "close of nil channel")
		case c.Closed:
			e.RuntimePanic(s, PanicChan, "close of closed channel")
		default:
			c.Closed = true
			s.Mem.Set(chans[0].Obj, c)
		}
	})
}

// chanLen is len(ch) or, with capacity, cap(ch), when ch is a channel
// (isChan): 0 for a nil one. It needs no fork: a channel input whose
// nilness is open is still new and empty.
func (e *Machine) chanLen(s *State, ch value.Pointer, capacity bool) (n expr.Expr, isChan bool) {
	if ch.Obj == 0 || ch.NonNil.IsFalse() {
		return expr.Const(64, 0), true
	}
	c, isChan := e.Load(s, value.Pointer{NonNil: expr.True, Obj: ch.Obj}).(value.Chan)
	if !isChan {
		return expr.Expr{}, false
	}
	size := uint64(len(c.Buf))
	if capacity {
		size = uint64(c.Cap)
	}
	return expr.Ite(ch.NonNil, expr.Const(64, size), expr.Const(64, 0)), true
}

// selectInstr runs a select statement. Its value is the tuple (index,
// recvOk, r0, r1, …): the case taken (-1 for the default), whether its
// receive got a sent value, and one value per receiving case, the zero
// value but for the case taken.
func (e *Machine) selectInstr(s *State, in *ssa.Select) {
	// Go evaluates every channel and every value to send first.
	chans := make([]value.Pointer, len(in.States))
	sends := make([]value.Value, len(in.States))
	for i, st := range in.States {
		chans[i] = e.eval(s, st.Chan).(value.Pointer)
		if st.Dir == types.SendOnly {
			sends[i] = e.eval(s, st.Send)
		}
	}
	e.settleChans(s, chans, func(s *State, chans []value.Pointer) { e.selectReady(s, in, chans, sends) })
}

// selectReady runs the select in, whose channels' nilness is settled.
func (e *Machine) selectReady(s *State, in *ssa.Select, chans []value.Pointer, sends []value.Value) {
	var ready []int
	states := make([]value.Chan, len(in.States))
	for i, st := range in.States {
		c, ok := e.chanOf(s, st.Chan, chans[i])
		if !ok {
			continue // a nil channel's case is never ready
		}
		states[i] = c
		if c.Closed || st.Dir == types.RecvOnly && len(c.Buf) > 0 || st.Dir == types.SendOnly && len(c.Buf) < c.Cap {
			ready = append(ready, i)
		}
	}
	switch {
	case len(ready) > 1:
		e.Unsupported(s, "select with "+strconv.Itoa(len(ready))+" cases ready (Go takes one at random)")
		return
	case len(ready) == 0 && in.Blocking:
		e.waitForever(s, "select")
		return
	}
	taken := -1
	if len(ready) == 1 {
		taken = ready[0]
	}
	tuple := in.Type().(*types.Tuple)
	elems := make([]value.Value, tuple.Len())
	elems[0] = value.Scalar{E: expr.Const(64, uint64(int64(taken)))}
	elems[1] = value.Scalar{E: expr.False}
	recv := 2
	for i, st := range in.States {
		if st.Dir != types.RecvOnly {
			continue
		}
		elems[recv] = value.Zero(tuple.At(recv).Type())
		if i == taken {
			v, received := e.take(s, chans[i], states[i], tuple.At(recv).Type())
			elems[recv], elems[1] = v, value.Scalar{E: expr.BoolConst(received)}
		}
		recv++
	}
	if taken >= 0 && in.States[taken].Dir == types.SendOnly {
		if states[taken].Closed {
			e.RuntimePanic(s, PanicChan, "send on closed channel")
			return
		}
		e.put(s, chans[taken], states[taken], sends[taken])
	}
	e.set(s, in, value.Tuple{Elems: elems})
}

// IsChan reports whether t is a channel type.
func IsChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

// chanElem is the element type of a channel type.
func chanElem(t types.Type) types.Type {
	return t.Underlying().(*types.Chan).Elem()
}
