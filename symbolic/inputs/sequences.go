package inputs

import (
	"fmt"
	"go/types"
	"slices"
	"sync"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Method sequences. A value made by its constructor is in the state the
// constructor leaves: a writer that wrote nothing, a list that is empty,
// an encoding with its default padding, a reader on ','. What callers
// reach after using it (a dumper mid-line, a list after a PushBack, an
// encoding after WithPadding) needs calls of its methods first, and what
// they reach after configuring it (a csv.Reader whose Comma is ';') an
// assignment to one of its exported fields. So, after a parameter of the
// function under test is made by a constructor or factory of the package
// (ctorinputs.go), the harness may take up to Bounds.MaxCalls steps on
// it before the function under test runs: each calls one of the type's
// exported methods with inputs for arguments, or sets one of its
// exported fields to an input (fieldsteps.go says which fields, and why
// the fields share the methods' choice and bound).
//
// Step k is a choice (choices.go) of selector "name.(call k)": 0 takes no
// step and ends the sequence, so the states without steps come first
// and none is lost; alternative j takes the j-th candidate step: the
// methods in the order of the type's method set, sorted by name, then the
// fields in declaration order, which a step may take only before any
// call, each once and in that order (seqAllowed). The function under
// test is a candidate too: a writer after a write is the state its second
// call starts in. A method that returns the made type (a builder such as
// WithPadding, or Init) gives its result as the value; another one's
// results are dropped, and the value is the receiver, which a pointer
// shares with the method.
//
// The fields are set as the constructor's frame returns, before its
// result goes anywhere. The calls run in the prologue, as frames between
// the constructor's and the one that waits for the value: queued before
// the constructor, so below it, the first step just below. The constructor's result goes to
// the receivers of the steps up to the first builder, and to the
// parameter unless a builder follows; a builder's result goes on in the
// same way. A call that panics ends the path as unsupported, as a
// constructor that panics does. The arguments of step k of the method M
// are the inputs "name.M(p)" (with "#k" after them when it is the k-th
// call, k > 1), and the value of the field F is the input "name.F", so
// the model names them and the literal writes them.
//
// Not done: states that different sequences reach alike (two PushBacks of
// equal values, Reset after anything) are explored once per sequence;
// Symstra's subsumption of object states would merge them. Only
// parameters of the function under test get sequences, not the arguments
// of constructors, nor value types handed out as *T (deref), nor values
// made inside an interface's alternatives. A value a package variable
// holds gets only builders declared on the value type, which copy it
// (StdEncoding.WithPadding(p)): another method could change it for every
// other test.

// seqStep is one method call of a sequence: the method, and whether its
// result is the value from then on (a builder).
type seqStep struct {
	fn      *ssa.Function
	builder bool
	// valueRecv says the method is declared on the value type, so it
	// cannot change the value its receiver points to.
	valueRecv bool
	// field, when set, makes the step an assignment to the field of that
	// index instead of a call (fieldsteps.go); fn is nil then.
	field *types.Var
	index int
}

// seqFill is what a frame of a sequence, or the constructor before one,
// does with its result: recvs are the receivers of the next steps that
// take it, and noDest says a builder step after them gives the parameter
// its value instead. discard marks a step whose results are dropped.
type seqFill struct {
	recvs   []paramSlot
	noDest  bool
	discard bool
	// sets are the field steps' stores into the constructor's result,
	// made before it is passed on (fieldsteps.go).
	sets []fieldSet
}

// seqMethodsCache remembers, per program and type, the candidate methods.
var seqMethodsCache sync.Map // ctorKey → []seqStep

// sequenceOffered reports whether the input made by mk, at depth, for the
// slot dest (nil in a literal: a plain parameter slot), may get a
// sequence, and lists its candidate methods.
func (e *Builder) sequenceOffered(mk *maker, depth int, dest *paramSlot, home *ssa.Function) []seqStep {
	if e.Cfg.Bounds.MaxCalls <= 0 || depth != 0 || mk.fn == nil && mk.global == nil || mk.deref || mk.fail != failNone {
		return nil
	}
	if dest != nil && (dest.ctorArg || dest.wrap != nil || dest.into != nil) {
		return nil
	}
	cands := e.seqMethods(mk.typ, home)
	if mk.global != nil {
		// A package variable is every test's: only a builder declared on
		// the value, which copies it, may be called on it
		// (StdEncoding.WithPadding(p)).
		var builders []seqStep
		for _, c := range cands {
			if c.builder && c.valueRecv {
				builders = append(builders, c)
			}
		}
		cands = builders
	}
	if mk.global == nil {
		// The methods keep the alternatives they had before the fields
		// were candidates too, which come after them. Fields first
		// reached less of encoding/csv within the same work (71.4% of
		// statements against 78.3%).
		cands = append(slices.Clip(cands), e.seqFields(mk.typ, home, cands)...)
	}
	return cands
}

// seqMethods lists the methods a sequence may call on a value of type t,
// a pointer to a named type of home's package: the exported methods of
// its method set (value methods through their pointer wrappers), but not
// those that only read it. A method without parameters that returns one
// value other than an error (Len, Front, String) changes nothing a later
// call sees, yet would double the states; Close, Reset and Flush stay.
func (e *Builder) seqMethods(t types.Type, home *ssa.Function) []seqStep {
	ptr, ok := t.(*types.Pointer)
	if !ok || namedOf(t) == nil || namedOf(t).TypeParams().Len() > 0 || !e.isLocal(t, home) {
		return nil
	}
	key := ctorKey{prog: e.Prog, typ: types.TypeString(t, nil)}
	if found, ok := seqMethodsCache.Load(key); ok {
		return found.([]seqStep)
	}
	var steps []seqStep
	mset := e.Prog.MethodSets.MethodSet(ptr)
	for i := 0; i < mset.Len(); i++ {
		sel := mset.At(i)
		if !sel.Obj().Exported() {
			continue
		}
		sig := sel.Type().(*types.Signature)
		if isGetter(sig) || !seqParamsBuildable(sig) {
			continue
		}
		fn := e.Prog.MethodValue(sel)
		if fn == nil {
			continue
		}
		builder := sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), t)
		_, ptrRecv := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer)
		steps = append(steps, seqStep{fn: fn, builder: builder, valueRecv: !ptrRecv})
	}
	seqMethodsCache.Store(key, steps)
	return steps
}

