package machine

import (
	"fmt"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// call executes a call instruction: a builtin, a static or dynamic call of a
// function with a body, a model of one without, or an interface method call.
func (e *Machine) call(s *State, instr ssa.CallInstruction, c *ssa.CallCommon, deferred bool) {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		e.builtin(s, instr, b, c)
		return
	}
	if c.IsInvoke() {
		switch recv := e.eval(s, c.Value).(value.Interface); {
		case recv.Type == value.RuntimeErrorType:
			e.runtimeErrorMethod(s, instr, recv, c.Method.Name())
			return
		case e.Inputs.RunsMethodsOf(recv.Type):
			e.Inputs.CallMethod(s, instr, recv)
			return
		}
	}
	if f, ok := e.inputFunc(s, c); ok {
		e.Inputs.CallFunc(s, instr, f)
		return
	}
	fn, bindings, args, ok := e.callee(s, c)
	if !ok {
		return
	}
	e.EnterCall(s, instr, fn, bindings, args)
}

// inputFunc is the func input a call calls, if it calls one.
func (e *Machine) inputFunc(s *State, c *ssa.CallCommon) (*value.FuncInput, bool) {
	if c.IsInvoke() {
		return nil, false
	}
	switch c.Value.(type) {
	case *ssa.Function, *ssa.Builtin:
		return nil, false
	}
	f, ok := e.eval(s, c.Value).(value.Func)
	if !ok || f.Input == nil {
		return nil, false
	}
	return f.Input, true
}

// callee resolves the function a call runs and evaluates its arguments
// (receiver first for interface calls). A nil func or nil interface makes
// the state panic; ok is false then.
func (e *Machine) callee(s *State, c *ssa.CallCommon) (fn *ssa.Function, bindings, args []value.Value, ok bool) {
	for _, a := range c.Args {
		args = append(args, e.eval(s, a))
	}
	if c.IsInvoke() {
		recv := e.eval(s, c.Value).(value.Interface)
		if recv.Type == nil {
			e.RuntimePanic(s, PanicNilDeref, NilDerefMessage)
			return nil, nil, nil, false
		}
		if e.Inputs.RunsMethodsOf(recv.Type) {
			// Only a direct call runs the helper's model (call).
			e.Unsupported(s, "deferred call of "+c.Method.Name()+" on a value of a type the test declares (a failing reader or writer, a fake)")
			return nil, nil, nil, false
		}
		fn = e.Prog.LookupMethod(recv.Type, c.Method.Pkg(), c.Method.Name())
		if fn == nil {
			panic(InternalError("no method %s on %v", c.Method.Name(), recv.Type))
		}
		return fn, nil, append([]value.Value{recv.Value}, args...), true
	}
	switch v := c.Value.(type) {
	case *ssa.Function:
		return v, nil, args, true
	}
	fv := e.eval(s, c.Value).(value.Func)
	if fv.Fn == nil {
		e.RuntimePanic(s, PanicNilFunc, NilDerefMessage)
		return nil, nil, nil, false
	}
	return fv.Fn, fv.Bindings, args, true
}

// EnterCall pushes a frame for fn, or runs its model when it has one or no
// body (models.go, package models). A model goes before a refusal
// (refuse.go): os.Getenv's reads the path's environment. A refusal goes
// before a missing model, so that the path names what a bodiless system
// function does (time.Sleep, syscall.Syscall) rather than "unmodelled".
func (e *Machine) EnterCall(s *State, instr ssa.CallInstruction, fn *ssa.Function, bindings, args []value.Value) {
	info := e.info(fn)
	if info.model != nil {
		e.callModel(s, instr, fn, args)
		return
	}
	if s.Initializing && fn.Name() == "init" && fn.Pkg != s.Stack[len(s.Stack)-1].Fn.Pkg && fn.Signature.Recv() == nil {
		e.sandboxedInit(s, fn)
		return
	}
	if info.refused != "" {
		e.Unsupported(s, info.refused)
		return
	}
	if len(fn.Blocks) == 0 {
		e.callModel(s, instr, fn, args)
		return
	}
	if len(s.Stack) >= e.Cfg.Bounds.MaxCallDepth {
		e.Finish(s, EndDepth, 0, fmt.Sprintf("call depth over %d", e.Cfg.Bounds.MaxCallDepth))
		return
	}
	e.PushFrame(s, fn, bindings, args, instr)
}

