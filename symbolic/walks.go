package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Walks. A container's getters (Len) say how much it holds, not in what
// order, nor whether its links agree: a List whose MoveToFront breaks
// a prev link has the same Len. Its own tests walk it, as a caller does,
// through its navigation methods: exported methods without parameters
// that return a pointer to a struct type of the package and only read
// (Front, Back; Next, Prev on the element). A walk calls one of them on
// the value, then calls a step method on each element reached until it
// returns nil, and collects what the element's first exported field
// holds: the Values of l from Front by Next. Both directions are
// walked, so a broken link in either shows. The walk is a view
// (concrete.View.Walks): the writer checks it with the same loop
// (testgen/walkcheck.go), and go test replays it on the real code.

// maxWalk bounds the elements a walk collects: a longer walk is not
// recorded, as the test's loop stops one element past its want.
const maxWalk = 8

// walks are the walks of v, a non-nil value of viewed type t, in s: for
// each navigation method of t to another type, and each step method of
// that element type. An element is not walked from itself: its walk
// reads the container it sits in, which the container's own walk
// checks, and one element of another list (an argument of an
// unexported helper) would show a state no caller builds.
func (e *Engine) walks(s *machine.State, v value.Value, t types.Type, home *types.Package) []concrete.View {
	var out []concrete.View
	for _, start := range e.navMethods(t, home) {
		elem := start.Signature.Results().At(0).Type()
		if types.Identical(elem, t) {
			continue // a step of t's own walks, below
		}
		out = append(out, e.walksFrom(s, v, start, elem, home)...)
	}
	return out
}

// walksFrom are the walks from v through start over elements of pointer
// type elem, one per step method of elem.
func (e *Engine) walksFrom(s *machine.State, v value.Value, start *ssa.Function, elem types.Type, home *types.Package) []concrete.View {
	field, fi, ok := walkField(elem, home)
	if !ok {
		return nil
	}
	from, at, ok := e.callView(s, start, v)
	if !ok {
		return nil
	}
	var out []concrete.View
	for _, step := range e.navMethods(elem, home) {
		if !types.Identical(step.Signature.Results().At(0).Type(), elem) {
			continue
		}
		vals, ok := e.walk(at, from, step, field.Type(), fi)
		if !ok {
			continue
		}
		w := concrete.Value{Type: types.NewSlice(field.Type()), Kind: concrete.Nil}
		if len(vals) > 0 {
			w.Kind, w.Elems = concrete.Slice, vals
		}
		out = append(out, concrete.View{Method: start.Name(), Step: step.Name(), Field: field.Name(), Value: w})
	}
	return out
}

// walk collects field fi of each element from p on, calling step on each
// to reach the next, until nil; ok is false when a call fails, a field
// is unknown, or the walk is longer than maxWalk.
func (e *Engine) walk(s *machine.State, p value.Value, step *ssa.Function, ft types.Type, fi int) (vals []concrete.Value, ok bool) {
	for {
		ptr, isPtr := p.(value.Pointer)
		if !isPtr || len(ptr.Sym) > 0 {
			return nil, false
		}
		if !ptr.NonNil.IsTrue() {
			return vals, true
		}
		if len(vals) == maxWalk {
			return nil, false
		}
		st, isStruct := e.Load(s, ptr).(value.Struct)
		if !isStruct || fi >= len(st.Fields) {
			return nil, false
		}
		cv := e.toConcrete(s, st.Fields[fi], ft, map[value.ObjectID]bool{})
		if cv.Kind == concrete.Opaque {
			return nil, false
		}
		vals = append(vals, cv)
		if p, s, ok = e.callView(s, step, ptr); !ok {
			return nil, false
		}
	}
}

// walkField is the field a walk reads of each element of pointer type
// elem: its first exported field that holds no private state, as a test
// reads e.Value.
func walkField(elem types.Type, home *types.Package) (*types.Var, int, bool) {
	named, ok := loader.ViewedType(elem, home)
	if !ok {
		return nil, 0, false
	}
	st := named.Underlying().(*types.Struct)
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Exported() && !f.Embedded() && !loader.HasPrivateState(f.Type(), home) {
			return f, i, true
		}
	}
	return nil, 0, false
}

// navMethods are the navigation methods of t's method set: exported,
// without parameters, returning a pointer to a struct type of home with
// private state, and only reading (onlyReads), so that a test may call
// them in any order. They come in the method set's order, by name.
func (e *Engine) navMethods(t types.Type, home *types.Package) []*ssa.Function {
	var out []*ssa.Function
	for _, m := range e.readerMethods(t) {
		if _, isPtr := m.result.(*types.Pointer); !isPtr {
			continue
		}
		if _, ok := loader.ViewedType(m.result, home); ok && onlyReads(e.Prog.FuncValue(m.obj)) {
			out = append(out, m.fn)
		}
	}
	return out
}

// callView calls fn on recv in a fork of the finished state s, as a
// view's call, and gives its result and the state it ended in; ok is
// false when it does not return one value.
func (e *Engine) callView(s *machine.State, fn *ssa.Function, recv value.Value) (value.Value, *machine.State, bool) {
	call, results, ok := e.callMethod(s, fn, recv)
	if !ok || len(results) != 1 {
		return nil, nil, false
	}
	return results[0], call, true
}

// callMethod calls fn on recv in a fork of the finished state s, as the
// harness, and gives the state it ended in and its results; ok is false
// when it does not return.
func (e *Engine) callMethod(s *machine.State, fn *ssa.Function, recv value.Value) (*machine.State, []value.Value, bool) {
	call := s.Fork(-1)
	call.Stack = nil
	call.Done = false
	call.Replay = true
	call.Harness = true
	call.StepLimit = call.Steps + viewSteps
	e.PushFrame(call, fn, nil, []value.Value{recv}, nil)
	e.runToEnd(call)
	if call.EndKind != machine.EndReturn {
		return nil, nil, false
	}
	return call, call.Results, true
}
