package value

import (
	"go/constant"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// This file makes the value of an SSA constant.

// Const is the value of an SSA constant.
func Const(c *ssa.Const) Value {
	t := c.Type()
	if c.Value == nil {
		return Zero(t)
	}
	if w, signed, ok := IntInfo(t); ok {
		if signed {
			v, _ := constant.Int64Val(c.Value)
			return ScalarOf(expr.Const(w, uint64(v)))
		}
		v, _ := constant.Uint64Val(c.Value)
		return ScalarOf(expr.Const(w, v))
	}
	switch c.Value.Kind() {
	case constant.Bool:
		return ScalarOf(expr.BoolConst(constant.BoolVal(c.Value)))
	case constant.String:
		return StringConst(constant.StringVal(c.Value))
	case constant.Float, constant.Int:
		if IsFloat(t) {
			f, _ := constant.Float64Val(constant.ToFloat(c.Value))
			return FloatValue(t, f)
		}
	case constant.Complex:
		re, _ := constant.Float64Val(constant.Real(c.Value))
		im, _ := constant.Float64Val(constant.Imag(c.Value))
		return Opaque{Type: t, Reason: "complex", Go: complex(re, im)}
	}
	return Opaque{Type: t, Reason: "constant of type " + types.TypeString(t, nil)}
}
