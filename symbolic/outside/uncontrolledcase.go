package outside

import (
	"reflect"
	"slices"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// How the test of a path that made uncontrolled calls (uncontrolled.go)
// is built: its inputs hold at both ends of the uncontrolled ranges when
// its condition depends on them, and none of its checks depends on them.

// uncontrolledAt gives each uncontrolled variable one end of its range and
// every other variable its value in m.
type uncontrolledAt struct {
	m      expr.Assignment
	ranges map[string]uncontrolledRange
	hi     bool
}

// Scalar implements expr.Assignment.
func (a uncontrolledAt) Scalar(v expr.Expr) uint64 {
	if IsUncontrolled(v) {
		if r, ok := a.ranges[v.Name()]; ok {
			if a.hi {
				return r.hi
			}
			return r.lo
		}
	}
	return a.m.Scalar(v)
}

// Element implements expr.Assignment.
func (a uncontrolledAt) Element(array expr.Expr, index uint64) uint64 {
	return a.m.Element(array, index)
}

// ends are the two assignments that put the uncontrolled variables at the
// ends of their ranges, the other variables as in m.
func (e *Outside) ends(m expr.Assignment) [2]uncontrolledAt {
	return [2]uncontrolledAt{{m: m, ranges: e.unc.ranges}, {m: m, ranges: e.unc.ranges, hi: true}}
}

// RobustModel is a model of cond whose inputs make cond hold whatever the
// uncontrolled values, as far as their ends tell: the readable model, or
// one found with the uncontrolled values at the low or at the high end of
// their ranges. A comparison with the clock (deadline before now) then
// keeps its outcome as time passes. When no such model is found, it is
// the readable model: UncontrolledOutcome then keeps only the checks that
// hold at both ends, and validation drops the case quietly if Go runs it
// differently.
func (e *Outside) RobustModel(cond []expr.Expr) solver.Response {
	var vars []expr.Expr
	for _, v := range expr.Vars(cond...) {
		if _, ok := e.unc.ranges[v.Name()]; ok && IsUncontrolled(v) {
			vars = append(vars, v)
		}
	}
	tries := []func() solver.Response{
		func() solver.Response { return e.cases.Readable(cond) },
		func() solver.Response { return e.Check(solver.Query{Constraints: e.pinnedAt(cond, vars, false)}) },
		func() solver.Response { return e.Check(solver.Query{Constraints: e.pinnedAt(cond, vars, true)}) },
	}
	var first solver.Response
	for i, try := range tries {
		resp := try()
		if resp.Result == solver.Sat && e.holdsAtEnds(cond, resp.Model) {
			return resp
		}
		if i == 0 {
			first = resp
		}
	}
	return first
}

// pinnedAt is cond with each uncontrolled variable of vars pinned to one
// end of its range.
func (e *Outside) pinnedAt(cond, vars []expr.Expr, hi bool) []expr.Expr {
	out := cond[:len(cond):len(cond)]
	for _, v := range vars {
		r := e.unc.ranges[v.Name()]
		at := r.lo
		if hi {
			at = r.hi
		}
		if v.Sort().IsBool() {
			out = append(out, expr.Eq(v, expr.BoolConst(at == 1)))
			continue
		}
		out = append(out, expr.Eq(v, expr.Const(v.Width(), at)))
	}
	return out
}

// holdsAtEnds reports whether every conjunct of cond holds under m with
// the uncontrolled values at either end of their ranges.
func (e *Outside) holdsAtEnds(cond []expr.Expr, m expr.Assignment) bool {
	for _, a := range e.ends(m) {
		ev := expr.NewEvaluator(a)
		for _, c := range cond {
			if ev.Eval(c) != 1 {
				return false
			}
		}
	}
	return true
}

// UncontrolledOutcome leaves out of t the checks that depend on values a
// test cannot set, for a path that made uncontrolled calls. replay is the
// replay of t's inputs, m their model and sym the symbolic path (nil for a
// concrete run of a cut path, which has no symbolic results). The inputs
// are replayed again with the uncontrolled values at each end of their
// ranges: a result or message that differs is not asserted, nor is a
// result whose symbolic value mentions an uncontrolled variable. A replay
// that runs differently marks t Uncontrolled; one that changes whether an
// error is nil, or whether the function panics, leaves t without a test
// (Replayed false): no check of it would hold on every run.
func (e *Outside) UncontrolledOutcome(t *concrete.Test, sym, replay *machine.State, m expr.Assignment) {
	// What the call leaves in its arguments' memory may depend on the
	// uncontrolled values too; it is not checked.
	t.Before, t.After = nil, nil
	t.SteadyBlocks, t.SteadyEdges = machine.FirstEntries(replay.Blocks), machine.FirstEntries(replay.Edges)
	for _, a := range e.ends(m) {
		other := e.in.InitialState(e.Summary.Func, e.in.ReplayInputs(a))
		other.StepLimit = replay.StepLimit
		e.cases.RunToEnd(other)
		if other.EndKind != replay.EndKind || !slices.Equal(machine.FirstEntries(other.Blocks), machine.FirstEntries(replay.Blocks)) {
			t.Uncontrolled = true
		}
		t.SteadyBlocks = kept(t.SteadyBlocks, other.Blocks)
		t.SteadyEdges = kept(t.SteadyEdges, other.Edges)
		var o concrete.Test
		if !e.cases.RecordOutcome(&o, other) || o.Panics != t.Panics || len(o.Results) != len(t.Results) {
			t.Replayed = false
			return
		}
		if o.PanicMsg != t.PanicMsg || o.PanicMsgKnown != t.PanicMsgKnown {
			t.PanicMsgKnown, t.PanicMsg = false, ""
		}
		for i := range t.Results {
			if (o.Results[i].Kind == concrete.Nil) != (t.Results[i].Kind == concrete.Nil) && loader.IsErrorType(t.Results[i].Type) {
				t.Replayed = false
				return
			}
			if o.ErrMsgs[i] != t.ErrMsgs[i] {
				t.ErrMsgs[i] = ""
			}
			if (o.Results[i].Kind == concrete.Global || t.Results[i].Kind == concrete.Global) && !reflect.DeepEqual(o.Results[i], t.Results[i]) {
				// Another clock gives another error: no sentinel to name.
				t.Results[i] = notAsserted(t.Results[i])
			}
			if !reflect.DeepEqual(o.Results[i], t.Results[i]) && !loader.IsErrorType(t.Results[i].Type) {
				t.Results[i] = notAsserted(t.Results[i])
			}
		}
	}
	if sym == nil {
		return
	}
	for i, v := range sym.Results {
		if i < len(t.Results) && !loader.IsErrorType(t.Results[i].Type) && e.mentionsUncontrolled(sym, v, map[value.ObjectID]bool{}) {
			t.Results[i] = notAsserted(t.Results[i])
		}
	}
	if sym.Panicked != nil && e.mentionsUncontrolled(sym, sym.Panicked.Value, map[value.ObjectID]bool{}) {
		t.PanicMsgKnown, t.PanicMsg = false, ""
	}
}

// kept is the elements of xs that ys has too, in xs's order.
func kept[T comparable](xs, ys []T) []T {
	in := make(map[T]bool, len(ys))
	for _, y := range ys {
		in[y] = true
	}
	var out []T
	for _, x := range xs {
		if in[x] {
			out = append(out, x)
		}
	}
	return out
}

// notAsserted replaces a result that depends on uncontrolled values by an
// opaque value, which no test compares.
func notAsserted(v concrete.Value) concrete.Value {
	return concrete.Value{Type: v.Type, Kind: concrete.Opaque, Why: "depends on values the test cannot set"}
}

// mentionsUncontrolled reports whether a symbolic value, or what it points
// to, mentions an uncontrolled variable. seen guards against cycles.
func (e *Outside) mentionsUncontrolled(s *machine.State, v value.Value, seen map[value.ObjectID]bool) bool {
	terms := func(xs ...expr.Expr) bool {
		for _, x := range xs {
			if !x.IsValid() || x.IsConst() {
				continue
			}
			if slices.ContainsFunc(expr.Vars(x), IsUncontrolled) {
				return true
			}
		}
		return false
	}
	object := func(id value.ObjectID) bool {
		if id == 0 || seen[id] {
			return false
		}
		seen[id] = true
		o := s.Mem.Get(id)
		return o != nil && e.mentionsUncontrolled(s, o.Value, seen)
	}
	values := func(vs []value.Value) bool {
		for _, x := range vs {
			if e.mentionsUncontrolled(s, x, seen) {
				return true
			}
		}
		return false
	}
	switch x := v.(type) {
	case value.Scalar:
		return terms(x.E)
	case value.String:
		return terms(x.Len) || terms(x.Bytes...)
	case value.Pointer:
		return terms(x.NonNil) || object(x.Obj)
	case value.Slice:
		return terms(x.NonNil, x.Len, x.Cap) || object(x.Obj)
	case value.Struct:
		return values(x.Fields)
	case value.Array:
		return values(x.Elems())
	case value.Tuple:
		return values(x.Elems)
	case value.Interface:
		return x.Value != nil && e.mentionsUncontrolled(s, x.Value, seen)
	case value.Func:
		return values(x.Bindings) || x.Input != nil && (terms(x.Input.NonNil) || values(x.Input.Results))
	case value.Map:
		return terms(x.Size) || values(x.Keys) || values(x.Vals)
	case value.Chan:
		return values(x.Buf)
	}
	return false
}
