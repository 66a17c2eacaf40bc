package inputs

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Inputs made through the package's API. A value whose type has unexported
// fields is what its package's functions make of it, not any assignment of
// its fields: a csv.Reader whose bufio.Reader is nil is no value a user
// ever holds, and a test outside the package cannot write big.Int{...} at
// all. So a parameter of such a type (a *T or T with unexported fields) is
// made by calling its constructor (loader.Constructor: csv.NewReader,
// big.NewInt), whose own parameters are inputs in turn, within MaxDepth,
// or for a type of the package under test by any of the ways its API
// hands one out (ownmakers.go), and never built field by field.
// Parameters of interface type may also be made: an io.Reader is a
// strings.NewReader over a symbolic string, an io.Writer a new(bytes.Buffer)
// (or, as another alternative, one that fails: iofail.go), an error a
// sentinel of the package or an errors.New of a symbolic text.
//
// The constructor calls run on the path itself, before the function under
// test, as frames pushed above its entry frame (the prologue): each returns
// its result into the parameter it makes, in the frame below that waits
// for it, so nested constructors run innermost first. The test's literal
// for the input is the same call with the model's arguments. A constructor
// that panics ends the path as unsupported: no test can build that input.
// A constructor's functional options (opts ...Option) are left out: a
// func input is a constant function (funcinputs.go), an option that sets
// nothing.
//
// Only parameters are made this way (of the function under test, and of
// the constructors): a part of an input built lazily has no frame to wait
// for a call, so it is built field by field as before, and its literal may
// be impossible (the case is then left out, with the reason). Of the
// made interface values it takes only those that need no call
// (lazyMakeable).

// maker is how the harness makes an input through its package's API.
type maker struct {
	fn     *ssa.Function // the constructor called; nil for new(T) or a global
	global *ssa.Global   // the value is this package variable's (a sentinel)
	typ    types.Type    // the type of what is made: fn's result, or *T
	// deref makes a value type T out of the *T that fn returns or global
	// holds (*NewEncoding(s), *StdEncoding); assert takes a t out of the
	// interface fn returns (NewEncoder(w).(*encoder)), which holds one on
	// every return when always is set.
	deref, assert, always bool
	// onMade says fn is a method of another type, whose receiver is made
	// as a constructor's parameter is (loader.HandingMethod), not new(T).
	onMade bool
	// fail, when set, makes a failing reader or writer (iofail.go): fn
	// is io.MultiReader for a reader, reader its strings.NewReader, and
	// errNew the errors.New that makes the error.
	fail           failKind
	reader, errNew *ssa.Function
}

// lazyMakeable reports whether m can make a part of an input built
// lazily, which has no prologue to call a constructor in: new(T) and a
// package variable. Not the failing writer, though its error could be
// made in place: a writer field is written on most of a method's paths,
// and one more alternative for it costs more paths than its error
// branches give (text/tabwriter at -budget 2s, two runs each: 176 and 177
// of 180 statements, 86.1% of mutants killed, without it; 172 and 172,
// 78.9% and 83.3%, with it).
func lazyMakeable(m *maker) bool {
	return m.fail == failNone && m.fn == nil
}

// String is how a pin names the maker.
func (m *maker) String() string {
	switch {
	case m.deref:
		inner := *m
		inner.deref = false
		return "*" + inner.String()
	case m.assert:
		inner := *m
		inner.assert = false
		return inner.String() + ".(" + types.TypeString(m.typ, pkgName) + ")"
	case m.fail != failNone:
		return m.failingString()
	case m.global != nil:
		return m.global.Pkg.Pkg.Name() + "." + m.global.Name()
	case m.fn == nil:
		return "new(" + types.TypeString(m.typ.(*types.Pointer).Elem(), pkgName) + ")"
	}
	if m.fn.Signature.Params().Len() == 0 {
		return m.fn.Pkg.Pkg.Name() + "." + m.fn.Name() + "()"
	}
	return m.fn.Pkg.Pkg.Name() + "." + m.fn.Name() + "(…)"
}

func pkgName(p *types.Package) string { return p.Name() }

// paramSlot is where a value being built goes when it is a parameter: the
// frame, by its index in the stack, and the parameter's index. wrap is the
// dynamic type to box a made value in, when the parameter is an interface;
// ctorArg marks a parameter of a constructor, which is never given nil for
// an interface (no user builds a reader over a nil reader). into, when
// set, is where the value goes instead of a parameter: a part of a
// failing reader or writer (iofail.go).
type paramSlot struct {
	frame, param int
	wrap         types.Type
	ctorArg      bool
	into         *value.Pointer
}

// pendingCall is a constructor call of the prologue, with the parameter
// its result goes to.
type pendingCall struct {
	fn   *ssa.Function
	args []value.Value
	dest paramSlot
	// made is the maker whose call it is, which says how its result
	// becomes the input (deref, assert); nil for a method of a sequence.
	made *maker
	// seq, when set, passes the result on to the method calls of a
	// sequence, or drops it (sequences.go).
	seq *seqFill
}

