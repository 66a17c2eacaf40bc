package symbolic

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/inputs"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/outside"
	"github.com/gosymtest/gosymtest/symbolic/pick"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// picker chooses the models of this engine's path conditions (package
// pick), with what the engine knows of the inputs it named.
func (e *Engine) picker() *pick.Picker {
	return &pick.Picker{
		Check:        e.Check,
		Signed:       func(name string) bool { return e.in.Signed(name) },
		ArrayByte:    func(name string) bool { return e.in.ArrayByte(name) },
		Uncontrolled: outside.IsUncontrolled,
	}
}

// makeTest builds the concrete test of a finished path: a model of its
// condition gives the inputs, and replaying them gives the outcome.
func (e *Engine) makeTest(s *machine.State) *concrete.Test {
	uncontrolled := s.Outside.UncontrolledCalls > 0 && len(e.out.UncontrolledIn(s.PathCond)) > 0
	var resp solver.Response
	if uncontrolled {
		resp = e.out.RobustModel(s.PathCond)
	} else {
		resp = e.picker().Readable(s.PathCond)
	}
	if resp.Result != solver.Sat {
		return nil
	}
	fn := e.Summary.Func
	t := &concrete.Test{}
	for i, p := range fn.Params {
		t.Args = append(t.Args, e.in.ParamLiteral(inputs.ParamName(fn, i), p.Type(), resp.Model, 0, fn, false))
	}
	replay := e.replayRun(fn, resp.Model, false)
	t.Replayed = replay.EndKind == pathKind(s) && slices.Equal(machine.FirstEntries(replay.Blocks), machine.FirstEntries(s.Blocks))
	if !e.recordOutcome(t, replay) {
		t.Replayed = false
	}
	e.recordViews(t, replay)
	if env, ok := outside.TestEnv(replay); ok {
		t.Env = env
	} else {
		t.Replayed = false
	}
	if replay.RangedOverMap {
		// Real Go ranges over a map in an order of its own choosing: a test
		// may assert only what every order gives. Reversing each range is
		// the other order of two entries, and a check for more.
		var other concrete.Test
		reversed := e.replayRun(fn, resp.Model, true)
		e.recordOutcome(&other, reversed)
		e.recordViews(&other, reversed)
		sameAfter(t, &other)
		t.OrderDependent = !sameOutcome(t, &other)
	}
	if t.Replayed && replay.Outside.UncontrolledCalls > 0 {
		t.Uncontrolled = uncontrolled
		e.out.UncontrolledOutcome(t, s, replay, resp.Model)
	}
	e.noteLived(s.PathCond, resp.Model, e.noteKills(fn, resp.Model, t, e.entersUntested(s)))
	return t
}

// replayRun runs fn concretely on the inputs of model m, ranging over maps
// in insertion order or, when reversed, in the reverse order.
func (e *Engine) replayRun(fn *ssa.Function, m expr.Assignment, reversed bool) *machine.State {
	replay := e.in.InitialState(fn, e.in.ReplayInputs(m))
	replay.ReverseMaps = reversed
	e.runWatched(replay, true)
	return replay
}

// recordOutcome sets t's results or panic from a finished replay. It
// returns false when the replay neither returned nor panicked.
func (e *Engine) recordOutcome(t *concrete.Test, replay *machine.State) bool {
	fn := e.Summary.Func
	switch replay.EndKind {
	case machine.EndReturn:
		res := fn.Signature.Results()
		for i, v := range replay.Results {
			rt := res.At(i).Type()
			r, ok := e.sentinel(replay, v, rt)
			if !ok {
				r = e.toConcrete(replay, v, rt, map[value.ObjectID]bool{})
			}
			t.Results = append(t.Results, r)
			t.ErrMsgs = append(t.ErrMsgs, e.errorText(replay, v, rt))
		}
		e.recordAfter(t, replay)
	case machine.EndPanic:
		t.Panics = true
		t.PanicMsg = replay.PanicMessage
		if t.PanicMsg == "" {
			// fmt.Sprint of an error is its Error text.
			t.PanicMsg = e.errorText(replay, replay.Panicked.Value, types.Universe.Lookup("error").Type())
		}
		t.PanicMsgKnown = t.PanicMsg != "" || isEmptyStringPanic(replay.Panicked.Value)
	default:
		return false
	}
	return true
}

