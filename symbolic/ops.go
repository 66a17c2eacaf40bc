package symbolic

import (
	"go/token"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

func (e *Engine) binOp(s *State, in *ssa.BinOp) {
	t := in.X.Type()
	switch {
	case isString(t):
		e.stringBinOp(s, in)
		return
	case isFloat(t):
		e.floatBinOp(s, in)
		return
	}
	if _, _, ok := intInfo(t); !ok && !isBool(t) {
		// Pointers, interfaces, structs, arrays, channels: only == and !=.
		eq, ok := e.equal(s, e.eval(s, in.X), e.eval(s, in.Y), t)
		if !ok {
			return
		}
		if in.Op == token.NEQ {
			eq = expr.Not(eq)
		}
		e.set(s, in, Scalar{eq})
		return
	}
	x, y := e.scalar(s, in.X), e.scalar(s, in.Y)
	_, signed, _ := intInfo(t)
	var r expr.Expr
	switch in.Op {
	case token.ADD:
		r = expr.Add(x, y)
	case token.SUB:
		r = expr.Sub(x, y)
	case token.MUL:
		r = expr.Mul(x, y)
	case token.QUO, token.REM:
		zero := expr.Const(y.Width(), 0)
		if !e.require(s, expr.Ne(y, zero), pinOf(in.Y, true)+" != 0", func(bad *State) {
			e.runtimePanic(bad, PanicDivide, "integer divide by zero")
		}) {
			return
		}
		if in.Op == token.QUO {
			r = expr.Div(x, y, signed)
		} else {
			r = expr.Rem(x, y, signed)
		}
	case token.AND:
		r = expr.BitAnd(x, y)
	case token.OR:
		r = expr.BitOr(x, y)
	case token.XOR:
		r = expr.BitXor(x, y)
	case token.AND_NOT:
		r = expr.AndNot(x, y)
	case token.SHL, token.SHR:
		if _, amountSigned, _ := intInfo(in.Y.Type()); amountSigned {
			nonNeg := expr.Sle(expr.Const(y.Width(), 0), y)
			if !e.require(s, nonNeg, pinOf(in.Y, true)+" >= 0", func(bad *State) {
				e.runtimePanic(bad, PanicShift, "negative shift amount")
			}) {
				return
			}
		}
		if in.Op == token.SHL {
			r = expr.Shl(x, y)
		} else {
			r = expr.Shr(x, y, signed)
		}
	case token.EQL:
		r = expr.Eq(x, y)
	case token.NEQ:
		r = expr.Ne(x, y)
	case token.LSS:
		r = expr.Lt(x, y, signed)
	case token.LEQ:
		r = expr.Le(x, y, signed)
	case token.GTR:
		r = expr.Gt(x, y, signed)
	case token.GEQ:
		r = expr.Ge(x, y, signed)
	default:
		panic(internalError("binary operator %s on %v", in.Op, t))
	}
	e.set(s, in, Scalar{r})
}

func (e *Engine) stringBinOp(s *State, in *ssa.BinOp) {
	x, y := e.eval(s, in.X).(String), e.eval(s, in.Y).(String)
	var r expr.Expr
	switch in.Op {
	case token.ADD:
		e.set(s, in, concat(x, y))
		return
	case token.EQL:
		r = stringsEqual(x, y)
	case token.NEQ:
		r = expr.Not(stringsEqual(x, y))
	case token.LSS:
		r = stringsLess(x, y)
	case token.GTR:
		r = stringsLess(y, x)
	case token.LEQ:
		r = expr.Not(stringsLess(y, x))
	case token.GEQ:
		r = expr.Not(stringsLess(x, y))
	default:
		panic(internalError("string operator %s", in.Op))
	}
	e.set(s, in, Scalar{r})
}

func (e *Engine) unOp(s *State, in *ssa.UnOp) {
	switch in.Op {
	case token.MUL:
		e.loadInstr(s, in)
	case token.NOT:
		e.set(s, in, Scalar{expr.Not(e.scalar(s, in.X))})
	case token.XOR:
		e.set(s, in, Scalar{expr.BitNot(e.scalar(s, in.X))})
	case token.SUB:
		if isFloat(in.X.Type()) {
			e.floatNeg(s, in)
			return
		}
		e.set(s, in, Scalar{expr.Neg(e.scalar(s, in.X))})
	case token.ARROW:
		e.unsupported(s, "channel")
	default:
		panic(internalError("unary operator %s", in.Op))
	}
}

// convert implements conversions between basic types, strings and byte
// slices. Conversions the executor cannot express symbolically pin the
// operand to a model value (recorded) or stop the path.
func (e *Engine) convert(s *State, in *ssa.Convert) {
	from, to := in.X.Type(), in.Type()
	x := e.eval(s, in.X)
	if e.convertRunes(s, in, x) {
		return
	}
	_, fSigned, fInt := intInfo(from)
	tw, _, tInt := intInfo(to)
	switch {
	case fInt && tInt:
		e.set(s, in, Scalar{expr.Resize(x.(Scalar).E, tw, fSigned)})
	case isString(from) && isByteSlice(to):
		e.set(s, in, e.bytesOfString(s, x.(String), in))
	case isByteSlice(from) && isString(to):
		str, ok := e.stringOfBytes(s, x.(Slice))
		if ok {
			e.set(s, in, str)
		}
	case isFloat(from) || isFloat(to):
		e.floatConvert(s, in, x)
	case isString(from) && isString(to):
		e.set(s, in, x)
	default:
		if e.convertUnsafe(s, in, x) {
			return
		}
		e.unsupported(s, "conversion from "+from.String()+" to "+to.String())
	}
}

func isByteSlice(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := sl.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}
