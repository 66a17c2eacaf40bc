package inputs

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Source builds the values of a function's parameters. Every part of an
// input is a variable named by its Go access path ("p.X", "len(s)",
// "s[2]", "p != nil"), so a model names its values the way a test writes
// them. In replay mode the same builder gives each variable its model value
// instead, so the concrete run and the literal in the test agree by
// construction.
type Source struct {
	bounds machine.Bounds
	// model, when set, gives the values (replay mode); otherwise the
	// builder makes variables (symbolic mode).
	model expr.Assignment
	// home is the function under test; it orders the types tried for
	// interface inputs.
	home *ssa.Function
	// root is the parameter whose input is being built; its objects
	// record it for the points-to check.
	root *ssa.Parameter
	// dest is set while the value being built is a parameter, which may
	// be made by a constructor (ctorinputs.go); build takes and clears it.
	dest *paramSlot
	// field is set while the value being built is a struct field, whose
	// nil the package may or may not expect (nilcompared.go); build takes
	// and clears it.
	field types.Object
	// calls are the constructor calls queued for the prologue.
	calls []*pendingCall
	// handed are the parameters of the function under test that an
	// earlier one hands out (handed.go), by index.
	handed map[int]bool
	// fresh is the first object the path allocated itself: those below
	// it are the package's init's, which every test shares.
	fresh value.ObjectID
	// grown are the bounds of inputs that grew beyond MaxLen or MaxElems,
	// by name (inputbounds.go).
	grown map[string]int
}

// NewSymbolic returns a Source that makes variables within b, and
// newReplayInputs one that gives the values of the model m.
func NewSymbolic(b machine.Bounds) *Source { return &Source{bounds: b} }

func newReplayInputs(b machine.Bounds, m expr.Assignment) *Source {
	return &Source{bounds: b, model: m}
}

// Scalar is the variable called name, or its value in replay mode.
func (in *Source) Scalar(name string, sort expr.Sort) expr.Expr {
	v := expr.Var(name, sort)
	if in.model == nil {
		return v
	}
	val := expr.Eval(v, in.model)
	if sort.IsBool() {
		return expr.BoolConst(val == 1)
	}
	return expr.Const(sort.Width(), val)
}

// Variable names for the parts of an input.
func nilnessName(name string) string { return name + " != nil" }
func LenName(name string) string     { return "len(" + name + ")" }
func ElemName(name string, i int) string {
	return fmt.Sprintf("%s[%d]", name, i)
}
func fieldName(name, field string) string { return name + "." + field }

// inputOfNilness is the input whose nilness variable (nilnessName) v is.
func inputOfNilness(v expr.Expr) (string, bool) {
	if !v.IsVar() || !v.Sort().IsBool() {
		return "", false
	}
	return strings.CutSuffix(v.Name(), " != nil")
}

// pointeeName names what a pointer points to: p.X for the fields of a
// struct (Go's automatic dereference), *p otherwise.
func pointeeName(name string, elem types.Type) string {
	if _, ok := elem.Underlying().(*types.Struct); ok {
		return name
	}
	return "*" + name
}

