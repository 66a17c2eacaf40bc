package outside

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// (*runtime.Frames).Next, for runtime.CallersFrames(pcs): the runtime's
// body reads its tables of functions, which the executor does not have.
// The model takes the program counters the Frames still holds one at a
// time: with none left it gives the zero Frame and false, as Go does;
// otherwise a Frame of unknown contents (PC, Func, Function, File, Line,
// Entry), and an unknown "more", true only while counters are left. Go
// may expand one counter to several frames (inlining) or to none (a
// counter that is no code), so how many frames a loop over Next sees is
// no more known than the frames themselves: a branch on more makes the
// path uncontrolled, and the loop ends with the counters.

// framesNextModel is (*runtime.Frames).Next.
func framesNextModel(e *Outside, s *machine.State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	ci := a[0].(value.Pointer)
	if !e.Require(s, ci.NonNil, "", func(bad *machine.State) { e.RuntimePanic(bad, machine.PanicNilDeref, machine.NilDerefMessage) }) {
		return nil, false
	}
	callersAt := value.Pointer{NonNil: expr.True, Obj: ci.Obj, Path: ci.Path.With(0)}
	callers := e.Load(s, callersAt).(value.Slice)
	frameType := fn.Signature.Results().At(0).Type()
	none := []value.Value{value.Zero(frameType), value.Scalar{E: expr.False}}
	left, empty := e.Branch(s, expr.Ult(expr.Const(64, 0), callers.Len), "")
	if empty != nil && empty != s {
		e.setCallResults(empty, none)
	}
	if left == nil {
		if empty == s {
			return none, true
		}
		return nil, false
	}
	rest := callers
	rest.Offset++
	rest.Len = expr.Sub(callers.Len, expr.Const(64, 1))
	rest.Cap = expr.Sub(callers.Cap, expr.Const(64, 1))
	e.Store(left, callersAt, rest)
	name := uncontrolledCall(left, "runtime.Frames.Next")
	frame := e.uncontrolledFrame(left, name, frameType)
	more := expr.And(expr.Ult(expr.Const(64, 0), rest.Len), e.freshUncontrolledBool(left, name+".more"))
	results := []value.Value{frame, value.Scalar{E: more}}
	if left != s {
		e.setCallResults(left, results)
		return nil, false
	}
	return results, true
}

// uncontrolledFrame is a runtime.Frame of unknown contents: its exported
// fields are unknown, the others zero.
func (e *Outside) uncontrolledFrame(s *machine.State, name string, frameType types.Type) value.Value {
	st := frameType.Underlying().(*types.Struct)
	frame := value.Zero(frameType).(value.Struct)
	fields := append([]value.Value(nil), frame.Fields...)
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		switch f.Name() {
		case "PC", "Entry":
			fields[i] = value.Scalar{E: e.freshUncontrolled(s, name+"."+f.Name(), 64, 0, ^uint64(0), false)}
		case "Line":
			fields[i] = value.Scalar{E: e.freshUncontrolled(s, name+".Line", 64, 0, lineHi, true)}
		case "Function", "File":
			fields[i] = e.uncontrolledString(s, name+"."+f.Name())
		case "Func":
			elem := f.Type().Underlying().(*types.Pointer).Elem()
			id := s.Mem.Alloc(&value.Object{Type: elem, Value: value.Zero(elem)})
			fields[i] = value.Pointer{NonNil: e.freshUncontrolledBool(s, name+".Func"), Obj: id}
		}
	}
	return value.Struct{Fields: fields}
}

// setCallResults gives the results of the call being executed to a state
// that forked away from the one a model returns for.
func (e *Outside) setCallResults(t *machine.State, results []value.Value) {
	f := t.Top()
	if call, ok := f.Block.Instrs[f.Next-1].(*ssa.Call); ok {
		e.SetResults(t, call, results)
	}
}