// isGetter reports whether a method of signature sig only reads its
// receiver, by its shape: no parameters, one result, not an error.
func isGetter(sig *types.Signature) bool {
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	return !types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}

// seqParamsBuildable reports whether every parameter of sig can be an
// input: a func or chan argument would be a constant function or an idle
// channel, which no caller passes to change a value's state.
func seqParamsBuildable(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		switch sig.Params().At(i).Type().Underlying().(type) {
		case *types.Signature, *types.Chan:
			return false
		}
	}
	return true
}

// seqSelectorName names the choice of step k (from 1) of the sequence on
// the input name.
func seqSelectorName(name string, k int) string { return fmt.Sprintf("%s.(call %d)", name, k) }

// seqArgName names argument i (a parameter index of fn, the receiver
// being 0) of step k of the sequence on the input name: "w.Write(p)",
// "w.Write(p)#2".
func seqArgName(name string, k int, fn *ssa.Function, i int) string {
	s := name + "." + fn.Name() + "(" + ParamName(fn, i) + ")"
	if k > 1 {
		s += fmt.Sprintf("#%d", k)
	}
	return s
}

// chooseSequence picks the steps of the sequence on the input name: one
// choice per step, until one takes no step. A step's alternatives are
// those seqAllowed leaves after the steps before it.
func (e *Builder) chooseSequence(s *machine.State, name string, cands []seqStep) []seqStep {
	var steps []seqStep
	for k := 1; k <= e.Cfg.Bounds.MaxCalls; k++ {
		sel := seqSelectorName(name, k)
		// No step is the plain input, which needs no comment.
		vals, pins := []uint64{0}, []string{""}
		for _, j := range seqAllowed(cands, steps) {
			vals = append(vals, uint64(j+1))
			pins = append(pins, seqStepPin(name, cands[j], k))
		}
		alt := vals[e.Choose(s, sel, expr.BVVar(sel, 8), vals, pins)]
		if alt == 0 {
			break
		}
		steps = append(steps, cands[alt-1])
	}
	if len(steps) > 0 {
		s.Limit(seqLimit(name, cands, e.Cfg.Bounds.MaxCalls))
	}
	return steps
}