// build makes the input value of type t called name, at nesting depth.
// Pointees are left lazy: their objects hold a value.Lazy that the first
// read materialises.
func (in *Source) build(e *Builder, s *machine.State, name string, t types.Type, depth int) value.Value {
	dest, field := in.dest, in.field
	in.dest, in.field = nil, nil
	if dest != nil && depth < in.bounds.MaxDepth {
		if makers := e.makersOf(t, in.home); len(makers) > 0 {
			return e.buildMade(s, name, e.chooseMaker(s, name, makers), depth, *dest)
		}
	}
	if w, signed, ok := value.IntInfo(t); ok {
		if signed && !e.signedInputs[name] {
			if e.signedInputs == nil {
				e.signedInputs = make(map[string]bool)
			}
			e.signedInputs[name] = true
		}
		return value.Scalar{E: in.Scalar(name, expr.BV(w))}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return value.Scalar{E: in.Scalar(name, expr.BoolSort())}
		case u.Info()&types.IsString != 0:
			return in.buildString(e, s, name)
		case u.Info()&types.IsFloat != 0:
			return in.buildFloat(name, t)
		}
		s.Limit(fmt.Sprintf("%s of type %s is fixed to its zero value", name, t))
		return value.Zero(t)
	case *types.Pointer:
		if depth >= in.bounds.MaxDepth {
			return e.boundNil(s, name)
		}
		if e.madeByAPI(t, in.home) {
			s.Limit(madeByAPILimit(name, t))
			return value.NilPointer
		}
		elem := u.Elem()
		id := s.Mem.Alloc(&value.Object{Type: elem, Value: value.Lazy{Name: pointeeName(name, elem), Type: elem, Depth: depth + 1, Root: in.root}, Input: name, Root: in.root, RootType: elem})
		return value.Pointer{NonNil: in.Scalar(nilnessName(name), expr.BoolSort()), Obj: id}
	case *types.Struct:
		if e.madeByAPI(t, in.home) {
			s.Limit(madeByAPILimit(name, t))
			return value.Zero(t)
		}
		foreign := foreignStruct(t, in.home)
		shape, shaped := e.chooseShape(s, name, t)
		fields := make([]value.Value, u.NumFields())
		for i := range fields {
			f := u.Field(i)
			if foreign && !f.Exported() {
				// See foreignStruct.
				s.Limit(fmt.Sprintf("the unexported fields of %s are zero", types.TypeString(t, pkgName)))
				fields[i] = value.Zero(f.Type())
				continue
			}
			if unsetField(u, i, shape, shaped) {
				fields[i] = value.Zero(f.Type()) // see shapeinputs.go
				continue
			}
			in.field = f.Origin()
			fields[i] = in.build(e, s, fieldName(name, f.Name()), f.Type(), depth+1)
		}
		return value.Struct{Fields: fields}
	case *types.Array:
		elems := make([]value.Value, u.Len())
		for i := range elems {
			if w, signed, ok := value.IntInfo(u.Elem()); ok && w == 8 && !signed {
				if e.arrayBytes == nil {
					e.arrayBytes = make(map[string]bool)
				}
				e.arrayBytes[ElemName(name, i)] = true
			}
			elems[i] = in.build(e, s, ElemName(name, i), u.Elem(), depth+1)
		}
		return value.ArrayOf(elems)
	case *types.Slice:
		if _, funcs := u.Elem().Underlying().(*types.Signature); funcs && dest != nil && dest.ctorArg {
			// A constructor's functional options (opts ...Option) could
			// only be constant functions (funcinputs.go), which set
			// nothing: the value it makes is made with none.
			s.Limit(name + " is empty: a constructor's functional options are left out")
			return value.Zero(t)
		}
		return in.buildSlice(e, s, name, u.Elem(), depth)
	case *types.Map:
		return e.buildMap(s, name, u, depth)
	case *types.Interface:
		return e.buildInterface(s, name, t, depth, dest, field)
	case *types.Signature:
		return in.buildFunc(e, s, name, u, depth)
	case *types.Chan:
		return in.buildChan(s, name, t)
	}
	s.Limit(fmt.Sprintf("%s of type %s is fixed to its zero value", name, t))
	return value.Zero(t)
}

// AssumeBuilt assumes c, which the inputs built on s satisfy by
// construction (map keys apart, environment names valid), and reports
// whether s goes on. Only a replay can break c: its model comes from the
// condition of a path cut while a size choice waited for its instruction
// to run again (choose), which fixed the size and never built the parts.
// Go has no such input, so the replay ends as unsupported, saying what.
func (e *Builder) AssumeBuilt(s *machine.State, c expr.Expr, what string) bool {
	if c.IsFalse() {
		e.Unsupported(s, what+" under the model: no input Go can have")
		return false
	}
	s.Assume(c, "")
	return true
}

// buildString: up to MaxLen symbolic bytes and a symbolic length.
func (in *Source) buildString(e *Builder, s *machine.State, name string) value.String {
	if in.model == nil {
		e.noteText(name)
	}
	n := in.Scalar(LenName(name), expr.BV(64))
	max := in.MaxSize(name, in.bounds.MaxLen)
	if n.IsConst() {
		max = min(max, int(n.Value()))
	} else {
		e.assumeSizeBound(s, name, n, max, in.bounds.GrowLen)
	}
	bytes := make([]expr.Expr, max)
	for i := range bytes {
		bytes[i] = in.Scalar(ElemName(name, i), expr.BV(8))
	}
	return value.String{Bytes: bytes, Len: n}
}

// buildSlice: nil, or up to MaxElems lazily built elements.
func (in *Source) buildSlice(e *Builder, s *machine.State, name string, elem types.Type, depth int) value.Slice {
	nonNil := in.Scalar(nilnessName(name), expr.BoolSort())
	n := in.Scalar(LenName(name), expr.BV(64))
	max := in.MaxSize(name, in.bounds.MaxElems)
	if in.model == nil {
		if isByte(elem) {
			e.noteText(name)
		}
		e.assumeSizeBound(s, name, n, max, in.bounds.GrowElems)
		s.Assume(expr.Implies(expr.Not(nonNil), expr.Eq(n, expr.Const(64, 0))), "")
	} else {
		max = int(n.Value())
	}
	elems := make([]value.Value, max)
	for i := range elems {
		elems[i] = value.Lazy{Name: ElemName(name, i), Type: elem, Depth: depth + 1, Root: in.root}
	}
	id := s.Mem.Alloc(&value.Object{Type: types.NewArray(elem, int64(max)), Value: value.ArrayOf(elems), Input: name, Root: in.root, RootType: types.NewSlice(elem)})
	return value.Slice{NonNil: nonNil, Obj: id, Len: n, Cap: n}
}

