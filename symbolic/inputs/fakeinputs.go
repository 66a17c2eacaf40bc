package inputs

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"strings"
	"unicode"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Fakes. An input of an interface type that no type of the program
// implements (container/heap's heap.Interface, which only its callers
// implement) could only be nil, and every call through it would panic.
// It gets a fake instead: a type the test file declares (concrete.Fake),
// whose methods return values scripted per call. Call k (from 1) of
// method M on the input h returns fresh inputs named "h.M#k" (result i
// of several: "h.M#k.i"), which the solver picks like any other input;
// a result that is not plain data (funcinputs.go) is always zero, and a
// method with none that is has no script. The arguments are ignored and
// the calls have no effect.
//
// A path that calls a scripted method more than maxFakeCalls times ends
// as unsupported: the script is that long at most. A replay reads the
// same names from its model, and the test's literal holds, per method,
// the model's values for calls 1 to maxFakeCalls with the trailing
// zeros left out: past its script a fake returns zeros, as a model does
// for a variable it does not mention.
//
// The fake's object holds which input it is (an index into
// Builder.fakeInputs) and a call counter per scripted method, so a fork
// counts its calls on its own.

// maxFakeCalls bounds the calls of each scripted method of a fake on a
// path.
const maxFakeCalls = 8

// fakeType is the fake for one interface: what the file declares, and
// the executor's view of it.
type fakeType struct {
	fake *concrete.Fake
	ptr  *types.Pointer
	// scripted are the indices in fake.Methods of the scripted methods;
	// the object's field 1+j counts the calls of scripted[j].
	scripted []int
	obj      types.Type
}

// fakeInput is one input that holds a fake: its name and nesting depth.
type fakeInput struct {
	name  string
	depth int
}

// fakeFor is the fake for the interface t, or nil when the test file
// cannot declare one: an empty interface, or one with an unexported
// method of a package other than home's (the test is in home).
func (e *Builder) fakeFor(t types.Type, home *types.Package) *fakeType {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 || !iface.IsMethodSet() {
		return nil
	}
	key := types.TypeString(t, nil)
	if f, ok := e.fakes[key]; ok {
		return f
	}
	f := newFake(t, iface, home)
	if e.fakes == nil {
		e.fakes = make(map[string]*fakeType)
	}
	e.fakes[key] = f
	if f != nil {
		if e.fakeTypes == nil {
			e.fakeTypes = make(map[types.Type]*fakeType)
		}
		e.fakeTypes[f.ptr] = f
	}
	return f
}