// seqAllowed lists the indices in cands of the steps that may follow
// the steps before: any method, and, while no method was called, a field
// after the last one set. Fields are set first and in order, so that no
// two sequences make the same assignments (fieldsteps.go).
func seqAllowed(cands []seqStep, before []seqStep) []int {
	lastField, called := -1, false
	for _, b := range before {
		if b.field == nil {
			called = true
		} else {
			lastField = b.index
		}
	}
	var out []int
	for j, c := range cands {
		if c.field == nil || !called && c.index > lastField {
			out = append(out, j)
		}
	}
	return out
}

// seqStepPin says step k of the sequence on the input name, the step c,
// in the tests' comments.
func seqStepPin(name string, c seqStep, k int) string {
	switch {
	case c.field != nil && k > 1:
		return "then " + fieldStepPin(name, c)
	case c.field != nil:
		return fieldStepPin(name, c) + " first"
	case k > 1:
		return fmt.Sprintf("then %s.%s(…)", name, c.fn.Name())
	}
	return fmt.Sprintf("%s.%s(…) called first", name, c.fn.Name())
}

// chosenSequence is the sequence on the input name under the model m, as
// chooseSequence picked it.
func chosenSequence(name string, cands []seqStep, maxCalls int, m expr.Assignment) []seqStep {
	var steps []seqStep
	for k := 1; k <= maxCalls; k++ {
		j := expr.Eval(expr.BVVar(seqSelectorName(name, k), 8), m)
		if j == 0 || !slices.Contains(seqAllowed(cands, steps), int(j)-1) {
			break // as Choose does in a replay for a value it does not offer
		}
		steps = append(steps, cands[j-1])
	}
	return steps
}

// queueSequence queues the calls of steps, the last lowest, before the
// constructor call that is queued next, and returns the constructor's
// share of the fill: the receivers it gives its result to, and whether
// a builder takes the parameter's place. The steps' arguments are built
// by buildSequenceArgs once the constructor is queued.
func (e *Builder) queueSequence(s *machine.State, steps []seqStep, dest paramSlot) (*seqFill, []*pendingCall) {
	in := Of(s)
	calls := make([]*pendingCall, len(steps))
	// Frame index of step k's frame: queued in reverse, so the last step
	// is the lowest.
	base := len(in.calls)
	frameOf := func(k int) int { return base + len(steps) - k } // k from 0
	// next is the fill of whatever runs just before step k: it gives its
	// value to the receivers of the steps up to the next builder.
	fillBefore := func(k int) *seqFill {
		f := &seqFill{}
		for j := k; j < len(steps); j++ {
			f.recvs = append(f.recvs, paramSlot{frame: frameOf(j), param: 0})
			if steps[j].builder {
				f.noDest = true
				break
			}
		}
		return f
	}
	for k := len(steps) - 1; k >= 0; k-- {
		c := &pendingCall{fn: steps[k].fn, dest: dest, args: make([]value.Value, len(steps[k].fn.Params))}
		c.args[0] = value.Zero(steps[k].fn.Params[0].Type())
		if steps[k].builder {
			c.seq = fillBefore(k + 1)
		} else {
			c.seq = &seqFill{discard: true}
		}
		calls[k] = c
		in.calls = append(in.calls, c)
	}
	return fillBefore(0), calls
}

