package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// equal is Go's a == b for two values of type t. Comparing interfaces whose
// dynamic type is not comparable panics in Go; then equal raises that panic
// on s and reports ok=false.
func (e *Engine) equal(s *State, a, b Value, t types.Type) (eq expr.Expr, ok bool) {
	switch x := a.(type) {
	case Scalar:
		return expr.Eq(x.E, b.(Scalar).E), true
	case String:
		return stringsEqual(x, b.(String)), true
	case Pointer:
		y := b.(Pointer)
		e.noteNoAlias(s, x, y)
		return pointersEqual(x, y), true
	case Slice: // only against nil
		y := b.(Slice)
		return expr.Eq(x.NonNil, y.NonNil), true
	case Func: // only against nil
		return expr.Eq(funcNonNil(x), funcNonNil(b.(Func))), true
	case Struct:
		st := t.Underlying().(*types.Struct)
		eq = expr.True
		for i, f := range x.Fields {
			fe, ok := e.equal(s, f, b.(Struct).Fields[i], st.Field(i).Type())
			if !ok {
				return expr.Expr{}, false
			}
			eq = expr.And(eq, fe)
		}
		return eq, true
	case Array:
		elem := t.Underlying().(*types.Array).Elem()
		eq = expr.True
		y := b.(Array)
		for i := range x.Len() {
			ee, ok := e.equal(s, x.At(i), y.At(i), elem)
			if !ok {
				return expr.Expr{}, false
			}
			eq = expr.And(eq, ee)
		}
		return eq, true
	case Interface:
		y := b.(Interface)
		switch {
		case x.Type == nil || y.Type == nil:
			return expr.BoolConst(x.Type == nil && y.Type == nil), true
		case !types.Identical(x.Type, y.Type):
			return expr.False, true
		case !types.Comparable(x.Type):
			e.runtimePanic(s, PanicOther, "comparing uncomparable type "+x.Type.String())
			return expr.Expr{}, false
		}
		return e.equal(s, x.Value, y.Value, x.Type)
	case UnsafePointer:
		return unsafePointersEqual(x, b.(UnsafePointer)), true
	case Opaque:
		y, ok := b.(Opaque)
		if ok && (x.Input != "" || y.Input != "") {
			xf, _ := e.float(s, x)
			yf, _ := e.float(s, y)
			return expr.BoolConst(xf == yf), true
		}
		if ok && x.Go != nil && y.Go != nil {
			return expr.BoolConst(x.Go == y.Go), true
		}
		e.unsupported(s, "comparison of "+x.Reason)
		return expr.Expr{}, false
	}
	panic(internalError("equality of %T", a))
}

// noteNoAlias records, when two pointers into distinct objects that a
// caller could have made one are compared, that the path takes them to
// differ only because inputs never alias: two input objects, or an input
// object and a package variable. A caller may pass e and l with e.list ==
// l; the path that needs it is not explored, so the comparison's path
// backs no claim of dead code.
func (e *Engine) noteNoAlias(s *State, a, b Pointer) {
	if a.Obj == b.Obj || a.Obj == 0 || b.Obj == 0 || a.NonNil.IsFalse() || b.NonNil.IsFalse() {
		return
	}
	oa, ob := s.mem.objects[a.Obj], s.mem.objects[b.Obj]
	if oa == nil || ob == nil || oa.input == "" && ob.input == "" {
		return
	}
	_, aGlobal := oa.site.(*ssa.Global)
	_, bGlobal := ob.site.(*ssa.Global)
	if (oa.input != "" || aGlobal) && (ob.input != "" || bGlobal) {
		s.inputs.limit(s, "inputs never alias: "+aliasName(oa)+" and "+aliasName(ob)+" are taken to be different objects")
	}
}

// aliasName names an object for noteNoAlias: the input pointer it came
// from, or the package variable.
func aliasName(o *object) string {
	if o.input != "" {
		return o.input
	}
	return o.site.Name()
}

// pointersEqual: two nil pointers are equal; a nil and a non-nil one are
// not; two non-nil ones are equal when they address the same location.
func pointersEqual(a, b Pointer) expr.Expr {
	same := a.Obj == b.Obj && len(a.Path) == len(b.Path)
	for i := 0; same && i < len(a.Path); i++ {
		same = a.Path[i] == b.Path[i]
	}
	bothNil := expr.And(expr.Not(a.NonNil), expr.Not(b.NonNil))
	if a.Obj == 0 || b.Obj == 0 || !same {
		return bothNil
	}
	// Same location: equal unless exactly one of them is nil.
	return expr.Eq(a.NonNil, b.NonNil)
}
