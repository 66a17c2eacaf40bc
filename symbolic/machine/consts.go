package machine

import (
	"go/constant"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// constValue is the value of an SSA constant.
func constValue(c *ssa.Const) value.Value {
	t := c.Type()
	if c.Value == nil {
		return value.Zero(t)
	}
	if w, signed, ok := value.IntInfo(t); ok {
		if signed {
			v, _ := constant.Int64Val(c.Value)
			return value.ScalarOf(expr.Const(w, uint64(v)))
		}
		v, _ := constant.Uint64Val(c.Value)
		return value.ScalarOf(expr.Const(w, v))
	}
	switch c.Value.Kind() {
	case constant.Bool:
		return value.ScalarOf(expr.BoolConst(constant.BoolVal(c.Value)))
	case constant.String:
		return value.StringConst(constant.StringVal(c.Value))
	case constant.Float, constant.Int:
		if value.IsFloat(t) {
			f, _ := constant.Float64Val(constant.ToFloat(c.Value))
			return value.FloatValue(t, f)
		}
	case constant.Complex:
		re, _ := constant.Float64Val(constant.Real(c.Value))
		im, _ := constant.Float64Val(constant.Imag(c.Value))
		return value.Opaque{Type: t, Reason: "complex", Go: complex(re, im)}
	}
	return value.Opaque{Type: t, Reason: "constant of type " + types.TypeString(t, nil)}
}