func (e *Machine) PushFrame(s *State, fn *ssa.Function, bindings, args []value.Value, call ssa.CallInstruction) *Frame {
	info := e.info(fn)
	e.nextAct++
	f := &Frame{Fn: fn, Info: info, Regs: make([]value.Value, len(info.Index)), call: call, Block: fn.Blocks[0], act: e.nextAct}
	if len(args) != len(fn.Params) {
		panic(InternalError("%s called with %d arguments, has %d parameters", fn, len(args), len(fn.Params)))
	}
	for i, p := range fn.Params {
		f.Regs[info.Index[p]] = args[i]
	}
	for i, fv := range fn.FreeVars {
		f.Regs[info.Index[fv]] = bindings[i]
	}
	s.Stack = append(s.Stack, f)
	e.enter(s, f.Block)
	return f
}

// ret returns from the top frame.
func (e *Machine) ret(s *State, in *ssa.Return) {
	results := make([]value.Value, len(in.Results))
	for i, r := range in.Results {
		results[i] = e.eval(s, r)
	}
	if len(s.Stack) == 1 {
		s.final = in
	}
	e.returnValues(s, results)
}

func (e *Machine) returnValues(s *State, results []value.Value) {
	f := s.Stack[len(s.Stack)-1]
	s.Stack = s.Stack[:len(s.Stack)-1]
	if len(s.Stack) == 0 {
		s.Results = results
		e.Finish(s, EndReturn, 0, "")
		return
	}
	if f.isDefer {
		return // a deferred call's results are dropped
	}
	if f.Fill != nil {
		e.Inputs.PrologueReturned(s, f, results)
		return
	}
	e.SetResults(s, f.call, results)
}

// SetResults gives a call's results to the instruction that made it: one
// value, or a Tuple for several. Go and defer statements (and a nil
// instruction, for deferred calls) drop them.
func (e *Machine) SetResults(s *State, instr ssa.CallInstruction, results []value.Value) {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return
	}
	switch len(results) {
	case 0:
	case 1:
		e.set(s, call, results[0])
	default:
		e.set(s, call, value.Tuple{Elems: results})
	}
}

// deferCall queues a call for when the function returns or panics.
func (e *Machine) deferCall(s *State, in *ssa.Defer) {
	c := in.Common()
	d := deferred{call: c}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		for _, a := range c.Args {
			d.args = append(d.args, e.eval(s, a))
		}
		d.fn = value.Func{}
		d.builtin = b
	} else if f, ok := e.inputFunc(s, c); ok {
		// Its arguments do not matter: it ignores them.
		d.fn = value.Func{Input: f}
	} else {
		fn, bindings, args, ok := e.callee(s, c)
		if !ok {
			return
		}
		d.fn, d.args = value.Func{Fn: fn, Bindings: bindings}, args
	}
	f := s.Top()
	f.defers = append(f.defers, d)
}

// runDefers runs the deferred calls of the top frame, one per visit: the
// instruction stays current until none is left.
func (e *Machine) runDefers(s *State) {
	f := s.Top()
	if len(f.defers) == 0 {
		return
	}
	f.Next-- // come back here after the deferred call
	e.startDeferred(s, f)
}

// startDeferred pops the last deferred call of f and starts it.
func (e *Machine) startDeferred(s *State, f *Frame) {
	d := f.defers[len(f.defers)-1]
	f.defers = f.defers[:len(f.defers)-1]
	if d.builtin != nil {
		e.applyBuiltin(s, nil, d.builtin, d.args, d.call)
		return
	}
	if d.fn.Input != nil {
		e.Inputs.CallFunc(s, nil, d.fn.Input)
		return
	}
	info := e.info(d.fn.Fn)
	if info.refused != "" {
		e.Unsupported(s, "deferred "+info.refused)
		return
	}
	if len(d.fn.Fn.Blocks) == 0 || info.model != nil {
		e.callModel(s, nil, d.fn.Fn, d.args)
		return
	}
	if len(s.Stack) >= e.Cfg.Bounds.MaxCallDepth {
		e.Finish(s, EndDepth, 0, fmt.Sprintf("call depth over %d", e.Cfg.Bounds.MaxCallDepth))
		return
	}
	nf := e.PushFrame(s, d.fn.Fn, d.fn.Bindings, d.args, nil)
	nf.isDefer = true
}

