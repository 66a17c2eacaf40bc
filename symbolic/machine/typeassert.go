package machine

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// typeAssert implements x.(T) in both forms. The dynamic type of an
// interface value is always known on a path (inputs choose it when they are
// created), so the assertion decides without the solver.
func (e *Machine) typeAssert(s *State, in *ssa.TypeAssert) {
	x := e.eval(s, in.X).(value.Interface)
	target := in.AssertedType
	_, toInterface := target.Underlying().(*types.Interface)
	var ok bool
	switch {
	case x.Type == nil:
		ok = false
	case toInterface:
		ok = types.Implements(x.Type, target.Underlying().(*types.Interface))
	default:
		ok = types.Identical(x.Type, target)
	}
	var v value.Value
	switch {
	case ok && toInterface:
		v = x
	case ok:
		v = x.Value
	default:
		v = value.Zero(target)
	}
	if in.CommaOk {
		e.set(s, in, value.Tuple{Elems: []value.Value{v, value.Scalar{E: expr.BoolConst(ok)}}})
		return
	}
	if !ok {
		e.RuntimePanic(s, PanicTypeAssert, typeAssertMessage(in.X.Type(), x.Type, target))
		return
	}
	e.set(s, in, v)
}

// typeAssertMessage is Go's message for a failed x.(T).
func typeAssertMessage(static, dynamic, target types.Type) string {
	prefix := "interface conversion: "
	switch {
	case dynamic == nil && types.IsInterface(target):
		return prefix + "interface is nil, not " + runtimeTypeName(target)
	case dynamic == nil:
		// To a concrete type Go names the static interface type.
		return prefix + runtimeTypeName(static) + " is nil, not " + runtimeTypeName(target)
	case types.IsInterface(target):
		missing, _ := types.MissingMethod(dynamic, target.Underlying().(*types.Interface), true)
		name := ""
		if missing != nil {
			name = missing.Name()
		}
		return prefix + runtimeTypeName(dynamic) + " is not " + runtimeTypeName(target) + ": missing method " + name
	}
	return prefix + runtimeTypeName(static) + " is " + runtimeTypeName(dynamic) + ", not " + runtimeTypeName(target)
}

// runtimeTypeName prints a type as the Go runtime does: packages by name,
// and the empty interface as "interface {}".
func runtimeTypeName(t types.Type) string {
	if str, ok := value.ReflectTypeString(t); ok {
		return str
	}
	if it, ok := t.(*types.Interface); ok && it.Empty() {
		return "interface {}"
	}
	if alias, ok := t.(*types.Alias); ok && alias.Obj().Name() == "any" && alias.Obj().Pkg() == nil {
		return "interface {}"
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}