// buildSequenceArgs builds the arguments of the queued steps calls of the
// sequence on the input name.
func (e *Builder) buildSequenceArgs(s *machine.State, name string, calls []*pendingCall, depth int) {
	in := Of(s)
	frame := func(c *pendingCall) int {
		for i, q := range in.calls {
			if q == c {
				return i + 1 // the function under test's frame is 0
			}
		}
		panic("sequence call not queued")
	}
	for k, c := range calls {
		for i, p := range c.fn.Params {
			if i == 0 {
				continue // the receiver, which the fill gives
			}
			in.dest = &paramSlot{frame: frame(c), param: i, ctorArg: true}
			c.args[i] = in.build(e, s, seqArgName(name, k+1, c.fn, i), p.Type(), depth+1)
		}
	}
	in.dest = nil
}

// globalSequence queues the sequence, if the input name made from the
// package variable's value v has one: its first builder's receiver is v,
// and the last one's result is the input, which is returned as a
// placeholder until then. It reports false for no sequence.
func (e *Builder) globalSequence(s *machine.State, name string, mk *maker, depth int, dest paramSlot, v value.Value) (value.Value, bool) {
	cands := e.sequenceOffered(mk, depth, &dest, Of(s).home)
	if len(cands) == 0 {
		return nil, false
	}
	steps := e.chooseSequence(s, name, cands)
	if len(steps) == 0 {
		return nil, false
	}
	// No constructor runs, so no frame gives the first step its
	// receiver: the variable's value is known now.
	_, calls := e.queueSequence(s, steps, dest)
	calls[0].args[0] = v
	e.buildSequenceArgs(s, name, calls, depth)
	return value.Zero(mk.typ), true
}

// fillSequence gives v, the result of a frame of the prologue, to the
// receivers fill names. It reports whether the frame's own destination
// takes v too.
func fillSequence(s *machine.State, fill *seqFill, v value.Value) bool {
	for _, r := range fill.recvs {
		target := s.FrameAt(r.frame)
		target.SetValue(machine.Slot(target.Info.Index[target.Fn.Params[r.param]]), v)
	}
	return !fill.noDest
}

// sequenceLiteral is the literal of the input name, made as v by mk, with
// the steps that the model m chose taken on it: the fields set, then the
// methods called.
func (e *Builder) sequenceLiteral(name string, mk *maker, v concrete.Value, m expr.Assignment, depth int, home *ssa.Function) concrete.Value {
	cands := e.sequenceOffered(mk, depth, nil, home)
	steps := chosenSequence(name, cands, e.Cfg.Bounds.MaxCalls, m)
	if len(steps) == 0 {
		return v
	}
	out := concrete.Value{Type: mk.typ, Kind: concrete.Setup, Elem: &v}
	fields, calls := splitFieldSteps(steps)
	for _, st := range fields {
		out.Elems = append(out.Elems, e.fieldStepLiteral(name, st, m, depth, home))
	}
	for k, st := range calls {
		// Arguments are named by the call's place among the calls, as
		// buildSequenceArgs names them.
		call := concrete.Value{Type: st.fn.Signature.Results(), Kind: concrete.Call, Func: methodObject(st.fn)}
		if st.builder {
			call.Type = mk.typ
		}
		for i, p := range st.fn.Params {
			if i == 0 {
				continue
			}
			call.Elems = append(call.Elems, e.ParamLiteral(seqArgName(name, k+1, st.fn, i), p.Type(), m, depth+1, home, true))
		}
		out.Elems = append(out.Elems, call)
	}
	return out
}

// methodObject is the method a sequence step's function calls: the
// declared method for a wrapper of a value method.
func methodObject(fn *ssa.Function) *types.Func {
	if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
		return obj
	}
	return nil
}

// SetsUp reports whether the frame f fills runs a method of a sequence,
// whose blocks are no coverage of the path (machine.SetupFill).
func (f *prologueFill) SetsUp() bool { return f.made == nil && f.seq != nil }