// ctorArgName names the input that is parameter i of the constructor fn
// making the input name: "r.NewReader(r)".
func ctorArgName(name string, fn *ssa.Function, i int) string {
	return name + "." + fn.Name() + "(" + ParamName(fn, i) + ")"
}

// buildMade makes the input name with mk for the parameter dest. A
// constructor's call is queued for the prologue and a placeholder of the
// parameter's type returned; the call's result replaces it before the
// function under test starts.
func (e *Builder) buildMade(s *machine.State, name string, mk *maker, depth int, dest paramSlot) value.Value {
	in := Of(s)
	switch {
	case mk.fail != failNone:
		return e.buildFailing(s, name, mk, depth, dest)
	case mk.global != nil:
		v := e.Load(s, value.Pointer{NonNil: expr.True, Obj: e.Global(s, mk.global)})
		if mk.deref {
			return e.derefGlobal(s, name, mk, v)
		}
		if w, ok := e.globalSequence(s, name, mk, depth, dest, v); ok {
			return w
		}
		return v
	case mk.fn == nil:
		elem := mk.typ.(*types.Pointer).Elem()
		id := s.Mem.Alloc(&value.Object{Type: elem, Value: value.Zero(elem)})
		v := value.Pointer{NonNil: expr.True, Obj: id}
		// No frame makes v: the calls that hand out the later
		// parameters (handed.go) take it as it is.
		handed := e.chooseHanded(s, mk, depth, dest)
		for _, c := range handed {
			c.args[0] = v
		}
		e.buildHandedArgs(s, handed, depth)
		return v
	}
	// The calls that hand out later parameters are queued first, then the
	// methods of a sequence, so that their frames run after the
	// constructor's, the handing calls last (handed.go).
	handed := e.chooseHanded(s, mk, depth, dest)
	var seqCalls []*pendingCall
	var seqOf *seqFill
	var fieldSteps []seqStep
	if cands := e.sequenceOffered(mk, depth, &dest, in.home); len(cands) > 0 {
		if steps := e.chooseSequence(s, name, cands); len(steps) > 0 {
			var calls []seqStep
			fieldSteps, calls = splitFieldSteps(steps)
			seqOf, seqCalls = e.queueSequence(s, calls, dest)
		}
	}
	if len(handed) > 0 {
		if seqOf == nil {
			seqOf = &seqFill{}
		}
		fill := ownerFill(seqOf, seqCalls)
		fill.recvs = append(fill.recvs, handedReceivers(s, handed)...)
	}
	call := &pendingCall{fn: mk.fn, dest: dest, made: mk, seq: seqOf}
	in.calls = append(in.calls, call)
	frame := len(in.calls) // the function under test's frame is 0
	for i, p := range mk.fn.Params {
		if i == 0 && mk.fn.Signature.Recv() != nil && !mk.onMade {
			// An Init method: its receiver is new(T).
			elem := p.Type().(*types.Pointer).Elem()
			id := s.Mem.Alloc(&value.Object{Type: elem, Value: value.Zero(elem)})
			call.args = append(call.args, value.Pointer{NonNil: expr.True, Obj: id})
			continue
		}
		in.dest = &paramSlot{frame: frame, param: i, ctorArg: true}
		call.args = append(call.args, in.build(e, s, ctorArgName(name, mk.fn, i), p.Type(), depth+1))
	}
	in.dest = nil
	if len(fieldSteps) > 0 {
		e.buildFieldSets(s, name, fieldSteps, seqOf, depth)
	}
	e.buildSequenceArgs(s, name, seqCalls, depth)
	e.buildHandedArgs(s, handed, depth)
	return value.Zero(mk.typ)
}

// pushPrologue pushes the queued constructor calls above the entry frame,
// the first queued lowest, so that each runs after those that make its
// arguments and before the call that waits for its result.
func (e *Builder) pushPrologue(s *machine.State) {
	calls := Of(s).calls
	Of(s).calls = nil
	if len(calls) == 0 {
		return
	}
	from := s.Mem.Next()
	for _, c := range calls {
		entered := len(s.Blocks)
		f := e.PushFrame(s, c.fn, nil, c.args, nil)
		fill := &prologueFill{dest: c.dest, from: from, made: c.made, seq: c.seq}
		f.Fill = fill
		if fill.SetsUp() && c.fn != s.Stack[0].Fn {
			// Its entry block, entered as it was pushed, is no coverage
			// of the path either (machine.SetupFill).
			s.Blocks = s.Blocks[:entered]
		}
	}
}

// prologueFill is what a prologue frame does with its result.
type prologueFill struct {
	dest paramSlot
	// from is the first object the prologue allocated.
	from value.ObjectID
	// made is the maker whose call the frame runs; nil for a method of a
	// sequence.
	made *maker
	// seq is what a frame of a sequence, or the constructor before one,
	// does besides (sequences.go).
	seq *seqFill
}