// IsReplay reports whether in gives the values of a model, for a replay.
func (in *Source) IsReplay() bool { return in.model != nil }

// Bounds are the bounds in builds inputs within.
func (in *Source) Bounds() machine.Bounds { return in.bounds }

// Of is the inputs of the path s, nil for a path without any.
func Of(s *machine.State) *Source {
	in, _ := s.Inputs.(*Source)
	return in
}

// argLiteral is the concrete value of the input called name under a model,
// following the naming of inputs.build.
func (e *Builder) argLiteral(name string, t types.Type, m expr.Assignment, depth int, home *ssa.Function) concrete.Value {
	b := e.Cfg.Bounds
	val := func(n string, sort expr.Sort) uint64 { return expr.Eval(expr.Var(n, sort), m) }
	if w, signed, ok := value.IntInfo(t); ok {
		bits := val(name, expr.BV(w))
		if signed {
			return concrete.Value{Type: t, Kind: concrete.Int, Int: expr.Const(w, bits).SignedValue()}
		}
		return concrete.Value{Type: t, Kind: concrete.Uint, Uint: bits}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return concrete.Value{Type: t, Kind: concrete.Bool, Bool: val(name, expr.BoolSort()) == 1}
		case u.Info()&types.IsString != 0:
			n := int(val(LenName(name), expr.BV(64)))
			buf := make([]byte, n)
			for i := range buf {
				buf[i] = byte(val(ElemName(name, i), expr.BV(8)))
			}
			return concrete.Value{Type: t, Kind: concrete.String, Str: string(buf)}
		case u.Info()&types.IsFloat != 0:
			w := value.FloatWidth(t)
			return concrete.Value{Type: t, Kind: concrete.Float, Float: floatOfBits(val(name, expr.BV(w)), w)}
		}
	case *types.Pointer:
		if depth >= b.MaxDepth || e.madeByAPI(t, home) || val(nilnessName(name), expr.BoolSort()) == 0 {
			return concrete.Value{Type: t, Kind: concrete.Nil}
		}
		elem := e.argLiteral(pointeeName(name, u.Elem()), u.Elem(), m, depth+1, home)
		return concrete.Value{Type: t, Kind: concrete.Pointer, Elem: &elem}
	case *types.Struct:
		if e.madeByAPI(t, home) {
			return zeroLiteral(t)
		}
		foreign := foreignStruct(t, home)
		shape, shaped := e.chosenShape(name, t, m, home)
		v := concrete.Value{Type: t, Kind: concrete.Struct}
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if foreign && !f.Exported() || unsetField(u, i, shape, shaped) {
				v.Elems = append(v.Elems, zeroLiteral(f.Type()))
				continue
			}
			v.Elems = append(v.Elems, e.argLiteral(fieldName(name, f.Name()), f.Type(), m, depth+1, home))
		}
		return v
	case *types.Array:
		v := concrete.Value{Type: t, Kind: concrete.Array}
		for i := 0; i < int(u.Len()); i++ {
			v.Elems = append(v.Elems, e.argLiteral(ElemName(name, i), u.Elem(), m, depth+1, home))
		}
		return v
	case *types.Slice:
		if val(nilnessName(name), expr.BoolSort()) == 0 {
			return concrete.Value{Type: t, Kind: concrete.Nil}
		}
		v := concrete.Value{Type: t, Kind: concrete.Slice, Elems: []concrete.Value{}}
		n := int(val(LenName(name), expr.BV(64)))
		for i := 0; i < n; i++ {
			v.Elems = append(v.Elems, e.argLiteral(ElemName(name, i), u.Elem(), m, depth+1, home))
		}
		return v
	case *types.Map:
		return e.mapLiteral(name, u, t, m, depth, home)
	case *types.Interface:
		return e.interfaceLiteral(name, t, m, depth, home, nil)
	case *types.Signature:
		return e.funcInputLiteral(name, t, u, val, func(name string, t types.Type) concrete.Value {
			return e.argLiteral(name, t, m, depth+1, home)
		})
	case *types.Chan:
		return chanInputLiteral(name, t, val)
	}
	return concrete.Value{Type: t, Kind: concrete.Opaque, Why: "input of type " + t.String()}
}
