package machine

import (
	"go/token"
	"math"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Floating-point values are not symbolic: they are carried as concrete Go
// values (Opaque.Go holds a float64, rounded to float32 for float32 types).
// An integer operand converted to float is first pinned to a model value,
// and the pinning is recorded on the path.

// Float is the value of the float v on s. A float input not chosen yet
// is chosen now: the input provider makes the choice.
func (e *Machine) Float(s *State, v value.Value) (float64, bool) {
	f, ok := value.FloatOf(v)
	o, _ := v.(value.Opaque)
	if !ok || o.Input == "" {
		return f, ok
	}
	return e.Inputs.FloatInput(s, o), true
}

func (e *Machine) floatBinOp(s *State, in *ssa.BinOp, op token.Token) {
	x, okx := e.Float(s, e.eval(s, in.X))
	y, oky := e.Float(s, e.eval(s, in.Y))
	if !okx || !oky {
		e.Unsupported(s, "complex arithmetic")
		return
	}
	t := in.X.Type()
	switch op {
	case token.ADD:
		e.set(s, in, value.FloatValue(t, x+y))
	case token.SUB:
		e.set(s, in, value.FloatValue(t, x-y))
	case token.MUL:
		e.set(s, in, value.FloatValue(t, x*y))
	case token.QUO:
		e.set(s, in, value.FloatValue(t, x/y))
	case token.EQL:
		e.set(s, in, value.Scalar{E: expr.BoolConst(x == y)})
	case token.NEQ:
		e.set(s, in, value.Scalar{E: expr.BoolConst(x != y)})
	case token.LSS:
		e.set(s, in, value.Scalar{E: expr.BoolConst(x < y)})
	case token.LEQ:
		e.set(s, in, value.Scalar{E: expr.BoolConst(x <= y)})
	case token.GTR:
		e.set(s, in, value.Scalar{E: expr.BoolConst(x > y)})
	case token.GEQ:
		e.set(s, in, value.Scalar{E: expr.BoolConst(x >= y)})
	default:
		panic(InternalError("float operator %s", op))
	}
}

func (e *Machine) floatNeg(s *State, in *ssa.UnOp) {
	x, ok := e.Float(s, e.eval(s, in.X))
	if !ok {
		e.Unsupported(s, "complex arithmetic")
		return
	}
	e.set(s, in, value.FloatValue(in.Type(), -x))
}

func (e *Machine) floatConvert(s *State, in *ssa.Convert, x value.Value) {
	from, to := in.X.Type(), in.Type()
	switch {
	case value.IsFloat(from) && value.IsFloat(to):
		f, ok := e.Float(s, x)
		if !ok {
			e.Unsupported(s, "complex conversion")
			return
		}
		e.set(s, in, value.FloatValue(to, f))
	case value.IsFloat(to):
		_, signed, ok := value.IntInfo(from)
		if !ok {
			e.Unsupported(s, "conversion to float from "+from.String())
			return
		}
		c, ok := e.Concretize(s, x.(value.Scalar).E, "integer converted to float")
		if !ok {
			return
		}
		f := float64(c.Value())
		if signed {
			f = float64(c.SignedValue())
		}
		e.set(s, in, value.FloatValue(to, f))
	default:
		f, ok := e.Float(s, x)
		w, signed, isInt := value.IntInfo(to)
		if !ok || !isInt {
			e.Unsupported(s, "conversion from "+from.String()+" to "+to.String())
			return
		}
		// Go leaves out-of-range float-to-integer conversions
		// implementation-defined; amd64 gives the values below.
		var bits uint64
		switch {
		case math.IsNaN(f) || math.IsInf(f, 0):
			bits = 1 << 63
		case signed:
			bits = uint64(int64(f))
		default:
			bits = uint64(f)
		}
		e.set(s, in, value.Scalar{E: expr.Const(w, bits)})
	}
}
