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
		e.RuntimePanic(s, PanicTypeAssert, value.TypeAssertMessage(in.X.Type(), x.Type, target))
		return
	}
	e.set(s, in, v)
}
