package inputs

import (
	"go/token"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Failing readers and writers. A reader made as strings.NewReader(s) never
// fails, and new(bytes.Buffer) accepts every write, so the code that
// handles a read or write error would never run. A parameter of a reading
// or writing interface therefore has one more made alternative
// (apimakers.go):
//   - a reader that yields s and then fails with err:
//     io.MultiReader(strings.NewReader(s), &errReader{err});
//   - a writer whose every write fails with err: &errWriter{err}.
//
// errReader and errWriter are helper types the test file declares
// (testgen), since the standard library has no writer that fails, and its
// failing reader (testing/iotest.ErrReader) is in a package that is not in
// the program and may import the package under test. Their one method is
// modelled here exactly as the file declares it: it returns 0 and err,
// whatever it is given. io.MultiReader and strings.NewReader are the real
// functions, run in the prologue. err is errors.New("read failed") or
// errors.New("write failed") (failText).

// failKind says which failing value a maker makes.
type failKind uint8

const (
	failNone    failKind = iota
	failReading          // io.MultiReader(strings.NewReader(s), &errReader{err})
	failWriting          // &errWriter{err}
)

// The helper types, as the test file declares them, and the functions
// that stand for their literals (&errReader{err}).
var (
	errReaderType, errReaderFunc = helperType("errReader", "Read")
	errWriterType, errWriterFunc = helperType("errWriter", "Write")
)

// helperType declares type name struct{ err error } with the method
// (*name) method(p []byte) (n int, err error), and the function of
// concrete.HelperPackage that makes a *name.
func helperType(name, method string) (*types.Pointer, *types.Func) {
	pkg := concrete.HelperPackage
	errType := types.Universe.Lookup("error").Type()
	tn := types.NewTypeName(token.NoPos, pkg, name, nil)
	named := types.NewNamed(tn, types.NewStruct([]*types.Var{types.NewField(token.NoPos, pkg, "err", errType, false)}, nil), nil)
	ptr := types.NewPointer(named)
	sig := types.NewSignatureType(types.NewParam(token.NoPos, pkg, "x", ptr), nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, pkg, "p", types.NewSlice(types.Typ[types.Byte]))),
		types.NewTuple(types.NewParam(token.NoPos, pkg, "n", types.Typ[types.Int]), types.NewParam(token.NoPos, pkg, "err", errType)), false)
	named.AddMethod(types.NewFunc(token.NoPos, pkg, method, sig))
	makeSig := types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, pkg, "err", errType)),
		types.NewTuple(types.NewParam(token.NoPos, pkg, "", ptr)), false)
	return ptr, types.NewFunc(token.NoPos, pkg, name, makeSig)
}

// isFailingHelper reports whether t is *errReader or *errWriter.
func isFailingHelper(t types.Type) bool {
	return t == errReaderType || t == errWriterType
}

// failingMakers are the failing alternatives for a parameter of the
// interface iface: reader says strings.NewReader makes the plain one, so
// the interface reads; otherwise it writes. nil when a function they need
// is not in the program or a test in home may not call it, or when the
// failing value does not implement iface (an io.ByteReader).
func (e *Builder) failingMaker(iface *types.Interface, home *types.Package, reader *ssa.Function) *maker {
	errNew := e.apiFunc(home, "errors", "New")
	if errNew == nil {
		return nil
	}
	if reader == nil {
		if !types.Implements(errWriterType, iface) {
			return nil
		}
		return &maker{typ: errWriterType, fail: failWriting, errNew: errNew}
	}
	multi := e.apiFunc(home, "io", "MultiReader")
	if multi == nil || multi.Signature.Params().Len() != 1 {
		return nil
	}
	tm, ok := multi.Pkg.Members["multiReader"].(*ssa.Type)
	if !ok || !types.Implements(types.NewPointer(tm.Type()), iface) {
		return nil
	}
	return &maker{fn: multi, typ: multi.Signature.Results().At(0).Type(), fail: failReading, reader: reader, errNew: errNew}
}

// failDataName names the strings.Reader of the failing reader name.
func failDataName(name string) string { return name + ".data" }

// failText is the message of a failing value's error: fixed, so that the
// tests read plainly; the code under test can only pass an error it did
// not make on, wrap it or print it.
func (mk *maker) failText() string {
	if mk.fail == failWriting {
		return "write failed"
	}
	return "read failed"
}

// makeFailError queues the errors.New call that makes mk's error for the
// prologue; its result goes to field.
func (e *Builder) makeFailError(s *machine.State, mk *maker, field *value.Pointer) {
	in := Of(s)
	in.calls = append(in.calls, &pendingCall{fn: mk.errNew, args: []value.Value{value.StringConst(mk.failText())}, dest: paramSlot{into: field}})
}