// sameAfter leaves out of t what its arguments point to after the call
// when another replay of it (other map order) left something else: no
// check of it would hold on every run.
func sameAfter(t, other *concrete.Test) {
	if !reflect.DeepEqual(t.After, other.After) {
		t.Before, t.After = nil, nil
	}
}

// sameOutcome reports whether two replays of one test ended alike.
func sameOutcome(a, b *concrete.Test) bool {
	return a.Panics == b.Panics && a.PanicMsg == b.PanicMsg &&
		reflect.DeepEqual(a.Results, b.Results) && slices.Equal(a.ErrMsgs, b.ErrMsgs)
}

// pathKind is how the symbolic path s ended, as finish recorded it.
func pathKind(s *machine.State) machine.EndKind { return s.EndKind }

// runToEnd steps a replay state until it ends. Replay is concrete, so it
// never forks; a fork would be an executor bug and ends the replay.
func (e *Engine) runToEnd(s *machine.State) {
	spawned := len(e.Spawned)
	for !s.Done {
		e.Step(s)
		if len(e.Spawned) != spawned {
			e.Spawned = e.Spawned[:spawned]
			s.Done, s.EndKind = true, machine.EndInternal
		}
	}
}

// toConcrete turns a value of a finished replay into a concrete value of
// static type t. seen guards against cycles, which no literal can express.
func (e *Engine) toConcrete(s *machine.State, v value.Value, t types.Type, seen map[value.ObjectID]bool) concrete.Value {
	opaque := func(why string) concrete.Value { return concrete.Value{Type: t, Kind: concrete.Opaque, Why: why} }
	switch x := v.(type) {
	case value.Scalar:
		if !x.E.IsConst() {
			return opaque("symbolic value in a replay")
		}
		if x.E.Sort().IsBool() {
			return concrete.Value{Type: t, Kind: concrete.Bool, Bool: x.E.IsTrue()}
		}
		if _, signed, _ := value.IntInfo(t); signed {
			return concrete.Value{Type: t, Kind: concrete.Int, Int: x.E.SignedValue()}
		}
		return concrete.Value{Type: t, Kind: concrete.Uint, Uint: x.E.Value()}
	case value.String:
		str, ok := value.ConcreteString(x)
		if !ok {
			return opaque("symbolic string in a replay")
		}
		return concrete.Value{Type: t, Kind: concrete.String, Str: str}
	case value.Opaque:
		if f, ok := x.Go.(float64); ok {
			return concrete.Value{Type: t, Kind: concrete.Float, Float: f}
		}
		return opaque(x.Reason)
	case value.Pointer:
		if !x.NonNil.IsTrue() {
			return concrete.Value{Type: t, Kind: concrete.Nil}
		}
		if _, isMap := t.Underlying().(*types.Map); isMap {
			return e.mapToConcrete(s, x, t, seen)
		}
		if machine.IsChan(t) {
			return opaque("channel")
		}
		if len(x.Path) > 0 || seen[x.Obj] {
			return opaque("pointer into shared or cyclic memory")
		}
		seen[x.Obj] = true
		defer delete(seen, x.Obj)
		elemType := t.Underlying().(*types.Pointer).Elem()
		elem := e.toConcrete(s, e.Load(s, x), elemType, seen)
		return concrete.Value{Type: t, Kind: concrete.Pointer, Elem: &elem}
	case value.Struct:
		st := t.Underlying().(*types.Struct)
		c := concrete.Value{Type: t, Kind: concrete.Struct}
		for i, f := range x.Fields {
			c.Elems = append(c.Elems, e.toConcrete(s, f, st.Field(i).Type(), seen))
		}
		return c
	case value.Array:
		elem := t.Underlying().(*types.Array).Elem()
		c := concrete.Value{Type: t, Kind: concrete.Array}
		for _, el := range x.Elems() {
			c.Elems = append(c.Elems, e.toConcrete(s, el, elem, seen))
		}
		return c
	case value.Slice:
		if !x.NonNil.IsTrue() {
			return concrete.Value{Type: t, Kind: concrete.Nil}
		}
		if !x.Len.IsConst() {
			return opaque("symbolic length in a replay")
		}
		elem := t.Underlying().(*types.Slice).Elem()
		c := concrete.Value{Type: t, Kind: concrete.Slice, Elems: []concrete.Value{}}
		for _, el := range e.SliceElems(s, x)[:x.Len.Value()] {
			c.Elems = append(c.Elems, e.toConcrete(s, el, elem, seen))
		}
		return c
	case value.Interface:
		if x.Type == nil {
			return concrete.Value{Type: t, Kind: concrete.Nil}
		}
		if x.Type == value.RuntimeErrorType {
			return opaque("runtime error value")
		}
		dyn := e.toConcrete(s, x.Value, x.Type, seen)
		return concrete.Value{Type: t, Kind: concrete.Interface, Elem: &dyn}
	case value.Func:
		if x.NonNil().IsFalse() {
			return concrete.Value{Type: t, Kind: concrete.Nil}
		}
		return opaque("func value")
	}
	return opaque(fmt.Sprintf("value %T", v))
}