// newFake declares the fake for t, whose underlying interface is iface,
// in concrete.HelperPackage: a struct of a script (a slice) per plain
// result and a counter per scripted method, and the interface's methods
// on its pointer.
func newFake(t types.Type, iface *types.Interface, home *types.Package) *fakeType {
	pkg := concrete.HelperPackage
	name := "fake"
	if named, ok := types.Unalias(t).(*types.Named); ok {
		name += upperFirst(named.Obj().Name())
	} else {
		name += "Value"
	}
	f := &fakeType{fake: &concrete.Fake{Iface: t, Name: name}}
	var fields, params []*types.Var
	// A field may not share a method's name (an unexported next).
	taken := map[string]bool{}
	for i := 0; i < iface.NumMethods(); i++ {
		taken[iface.Method(i).Name()] = true
	}
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		if !m.Exported() && m.Pkg() != home {
			return nil
		}
		sig := m.Type().(*types.Signature)
		fm := concrete.FakeMethod{Method: m, Scripts: make([]string, sig.Results().Len())}
		stem := fieldBase(m.Name())
		base := stem
		if taken[base] {
			base += "Results"
		}
		var plain []int
		for r := 0; r < sig.Results().Len(); r++ {
			if plainData(sig.Results().At(r).Type()) {
				plain = append(plain, r)
			}
		}
		for k, r := range plain {
			field := base
			if len(plain) > 1 {
				field = fmt.Sprintf("%s%d", base, k+1)
			}
			field = claimField(taken, field)
			fm.Scripts[r] = field
			st := types.NewSlice(sig.Results().At(r).Type())
			fields = append(fields, types.NewField(token.NoPos, pkg, field, st, false))
			params = append(params, types.NewParam(token.NoPos, pkg, field, st))
		}
		if len(plain) > 0 {
			fm.Counter = claimField(taken, stem+"Calls")
			fields = append(fields, types.NewField(token.NoPos, pkg, fm.Counter, types.Typ[types.Int], false))
			f.scripted = append(f.scripted, i)
		}
		f.fake.Methods = append(f.fake.Methods, fm)
	}
	// The type's methods are of its package, and an unexported method
	// implements the interface's only in the interface's package: there
	// the type is declared (the test is in it), else in HelperPackage.
	typePkg := pkg
	for _, fm := range f.fake.Methods {
		if !fm.Method.Exported() {
			typePkg = home
		}
	}
	tn := types.NewTypeName(token.NoPos, typePkg, name, nil)
	named := types.NewNamed(tn, types.NewStruct(fields, nil), nil)
	f.ptr = types.NewPointer(named)
	for _, fm := range f.fake.Methods {
		sig := fm.Method.Type().(*types.Signature)
		recv := types.NewParam(token.NoPos, typePkg, "f", f.ptr)
		named.AddMethod(types.NewFunc(token.NoPos, typePkg, fm.Method.Name(),
			types.NewSignatureType(recv, nil, nil, sig.Params(), sig.Results(), sig.Variadic())))
	}
	if !types.Implements(f.ptr, iface) {
		return nil
	}
	makeSig := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...),
		types.NewTuple(types.NewParam(token.NoPos, pkg, "", f.ptr)), false)
	f.fake.Make = types.NewFunc(token.NoPos, pkg, name, makeSig)
	counts := make([]*types.Var, 1+len(f.scripted))
	for i := range counts {
		counts[i] = types.NewField(token.NoPos, pkg, fmt.Sprintf("c%d", i), types.Typ[types.Int64], false)
	}
	f.obj = types.NewStruct(counts, nil)
	return f
}

// fieldBase is the field name a method's script takes: its name with the
// leading capitals lowered (Len → len, URLFor → urlFor), and "Result"
// added to a keyword (Type → typeResult).
func fieldBase(method string) string {
	r := []rune(method)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) {
		n-- // the last capital starts the next word: URLFor → urlFor
	}
	name := strings.ToLower(string(r[:n])) + string(r[n:])
	if token.IsKeyword(name) {
		name += "Result"
	}
	return name
}

// claimField returns name, or name with "_" added until it is free in
// taken, and takes it: two methods (Len and lenResults) may make one
// name.
func claimField(taken map[string]bool, name string) string {
	for taken[name] {
		name += "_"
	}
	taken[name] = true
	return name
}