// failErrorLiteral is the errors.New call that makes mk's error.
func (mk *maker) failErrorLiteral() concrete.Value {
	text := concrete.Value{Type: types.Typ[types.String], Kind: concrete.String, Str: mk.failText()}
	return concrete.Value{Type: mk.errNew.Signature.Results().At(0).Type(), Kind: concrete.Call,
		Func: mk.errNew.Object().(*types.Func), Elems: []concrete.Value{text}}
}

// buildFailing makes the failing value name with mk for the parameter
// dest. Its error, and the strings.Reader of a reader, are made in the
// prologue and stored where the value holds them; io.MultiReader runs
// after them and gives its result to dest.
func (e *Builder) buildFailing(s *machine.State, name string, mk *maker, depth int, dest paramSlot) value.Value {
	in := Of(s)
	holder := func(t *types.Pointer) (value.Pointer, *value.Pointer) {
		elem := t.Elem()
		id := s.Mem.Alloc(&value.Object{Type: elem, Value: value.Zero(elem)})
		return value.Pointer{NonNil: expr.True, Obj: id}, &value.Pointer{NonNil: expr.True, Obj: id, Path: value.Path{0}}
	}
	switch mk.fail {
	case failWriting:
		w, errField := holder(errWriterType)
		e.makeFailError(s, mk, errField)
		return w
	case failReading:
		call := &pendingCall{fn: mk.fn, dest: dest}
		in.calls = append(in.calls, call)
		readerType := mk.fn.Signature.Params().At(0).Type().(*types.Slice).Elem()
		r, errField := holder(errReaderType)
		arr := e.NewArray(s, readerType, 2, nil)
		s.Mem.Set(arr, value.ArrayOf([]value.Value{value.Interface{}, value.Interface{Type: errReaderType, Value: r}}))
		data := &maker{fn: mk.reader, typ: mk.reader.Signature.Results().At(0).Type()}
		first := &value.Pointer{NonNil: expr.True, Obj: arr, Path: value.Path{0}}
		e.buildMade(s, failDataName(name), data, depth+1, paramSlot{into: first, wrap: data.typ, ctorArg: true})
		e.makeFailError(s, mk, errField)
		two := expr.Const(64, 2)
		call.args = []value.Value{value.Slice{NonNil: expr.True, Obj: arr, Len: two, Cap: two}}
		return value.Zero(mk.typ)
	}
	panic(machine.InternalError("%s: no failing value of kind %d", name, mk.fail))
}

// failingLiteral is the concrete value of the failing input name made by
// mk under the model m, following buildFailing's naming.
func (e *Builder) failingLiteral(name string, mk *maker, m expr.Assignment, depth int, home *ssa.Function) concrete.Value {
	errLit := mk.failErrorLiteral()
	if mk.fail == failWriting {
		return concrete.Value{Type: errWriterType, Kind: concrete.Call, Func: errWriterFunc, Elems: []concrete.Value{errLit}}
	}
	data := e.madeLiteral(failDataName(name), &maker{fn: mk.reader, typ: mk.reader.Signature.Results().At(0).Type()}, m, depth+1, home)
	fails := concrete.Value{Type: errReaderType, Kind: concrete.Call, Func: errReaderFunc, Elems: []concrete.Value{errLit}}
	sliceType := mk.fn.Signature.Params().At(0).Type()
	readerType := sliceType.(*types.Slice).Elem()
	readers := concrete.Value{Type: sliceType, Kind: concrete.Slice, Elems: []concrete.Value{
		{Type: readerType, Kind: concrete.Interface, Elem: &data},
		{Type: readerType, Kind: concrete.Interface, Elem: &fails},
	}}
	return concrete.Value{Type: mk.typ, Kind: concrete.Call, Func: mk.fn.Object().(*types.Func), Elems: []concrete.Value{readers}}
}

// failingMethod runs a method call on an errReader or errWriter: it
// returns 0 and the value's error, as the declared method does.
func (e *Builder) failingMethod(s *machine.State, instr ssa.CallInstruction, recv value.Interface) {
	p, ok := recv.Value.(value.Pointer)
	if !ok {
		panic(machine.InternalError("a failing helper of value %T", recv.Value))
	}
	err := e.Load(s, value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: value.Path{0}})
	e.SetResults(s, instr, []value.Value{value.Zero(types.Typ[types.Int]), err})
}

// failingString is how a pin names a failing maker.
func (mk *maker) failingString() string {
	if mk.fail == failWriting {
		return `&errWriter{errors.New("write failed")}`
	}
	return `io.MultiReader(strings.NewReader(…), &errReader{errors.New("read failed")})`
}
