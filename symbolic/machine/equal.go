package machine

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Equal is Go's a == b for two values of type t. Comparing interfaces whose
// dynamic type is not comparable panics in Go; then equal raises that panic
// on s and reports ok=false.
func (e *Machine) Equal(s *State, a, b value.Value, t types.Type) (eq expr.Expr, ok bool) {
	switch x := a.(type) {
	case value.Scalar:
		return expr.Eq(x.E, b.(value.Scalar).E), true
	case value.String:
		return value.StringsEqual(x, b.(value.String)), true
	case value.Pointer:
		y := b.(value.Pointer)
		e.noteNoAlias(s, x, y)
		return value.PointersEqual(x, y), true
	case value.Slice: // only against nil
		y := b.(value.Slice)
		return expr.Eq(x.NonNil, y.NonNil), true
	case value.Func: // only against nil
		return expr.Eq(x.NonNil(), b.(value.Func).NonNil()), true
	case value.Struct:
		st := t.Underlying().(*types.Struct)
		eq = expr.True
		for i, f := range x.Fields {
			fe, ok := e.Equal(s, f, b.(value.Struct).Fields[i], st.Field(i).Type())
			if !ok {
				return expr.Expr{}, false
			}
			eq = expr.And(eq, fe)
		}
		return eq, true
	case value.Array:
		elem := t.Underlying().(*types.Array).Elem()
		eq = expr.True
		y := b.(value.Array)
		for i := range x.Len() {
			ee, ok := e.Equal(s, x.At(i), y.At(i), elem)
			if !ok {
				return expr.Expr{}, false
			}
			eq = expr.And(eq, ee)
		}
		return eq, true
	case value.Interface:
		y := b.(value.Interface)
		switch {
		case x.Type == nil || y.Type == nil:
			return expr.BoolConst(x.Type == nil && y.Type == nil), true
		case !types.Identical(x.Type, y.Type):
			return expr.False, true
		case !types.Comparable(x.Type):
			e.RuntimePanic(s, PanicOther, "comparing uncomparable type "+x.Type.String())
			return expr.Expr{}, false
		}
		return e.Equal(s, x.Value, y.Value, x.Type)
	case value.UnsafePointer:
		return value.UnsafePointersEqual(x, b.(value.UnsafePointer)), true
	case value.Opaque:
		y, ok := b.(value.Opaque)
		if ok && (x.Input != "" || y.Input != "") {
			xf, _ := e.Float(s, x)
			yf, _ := e.Float(s, y)
			return expr.BoolConst(xf == yf), true
		}
		if ok && x.Go != nil && y.Go != nil {
			return expr.BoolConst(x.Go == y.Go), true
		}
		e.Unsupported(s, "comparison of "+x.Reason)
		return expr.Expr{}, false
	}
	panic(InternalError("equality of %T", a))
}

// noteNoAlias records, when two pointers into distinct objects that a
// caller could have made one are compared, that the path takes them to
// differ only because inputs never alias: two input objects, or an input
// object and a package variable. A caller may pass e and l with e.list ==
// l; the path that needs it is not explored, so the comparison's path
// backs no claim of dead code.
func (e *Machine) noteNoAlias(s *State, a, b value.Pointer) {
	if a.Obj == b.Obj || a.Obj == 0 || b.Obj == 0 || a.NonNil.IsFalse() || b.NonNil.IsFalse() {
		return
	}
	oa, ob := s.Mem.Peek(a.Obj), s.Mem.Peek(b.Obj)
	if oa == nil || ob == nil || oa.Input == "" && ob.Input == "" {
		return
	}
	_, aGlobal := oa.Site.(*ssa.Global)
	_, bGlobal := ob.Site.(*ssa.Global)
	if (oa.Input != "" || aGlobal) && (ob.Input != "" || bGlobal) {
		s.Limit("inputs never alias: " + aliasName(oa) + " and " + aliasName(ob) + " are taken to be different objects")
	}
}

// aliasName names an object for noteNoAlias: the input pointer it came
// from, or the package variable.
func aliasName(o *value.Object) string {
	if o.Input != "" {
		return o.Input
	}
	return o.Site.Name()
}