// raise starts a panic in the top frame.
func (e *Machine) raise(s *State, p *panicking) {
	if p.Kind == PanicExplicit {
		p.message = value.PanicMessage(p.Value)
	}
	s.Panicked = p
	s.Top().Unwinding = true
}

// PanicString raises panic(message), a panic with a string value, as
// library code does.
func (e *Machine) PanicString(s *State, message string) {
	e.raise(s, &panicking{Value: value.Interface{Type: types.Typ[types.String], Value: value.StringConst(message)}, Kind: PanicExplicit})
}

// RuntimePanic raises a Go runtime error with its message (without the
// "runtime error: " prefix, which is added here as Go does).
func (e *Machine) RuntimePanic(s *State, kind PanicKind, message string) {
	msg := message
	switch kind {
	case PanicNilMap, PanicTypeAssert, PanicChan:
		// Go prints these without the prefix.
	default:
		msg = "runtime error: " + message
	}
	e.raise(s, &panicking{Value: value.RuntimeError(msg), Kind: kind, message: msg})
}

// unwind takes one step of a panic through the top frame: run its next
// deferred call, or, when none is left, return (if the panic was
// recovered) or pop the frame and go on in the caller.
func (e *Machine) unwind(s *State) {
	f := s.Top()
	if len(f.defers) > 0 {
		e.startDeferred(s, f)
		return
	}
	if s.Panicked.recovered {
		s.Panicked = nil
		f.Unwinding = false
		e.returnAfterRecover(s, f)
		return
	}
	if f.Fill != nil {
		e.Inputs.ProloguePanicked(s, f)
		return
	}
	s.Stack = s.Stack[:len(s.Stack)-1]
	if len(s.Stack) == 0 {
		e.Finish(s, EndPanic, s.Panicked.Kind, s.Panicked.message)
		return
	}
	s.Top().Unwinding = true
}

// returnAfterRecover makes a frame whose panic was recovered return
// normally: through its Recover block, which loads the named results, or
// with zero results when it has none.
func (e *Machine) returnAfterRecover(s *State, f *Frame) {
	if f.Fn.Recover != nil {
		e.jump(s, f.Fn.Recover)
		return
	}
	res := f.Fn.Signature.Results()
	results := make([]value.Value, res.Len())
	for i := range results {
		results[i] = value.Zero(res.At(i).Type())
	}
	e.returnValues(s, results)
}

// recoverValue is what recover() gives in the top frame: the panic value
// when called directly by a deferred call during a panic, nil otherwise.
func (e *Machine) recoverValue(s *State) value.Value {
	n := len(s.Stack)
	if s.Panicked == nil || s.Panicked.recovered || n < 2 {
		return value.Interface{}
	}
	if !s.Stack[n-1].isDefer || !s.Stack[n-2].Unwinding {
		return value.Interface{}
	}
	s.Panicked.recovered = true
	return asInterface(s.Panicked.Value)
}

// asInterface boxes a panic value (panic takes an interface{} operand, so
// it usually is one already).
func asInterface(v value.Value) value.Value {
	if _, ok := v.(value.Interface); ok {
		return v
	}
	return value.Interface{Type: types.Typ[types.UntypedNil], Value: v}
}

// runtimeErrorMethod answers a method call on a recovered runtime error:
// Error gives the message, RuntimeError does nothing.
func (e *Machine) runtimeErrorMethod(s *State, instr ssa.CallInstruction, recv value.Interface, method string) {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return
	}
	switch method {
	case "Error":
		e.set(s, call, recv.Value)
	case "RuntimeError":
	default:
		panic(InternalError("method %s of a runtime error", method))
	}
}
