package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/models"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// modelHandle is the machine handle a library model of package models
// gets: one state of the engine, seen through models.Machine. It is a
// comparable value, so that a model can tell its own state from the one
// a Branch forked off.
type modelHandle struct {
	e *Engine
	s *machine.State
}

var _ models.Machine = modelHandle{}

func (h modelHandle) Load(p value.Pointer) value.Value     { return h.e.Load(h.s, p) }
func (h modelHandle) Store(p value.Pointer, v value.Value) { h.e.Store(h.s, p, v) }
func (h modelHandle) Elems(sl value.Slice) []value.Value   { return h.e.SliceElems(h.s, sl) }

func (h modelHandle) New(t types.Type, v value.Value) value.Pointer {
	return value.Pointer{NonNil: expr.True, Obj: h.s.Mem.Alloc(&value.Object{Type: t, Value: v})}
}

func (h modelHandle) MakeSlice(elem types.Type, n, c expr.Expr) (value.Slice, bool) {
	return h.e.AllocSlice(h.s, elem, n, c, nil)
}

func (h modelHandle) BytesString(sl value.Slice) (value.String, bool) {
	return h.e.StringOfBytes(h.s, sl)
}

func (h modelHandle) RequireNonNil(p value.Pointer, what string) bool {
	return h.e.ModelNonNil(h.s, p.NonNil, what)
}

func (h modelHandle) Require(cond expr.Expr, pin string, otherwise func(models.Machine)) bool {
	return h.e.Require(h.s, cond, pin, func(bad *machine.State) { otherwise(modelHandle{h.e, bad}) })
}

func (h modelHandle) Branch(cond expr.Expr) (onTrue, onFalse models.Machine) {
	t, f := h.e.Branch(h.s, cond, "")
	if t != nil {
		onTrue = modelHandle{h.e, t}
	}
	if f != nil {
		onFalse = modelHandle{h.e, f}
	}
	return onTrue, onFalse
}

func (h modelHandle) Concretize(x expr.Expr, why string) (expr.Expr, bool) {
	return h.e.Concretize(h.s, x, why)
}

func (h modelHandle) Equal(x, y value.Value, t types.Type) (expr.Expr, bool) {
	return h.e.Equal(h.s, x, y, t)
}

func (h modelHandle) Reinterpret(u value.UnsafePointer, t types.Type) (value.Pointer, bool) {
	return value.Reinterpret(h.s.Mem, u, t)
}

func (h modelHandle) Descriptor(t types.Type) (value.Pointer, bool) { return h.e.Descriptor(h.s, t) }

// DescribedType gives the Go type of a *abi.Type argument, stopping the
// path when it is not a descriptor the executor made.
func (h modelHandle) DescribedType(v value.Value) (types.Type, bool) {
	p, ok := v.(value.Pointer)
	if !ok {
		h.e.Unsupported(h.s, "type descriptor the executor did not make")
		return nil, false
	}
	if !h.e.ModelNonNil(h.s, p.NonNil, "pointer") {
		return nil, false
	}
	t := value.DescribedType(h.s.Mem, p)
	if t == nil {
		h.e.Unsupported(h.s, "type descriptor the executor did not make")
		return nil, false
	}
	return t, true
}

func (h modelHandle) ReflectType(pkg *types.Package, t types.Type) value.Value {
	return value.ReflectRType(h.s.Mem, pkg, t)
}

func (h modelHandle) ReflectTypeOf(v value.Value) (types.Type, bool) {
	p, _ := v.(value.Pointer)
	t := value.ReflectRTypeOf(h.s.Mem, p)
	if t == nil {
		h.e.Unsupported(h.s, "reflection on a type the executor did not make")
		return nil, false
	}
	return t, true
}

func (h modelHandle) Float(v value.Value) (float64, bool) { return h.e.Float(h.s, v) }

func (h modelHandle) FloatValue(t types.Type, f float64) value.Value { return value.FloatValue(t, f) }

// SetCallResult sets the bool result of the call being executed, on a
// state that forked away from the one the model returns for.
func (h modelHandle) SetCallResult(b expr.Expr) {
	h.e.setResultsAfterFork(h.s, []value.Value{value.Scalar{E: b}})
}

func (h modelHandle) CallInstead(fn value.Func) bool {
	call, ok := h.s.Top().Block.Instrs[h.s.Top().Next-1].(ssa.CallInstruction)
	if ok {
		h.e.EnterCall(h.s, call, fn.Fn, fn.Bindings, nil)
	}
	return ok
}

// Caller is the function of the top frame: a model runs in its caller's.
func (h modelHandle) Caller() *ssa.Function { return h.s.TopFunc() }

func (h modelHandle) Panic(message string) { h.e.PanicString(h.s, message) }

func (h modelHandle) RuntimeError(message string) { h.e.RuntimePanic(h.s, machine.PanicOther, message) }

func (h modelHandle) Unsupported(feature string) { h.e.Unsupported(h.s, feature) }

// setResultsAfterFork sets the results of the call being executed on a
// state that forked away from the one a model returns for.
func (e *Engine) setResultsAfterFork(t *machine.State, results []value.Value) {
	f := t.Top()
	if call, ok := f.Block.Instrs[f.Next-1].(*ssa.Call); ok {
		e.SetResults(t, call, results)
	}
}