// fillParam gives the result of the prologue frame f to the parameter it
// makes. The objects the constructors made lose their allocation sites:
// the points-to analysis models parameters as input objects, not as what
// the constructors allocate, so they are left out of its check.
func (e *Builder) fillParam(s *machine.State, f *machine.Frame, results []value.Value) {
	fill := f.Fill.(*prologueFill)
	if fill.seq != nil && fill.seq.discard {
		s.Mem.ForgetSites(fill.from)
		return
	}
	v, ok := e.madeResult(s, f.Fn, fill.made, results[0])
	if !ok || fill.seq != nil && !e.fieldSetsFresh(s, f, fill, v) {
		return
	}
	if fill.seq != nil && !fillSequence(s, fill.seq, v) {
		s.Mem.ForgetSites(fill.from)
		return
	}
	if fill.dest.wrap != nil {
		v = value.Interface{Type: fill.dest.wrap, Value: v}
	}
	if p := fill.dest.into; p != nil {
		e.Store(s, *p, v)
		s.Mem.ForgetSites(fill.from)
		return
	}
	target := s.FrameAt(fill.dest.frame)
	target.SetValue(machine.Slot(target.Info.Index[target.Fn.Params[fill.dest.param]]), v)
	s.Mem.ForgetSites(fill.from)
}

// prologuePanicked ends s when a panic leaves the prologue frame f: the
// input cannot be made with these arguments, so there is no test.
func (e *Builder) prologuePanicked(s *machine.State, f *machine.Frame) {
	if fill, ok := f.Fill.(*prologueFill); ok && fill.made == nil {
		e.Finish(s, machine.EndUnsupported, 0, "unsupported:input method call "+f.Fn.Name()+" panics")
		return
	}
	e.Finish(s, machine.EndUnsupported, 0, "unsupported:input constructor "+f.Fn.Name()+" panics")
}

// madeLiteral is the concrete value of the input name made by mk, under
// the model m: the same call with the model's arguments.
func (e *Builder) madeLiteral(name string, mk *maker, m expr.Assignment, depth int, home *ssa.Function) concrete.Value {
	switch {
	case mk.fail != failNone:
		return e.failingLiteral(name, mk, m, depth, home)
	case mk.global != nil:
		g := concrete.Value{Type: mk.typ, Kind: concrete.Global, Var: mk.global.Object().(*types.Var)}
		if mk.deref {
			g.Type = mk.global.Type().(*types.Pointer).Elem()
		}
		return madeAs(mk, g)
	case mk.fn == nil:
		return concrete.Value{Type: mk.typ, Kind: concrete.Call}
	}
	v := concrete.Value{Type: mk.fn.Signature.Results().At(0).Type(), Kind: concrete.Call, Func: mk.fn.Object().(*types.Func)}
	for i, p := range mk.fn.Params {
		if i == 0 && mk.fn.Signature.Recv() != nil {
			if mk.onMade {
				recv := e.ParamLiteral(ctorArgName(name, mk.fn, 0), p.Type(), m, depth+1, home, true)
				v.Elem = &recv
			}
			continue // else new(T), which the Func's receiver says
		}
		v.Elems = append(v.Elems, e.ParamLiteral(ctorArgName(name, mk.fn, i), p.Type(), m, depth+1, home, true))
	}
	return madeAs(mk, v)
}

// madeAs is the literal of what mk makes out of the call or variable v:
// v itself, *v, or v.(T).
func madeAs(mk *maker, v concrete.Value) concrete.Value {
	switch {
	case mk.deref:
		return concrete.Value{Type: mk.typ, Kind: concrete.Deref, Elem: &v}
	case mk.assert:
		return concrete.Value{Type: mk.typ, Kind: concrete.Assert, Elem: &v}
	}
	return v
}

// ParamLiteral is the concrete value of the parameter input name, following
// the naming of inputs.build for a parameter slot.
func (e *Builder) ParamLiteral(name string, t types.Type, m expr.Assignment, depth int, home *ssa.Function, ctorArg bool) concrete.Value {
	if depth == 0 && !ctorArg {
		if v, ok := e.handedLiteral(name, m, home); ok {
			return v
		}
	}
	if depth < e.Cfg.Bounds.MaxDepth {
		if makers := e.makersOf(t, home); len(makers) > 0 {
			mk := makers[chosenMaker(name, makers, m)]
			v := e.madeLiteral(name, mk, m, depth, home)
			if ctorArg {
				return v
			}
			return e.sequenceLiteral(name, mk, v, m, depth, home)
		}
	}
	if sl, ok := t.Underlying().(*types.Slice); ok && ctorArg {
		if _, funcs := sl.Elem().Underlying().(*types.Signature); funcs {
			// A constructor's functional options are left out (build),
			// whatever the model says of a nilness no path read.
			return concrete.Value{Type: t, Kind: concrete.Nil}
		}
	}
	if types.IsInterface(t) {
		return e.interfaceLiteral(name, t, m, depth, home, &paramSlot{ctorArg: ctorArg})
	}
	return e.argLiteral(name, t, m, depth, home)
}
