package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Views. A result of the package's own type that has unexported fields
// (loader.ViewedType) is not checked against a literal of those fields:
// the test reads it as a caller does, through its String method and its
// exported getters (testgen/viewcheck.go). What those return is only
// known by running them, so the replay that made a test calls them on
// the value it ended with, as it calls Error on an error result, and
// hands the answers over in Value.Views. So does the replay's view of a
// pointer argument before and after the call (afterstate.go). go test
// then replays the written checks on the real code, as every check.
//
// A getter is an exported method without parameters that returns one
// boolean, integer or string and whose body only reads: no store, no
// call but len and cap, no closure. Calling it in a test changes
// nothing, so the order of the checks does not matter. String is called
// whatever its body: fmt calls it too. A container is also walked
// through its navigation methods (walks.go).

// maxViews bounds the methods a value is read through: String and the
// first getters by name.
const maxViews = 6

// viewSteps bounds the instructions of one view's call: a String method
// that walks a long list is not worth a budget.
const viewSteps = 20000

// views calls the view methods of v's type t (T or *T) on v in the
// finished state s, each on its own fork of it; nil when t has no
// private state, v is a nil pointer, or no method answered.
func (e *Engine) views(s *machine.State, v value.Value, t types.Type) []concrete.View {
	home := loader.PackageOf(e.Summary.Func)
	if home == nil {
		return nil
	}
	if _, ok := loader.ViewedType(t, home.Pkg); !ok {
		return nil
	}
	if p, ok := v.(value.Pointer); ok && !p.NonNil.IsTrue() {
		return nil
	}
	var out []concrete.View
	for _, fn := range e.viewMethods(t) {
		r, call, ok := e.callView(s, fn, v)
		if !ok {
			continue
		}
		rt := fn.Signature.Results().At(0).Type()
		cv := e.toConcrete(call, r, rt, map[value.ObjectID]bool{})
		if cv.Kind == concrete.Opaque {
			continue
		}
		out = append(out, concrete.View{Method: fn.Name(), Value: cv})
	}
	return append(out, e.walks(s, v, t, home.Pkg)...)
}

// viewMethods are the methods of t's method set a test reads a value of
// t through: String first, then the getters by name, at most maxViews.
func (e *Engine) viewMethods(t types.Type) []*ssa.Function {
	var str *ssa.Function
	var getters []*ssa.Function
	for _, m := range e.readerMethods(t) {
		switch {
		case m.obj.Name() == "String" && types.Identical(m.result, types.Typ[types.String]):
			str = m.fn
		case viewable(m.result) && onlyReads(e.Prog.FuncValue(m.obj)):
			getters = append(getters, m.fn)
		}
	}
	var out []*ssa.Function
	if str != nil {
		out = append(out, str)
	}
	out = append(out, getters...)
	if len(out) > maxViews {
		out = out[:maxViews]
	}
	return out
}

// readerMethod is an exported method without parameters and with one
// result: what a test may read a value through (a getter, String, a
// navigation method).
type readerMethod struct {
	fn     *ssa.Function // the method value of t's method set
	obj    *types.Func
	result types.Type
}

// readerMethods are the reader methods of t's method set, in its order,
// by name.
func (e *Engine) readerMethods(t types.Type) []readerMethod {
	var out []readerMethod
	mset := e.Prog.MethodSets.MethodSet(t)
	for i := 0; i < mset.Len(); i++ {
		sel := mset.At(i)
		obj, ok := sel.Obj().(*types.Func)
		if !ok || !obj.Exported() {
			continue
		}
		sig := obj.Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 || sig.Variadic() {
			continue
		}
		if fn := e.Prog.MethodValue(sel); fn != nil {
			out = append(out, readerMethod{fn: fn, obj: obj, result: sig.Results().At(0).Type()})
		}
	}
	return out
}

// viewable reports whether a getter's result type is one a want column
// holds and != compares: a boolean, an integer or a string. A float may
// be NaN, which != never finds equal.
func viewable(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsString) != 0 && b.Kind() != types.Uintptr
}

// onlyReads reports whether fn's body only reads memory: no store, no
// call but len and cap, no closure, no channel or map write, no panic.
func onlyReads(fn *ssa.Function) bool {
	if fn == nil || len(fn.Blocks) == 0 || len(fn.AnonFuncs) > 0 {
		return false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Store, *ssa.Go, *ssa.Defer, *ssa.Send, *ssa.MapUpdate, *ssa.Panic, *ssa.MakeClosure:
				return false
			case *ssa.Call:
				bi, ok := x.Call.Value.(*ssa.Builtin)
				if !ok || bi.Name() != "len" && bi.Name() != "cap" {
					return false
				}
			}
		}
	}
	return true
}

// recordViews sets the views of the results a finished run returned
// (Test.Results): for the tests the writer may keep, and for the
// mutants' replays, whose kills are judged on them (viewkills.go).
func (e *Engine) recordViews(t *concrete.Test, run *machine.State) {
	if run.EndKind != machine.EndReturn || len(t.Results) != len(run.Results) {
		return
	}
	res := e.Summary.Func.Signature.Results()
	for i, v := range run.Results {
		t.Results[i].Views = e.views(run, v, res.At(i).Type())
	}
}