func (e *Engine) mapToConcrete(s *machine.State, m value.Pointer, t types.Type, seen map[value.ObjectID]bool) concrete.Value {
	mt := t.Underlying().(*types.Map)
	mv := e.MapOf(s, m)
	c := concrete.Value{Type: t, Kind: concrete.Map}
	for i := range mv.Keys {
		c.Keys = append(c.Keys, e.toConcrete(s, mv.Keys[i], mt.Key(), seen))
		c.Elems = append(c.Elems, e.toConcrete(s, mv.Vals[i], mt.Elem(), seen))
	}
	return c
}

// errorText is the Error() text of a non-nil result of static type error,
// obtained by running its Error method in the interpreter; "" otherwise.
func (e *Engine) errorText(s *machine.State, v value.Value, t types.Type) string {
	iv, ok := v.(value.Interface)
	if !ok || iv.Type == nil || !loader.IsErrorType(t) {
		return ""
	}
	if iv.Type == value.RuntimeErrorType {
		str, _ := value.ConcreteString(iv.Value.(value.String))
		return str
	}
	if !types.Implements(iv.Type, errorInterface) {
		// A panic value of static type error in a harness sense only
		// (tabwriter panics with an osError struct): fmt prints it with
		// %v, not through an Error method it does not have.
		return ""
	}
	fn := e.Prog.LookupMethod(iv.Type, nil, "Error")
	if fn == nil || len(fn.Blocks) == 0 {
		return ""
	}
	call := s.Fork(-1)
	call.Stack = nil
	call.Done = false
	call.Replay = true
	call.Harness = true
	e.PushFrame(call, fn, nil, []value.Value{iv.Value}, nil)
	e.runToEnd(call)
	if call.EndKind != machine.EndReturn || len(call.Results) != 1 {
		return ""
	}
	str, _ := value.ConcreteString(call.Results[0].(value.String))
	return str
}

// errorInterface is the error interface's method set.
var errorInterface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// isEmptyStringPanic tells panic("") apart from an unknown message.
func isEmptyStringPanic(v value.Value) bool {
	iv, ok := v.(value.Interface)
	if !ok {
		return false
	}
	str, ok := iv.Value.(value.String)
	if !ok {
		return false
	}
	text, known := value.ConcreteString(str)
	return known && text == "" && types.Identical(iv.Type, types.Typ[types.String])
}
