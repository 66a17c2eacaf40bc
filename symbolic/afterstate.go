package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// What a call changes. A function that returns nothing (List.Remove,
// sort.Ints, hex.Decode into dst) is tested by what it leaves in the
// memory its arguments point to. A concrete run watches its pointer,
// slice and map arguments: once the input constructors (the prologue)
// have run, it reads what each points to (Test.Before), and when the
// function has returned, reads it again (Test.After). The argument Values
// themselves are the caller's: a pointer keeps its object, a slice its
// array, offset and length, whatever the function does with its copies.

// argWatch is what a concrete run knows of its entry arguments.
type argWatch struct {
	fn     *ssa.Function
	args   []value.Value    // the entry frame's parameters once the prologue is over
	before []concrete.Value // what each pointer, slice or map argument pointed to then
}

// runWatched runs a concrete state to its end, like runToEnd, and records
// its arguments when the function under test starts, for recordOutcome's
// After; with before, also what they point to then (Test.Before), which
// only a test the writer may keep needs: a mutant's replay is told apart
// by what it leaves, and reading the pointees at every one of a
// function's replays would be work thrown away.
func (e *Engine) runWatched(s *machine.State, before bool) {
	spawned := len(e.Spawned)
	for !s.Done && s.InPrologue() {
		e.Step(s)
		if len(e.Spawned) != spawned {
			e.Spawned = e.Spawned[:spawned]
			s.Done, s.EndKind = true, machine.EndInternal
		}
	}
	if !s.Done && len(s.Stack) == 1 {
		if w := e.watchArgs(s, before); w != nil {
			s.Watch = w
		}
	}
	e.runToEnd(s)
}

// watchArgs reads the entry frame's parameters, and with before what the
// pointer, slice and map ones point to; nil when there are none.
func (e *Engine) watchArgs(s *machine.State, before bool) *argWatch {
	f := s.Stack[0]
	w := &argWatch{fn: f.Fn}
	some := false
	for _, p := range f.Fn.Params {
		i, ok := f.Info.Index[p]
		if !ok {
			return nil
		}
		w.args = append(w.args, f.Value(machine.Slot(i), p))
		if watched(p.Type()) {
			some = true
		}
	}
	if !some {
		return nil
	}
	if before {
		w.before = e.pointees(s, w.args, f.Fn, true)
	}
	return w
}

// watched reports whether a parameter of type t points into memory a
// test can read after the call: an interface may hold a *bytes.Buffer,
// whose text a test reads with String (see pointees).
func watched(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return true
	}
	return false
}

// pointees is, for each argument, what it points to in s: a pointer's
// pointee, a slice's elements (as a Slice value), a map's entries (as a
// Map value: a map is a reference too), an interface holding a
// *bytes.Buffer whole (what the call wrote to it), and the zero Value for
// any other argument or a nil one. With views, a pointee of the
// package's type with unexported fields gets the views of its pointer
// (views.go): what a test reads of it after the call, and what it wrote
// to the buffer it was made over (output.go).
func (e *Engine) pointees(s *machine.State, args []value.Value, fn *ssa.Function, views bool) []concrete.Value {
	out := make([]concrete.Value, len(args))
	for i, a := range args {
		t := fn.Params[i].Type()
		switch x := a.(type) {
		case value.Interface:
			if p, ok := x.Value.(value.Pointer); ok && loader.IsBytesBuffer(x.Type) && p.NonNil.IsTrue() && len(p.Sym) == 0 {
				out[i] = e.toConcrete(s, x, t, map[value.ObjectID]bool{})
			}
		case value.Pointer:
			if _, isMap := t.Underlying().(*types.Map); isMap {
				if x.NonNil.IsTrue() {
					if m := e.mapToConcrete(s, x, t, map[value.ObjectID]bool{}); len(m.Keys) <= maxWatchedKeys {
						out[i] = m
					}
				}
				continue
			}
			pt, ok := t.Underlying().(*types.Pointer)
			if !ok || !x.NonNil.IsTrue() || len(x.Sym) > 0 || sizeOf(pt.Elem()) > maxWatched {
				continue
			}
			seen := map[value.ObjectID]bool{}
			if len(x.Path) == 0 {
				// A pointer back to the pointee is a cycle: opaque.
				seen[x.Obj] = true
			}
			out[i] = e.toConcrete(s, e.Load(s, x), pt.Elem(), seen)
			if views {
				out[i].Views = e.views(s, x, t)
				if view, ok := e.output(s, x, t); ok {
					out[i].Views = append(out[i].Views, view)
				}
			}
		case value.Slice:
			st, ok := t.Underlying().(*types.Slice)
			if !ok || !x.NonNil.IsTrue() || !x.Len.IsConst() || x.Len.Value() > maxWatched || int64(x.Len.Value())*sizeOf(st.Elem()) > maxWatched {
				continue
			}
			out[i] = e.toConcrete(s, x, t, map[value.ObjectID]bool{})
		}
	}
	return out
}

// maxWatched bounds, in bytes, the memory an argument's check reads: a
// test does not compare a megabyte table, and reading it at every replay
// would cost more than the test is worth.
const maxWatched = 1 << 12

// maxWatchedKeys bounds the entries of a map argument a check reads.
const maxWatchedKeys = 64

// watchSizes measures the memory an argument points to.
var watchSizes = types.SizesFor("gc", "amd64")

// sizeOf is t's size in bytes, or more than maxWatched when it has none
// (a type parameter).
func sizeOf(t types.Type) (n int64) {
	defer func() {
		if recover() != nil {
			n = maxWatched + 1
		}
	}()
	return watchSizes.Sizeof(t)
}

// recordAfter sets t.Before and t.After from a run that returned.
func (e *Engine) recordAfter(t *concrete.Test, run *machine.State) {
	w, _ := run.Watch.(*argWatch)
	if w == nil || run.EndKind != machine.EndReturn {
		return
	}
	t.Before = w.before
	// A mutant's replay too: its kills are judged on the views a test
	// reads (viewkills.go).
	t.After = e.pointees(run, w.args, w.fn, true)
}
