package pointer

import (
	"fmt"
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// Inputs. The symbolic executor gives each pointer reachable from an
// entry's parameters a fresh object, and inputs never alias each other
// or anything the program allocates. Each parameter p therefore gets its
// own input objects, one per type reachable from p: the object that p
// (or any pointer inside p's input objects) of type *T points to is
// "input:p:T", whatever the depth; slices of E point to the array
// "input:p:[]E", maps and channels to one object per type, and a
// non-empty interface to one box per concrete type (named types of the
// program and pointers to them, as the executor chooses) that
// implements it; an input of type any to a box per type of
// anyCandidates. Keying by type keeps recursive types finite; all the
// executor objects of one type reached from p share one abstract object,
// which is sound because the analysis never distinguishes objects by
// their contents.
//
// Inputs of function type call no code: the executor makes them nil or
// constant functions, which return plain data or zero values and write
// nothing (symbolic/funcinputs.go). So they add no callees and no
// points-to facts, and are noted in the warnings.
type inputObjects struct {
	param *ssa.Parameter
	byKey map[string]*Object
}

func (a *analysis) inputObjectsOf(p *ssa.Parameter) *inputObjects {
	in := a.inputs[p]
	if in == nil {
		in = &inputObjects{param: p, byKey: make(map[string]*Object)}
		a.inputs[p] = in
	}
	return in
}

// makeInput makes the entry parameter p an input.
func (a *analysis) makeInput(p *ssa.Parameter) {
	n := a.valueNode(p)
	if n == 0 {
		return
	}
	a.initInput(a.inputObjectsOf(p), n, a.lay.of(p.Type()))
}

// initInput points the pointer-like cells of a block (with layout l,
// starting at n) to input objects.
func (a *analysis) initInput(in *inputObjects, n nodeid, l layout) {
	for i, c := range l {
		if c.header || !isPointerLike(c.typ) {
			continue
		}
		if o := a.inputObject(in, c.typ); o != nil {
			a.addLabel(n+nodeid(i), o.id)
		}
		if ifc, ok := c.typ.Underlying().(*types.Interface); ok {
			dynamic := a.implementations(c.typ)
			if ifc.Empty() {
				dynamic = anyCandidates(in.param)
			}
			for _, t := range dynamic {
				a.addLabel(n+nodeid(i), a.inputBox(in, t).id)
			}
		}
	}
}

// inputObject returns the input object a pointer-like input of type t
// refers to, or nil for interfaces (see inputBox) and untracked kinds.
func (a *analysis) inputObject(in *inputObjects, t types.Type) *Object {
	var kind ObjectKind
	var objType types.Type
	var l layout
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		kind, objType, l = KindInput, u.Elem(), a.lay.of(u.Elem())
	case *types.Slice:
		kind, objType, l = KindInput, u.Elem(), a.arrayLayout(u.Elem())
	case *types.Map:
		kind, objType, l = KindInput, u, a.mapLayout(u)
	case *types.Chan:
		kind, objType, l = KindInput, u, a.chanLayout(u)
	case *types.Signature:
		a.warn(in.param.Pos(), WarnInputFunc, in.param.Parent().String()+"."+in.param.Name(),
			fmt.Sprintf("%s: input %s of function type is assumed to call no code", in.param.Parent(), in.param.Name()))
		return nil
	case *types.Interface:
		return nil
	default:
		return nil
	}
	var key, name string
	qual := types.RelativeTo(declaringPackage(in.param.Parent()))
	if _, ok := t.Underlying().(*types.Slice); ok {
		name = types.TypeString(types.NewSlice(objType), qual)
	} else {
		name = types.TypeString(objType, qual)
	}
	key = "obj:" + types.TypeString(t.Underlying(), nil)
	if o := in.byKey[key]; o != nil {
		return o
	}
	o := a.newObject(kind, in.param, objType, l)
	o.Input = in.param.Name() + ":" + name
	in.byKey[key] = o
	a.initInput(in, o.id, l)
	return o
}

// inputBox returns the box of dynamic type t for interface inputs of p.
func (a *analysis) inputBox(in *inputObjects, t types.Type) *Object {
	key := "box:" + types.TypeString(t, nil)
	if o := in.byKey[key]; o != nil {
		return o
	}
	l := a.boxLayout(t)
	o := a.newObject(KindBox, in.param, t, l)
	o.Input = in.param.Name() + ":(" + types.TypeString(t, types.RelativeTo(declaringPackage(in.param.Parent()))) + ")"
	in.byKey[key] = o
	a.initInput(in, o.id+1, l[1:])
	return o
}

// implementations lists the concrete types that may stand for an input
// of interface type t: the types loader.InputTypes lists for it, and
// pointers to them, that implement it (the executor picks among these).
func (a *analysis) implementations(t types.Type) []types.Type {
	if ts, ok := a.implCache.At(t).([]types.Type); ok {
		return ts
	}
	iface := t.Underlying().(*types.Interface)
	var ts []types.Type
	for _, named := range loader.InputTypes(a.prog, t) {
		for _, c := range []types.Type{named, types.NewPointer(named)} {
			if types.Implements(c, iface) {
				ts = append(ts, c)
			}
		}
	}
	a.implCache.Set(t, ts)
	return ts
}

// anyCandidates are the dynamic types an input of type any may have: the
// executor tries the types that the package under test asserts to, then
// int and string (at most four of them; all are listed here).
func anyCandidates(p *ssa.Parameter) []types.Type {
	return append(loader.AssertedTypes(p.Parent()), types.Typ[types.Int], types.Typ[types.String])
}

// inputCandidates lists named, non-generic, non-interface package-level
// types of the program and pointers to them.
func (a *analysis) inputCandidates() []types.Type {
	var out []types.Type
	for _, named := range loader.ConcreteTypes(a.prog) {
		out = append(out, named, types.NewPointer(named))
	}
	return out
}

// declaringPackage is the package fn is declared in; an instance of a
// generic function has no Pkg of its own, its origin has.
func declaringPackage(fn *ssa.Function) *types.Package {
	if fn.Pkg == nil && fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn.Pkg == nil {
		return nil
	}
	return fn.Pkg.Pkg
}