func upperFirst(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// isFake reports whether t is the pointer type of a fake.
func (e *Builder) isFake(t types.Type) bool {
	_, ok := e.fakeTypes[t]
	return ok
}

// buildFake makes the fake input called name: a pointer to its object,
// with no call counted yet.
func (e *Builder) buildFake(s *machine.State, name string, f *fakeType, depth int) value.Value {
	key := fakeInput{name: name, depth: depth}
	idx, ok := e.fakeIndex[key]
	if !ok {
		if e.fakeIndex == nil {
			e.fakeIndex = make(map[fakeInput]int)
		}
		idx = len(e.fakeInputs)
		e.fakeIndex[key] = idx
		e.fakeInputs = append(e.fakeInputs, key)
	}
	counts := make([]value.Value, 1+len(f.scripted))
	counts[0] = value.Scalar{E: expr.Const(64, uint64(idx))}
	for i := 1; i < len(counts); i++ {
		counts[i] = value.Scalar{E: expr.Const(64, 0)}
	}
	id := s.Mem.Alloc(&value.Object{Type: f.obj, Value: value.Struct{Fields: counts}})
	return value.Pointer{NonNil: expr.True, Obj: id}
}

// fakeResultName names result i of n of call k (from 1) of method on
// the fake input called name.
func fakeResultName(name, method string, k, i, n int) string {
	if n == 1 {
		return fmt.Sprintf("%s.%s#%d", name, method, k)
	}
	return fmt.Sprintf("%s.%s#%d.%d", name, method, k, i+1)
}

// fakeMethod runs a call of a method of the fake recv: the next values
// of its script, or zeros for a method without one.
func (e *Builder) fakeMethod(s *machine.State, instr ssa.CallInstruction, recv value.Interface) {
	f := e.fakeTypes[recv.Type]
	p, ok := recv.Value.(value.Pointer)
	if f == nil || !ok {
		panic(machine.InternalError("a fake of value %T", recv.Value))
	}
	method := instr.Common().Method
	mi := -1
	for i, fm := range f.fake.Methods {
		if fm.Method.Name() == method.Name() {
			mi = i
		}
	}
	if mi < 0 {
		panic(machine.InternalError("no method %s on the fake %s", method.Name(), f.fake.Name))
	}
	fm := f.fake.Methods[mi]
	sig := fm.Method.Type().(*types.Signature)
	results := make([]value.Value, sig.Results().Len())
	for i := range results {
		results[i] = value.Zero(sig.Results().At(i).Type())
	}
	if !fm.Scripted() {
		e.SetResults(s, instr, results)
		return
	}
	obj := s.Mem.Get(p.Obj)
	counts := append([]value.Value(nil), obj.Value.(value.Struct).Fields...)
	fi := e.fakeInputs[counts[0].(value.Scalar).E.Value()]
	j := 1
	for f.scripted[j-1] != mi {
		j++
	}
	k := int(counts[j].(value.Scalar).E.Value()) + 1
	if k > maxFakeCalls {
		e.Unsupported(s, fmt.Sprintf("%s.%s called more than %d times: a fake's script is that long at most", fi.name, fm.Method.Name(), maxFakeCalls))
		return
	}
	counts[j] = value.Scalar{E: expr.Const(64, uint64(k))}
	s.Mem.Set(p.Obj, value.Struct{Fields: counts})
	src := Of(s)
	for i, field := range fm.Scripts {
		if field != "" {
			results[i] = src.build(e, s, fakeResultName(fi.name, fm.Method.Name(), k, i, len(results)), sig.Results().At(i).Type(), fi.depth+1)
		}
	}
	e.SetResults(s, instr, results)
}

// fakeLiteral is the literal of the fake input called name under the
// model m, following fakeMethod's naming: per script, the values of calls
// 1 to maxFakeCalls, without the trailing calls whose values are all zero.
func (e *Builder) fakeLiteral(name string, f *fakeType, m expr.Assignment, depth int, home *ssa.Function) concrete.Value {
	v := concrete.Value{Type: f.ptr, Kind: concrete.Call, Func: f.fake.Make, Fake: f.fake, Elems: []concrete.Value{}}
	for _, fm := range f.fake.Methods {
		if !fm.Scripted() {
			continue
		}
		sig := fm.Method.Type().(*types.Signature)
		n := sig.Results().Len()
		calls := make([][]concrete.Value, maxFakeCalls)
		last := 0
		for k := range calls {
			for i, field := range fm.Scripts {
				if field == "" {
					continue
				}
				c := e.argLiteral(fakeResultName(name, fm.Method.Name(), k+1, i, n), sig.Results().At(i).Type(), m, depth+1, home)
				if !zeroConcrete(c) {
					last = k + 1
				}
				calls[k] = append(calls[k], c)
			}
		}
		col := 0
		for i, field := range fm.Scripts {
			if field == "" {
				continue
			}
			script := concrete.Value{Type: types.NewSlice(sig.Results().At(i).Type()), Kind: concrete.Slice, Elems: []concrete.Value{}}
			for k := 0; k < last; k++ {
				script.Elems = append(script.Elems, calls[k][col])
			}
			v.Elems = append(v.Elems, script)
			col++
		}
	}
	return v
}

// zeroConcrete reports whether v, a value of plain data, is its type's
// zero value.
func zeroConcrete(v concrete.Value) bool {
	switch v.Kind {
	case concrete.Int:
		return v.Int == 0
	case concrete.Uint:
		return v.Uint == 0
	case concrete.Bool:
		return !v.Bool
	case concrete.String:
		return v.Str == ""
	case concrete.Float:
		return v.Float == 0 && !math.Signbit(v.Float)
	case concrete.Struct, concrete.Array:
		for _, e := range v.Elems {
			if !zeroConcrete(e) {
				return false
			}
		}
		return true
	}
	return false
}
