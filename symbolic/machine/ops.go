package machine

import (
	"go/token"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/source"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

func (e *Machine) binOp(s *State, f *Frame, code *instrCode, in *ssa.BinOp) {
	op := in.Op
	if s.Mut != nil && sees(s.Mut, in.Pos()) {
		// A replay of the mutation pass (mutants.go): it may change the
		// operator, or note what the mutants would have computed.
		op = s.Mut.BinOp(in, e.operandsOf(s, f, code, in.X, in.Y))
	}
	e.binOpAs(s, f, code, in, op)
}

// binOpAs evaluates in with operator op, in.Op unless a mutant replaces it.
func (e *Machine) binOpAs(s *State, f *Frame, code *instrCode, in *ssa.BinOp, op token.Token) {
	switch code.class {
	case ClassString:
		e.stringBinOp(s, f, code, in, op)
		return
	case ClassFloat:
		e.floatBinOp(s, in, op)
		return
	case classOther:
		// Pointers, interfaces, structs, arrays, channels: only == and !=.
		x, y := e.operand(s, f, code.ops[0], in.X), e.operand(s, f, code.ops[1], in.Y)
		eq, ok := e.Equal(s, x, y, in.X.Type())
		if !ok {
			return
		}
		if op == token.NEQ {
			eq = expr.Not(eq)
		}
		e.setScalar(s, code.dst, eq)
		return
	}
	x, y := e.scalarOperand(s, f, code.ops[0], in.X), e.scalarOperand(s, f, code.ops[1], in.Y)
	signed := code.class == ClassSigned
	var r expr.Expr
	switch op {
	case token.ADD:
		r = expr.Add(x, y)
	case token.SUB:
		r = expr.Sub(x, y)
	case token.MUL:
		r = expr.Mul(x, y)
	case token.QUO, token.REM:
		nonZero := expr.Ne(y, expr.Const(y.Width(), 0))
		if !e.Require(s, nonZero, lazyPin(nonZero, in.Y, " != 0"), func(bad *State) {
			e.RuntimePanic(bad, PanicDivide, "integer divide by zero")
		}) {
			return
		}
		if op == token.QUO {
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
		if _, amountSigned, _ := value.IntInfo(in.Y.Type()); amountSigned {
			nonNeg := expr.Sle(expr.Const(y.Width(), 0), y)
			if !e.Require(s, nonNeg, lazyPin(nonNeg, in.Y, " >= 0"), func(bad *State) {
				e.RuntimePanic(bad, PanicShift, "negative shift amount")
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
		panic(InternalError("binary operator %s on %v", op, in.X.Type()))
	}
	switch op {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
		e.tellArithmetic(s, in, x, y, signed)
	}
	e.setScalar(s, code.dst, r)
}

// lazyPin is the pin of a runtime check on operand v (its rendering and
// suffix), rendered only when the check is symbolic: a constant check is
// no decision, so no pin is ever shown for it.
func lazyPin(check expr.Expr, v ssa.Value, suffix string) string {
	if check.IsConst() {
		return ""
	}
	return source.Pin(v, true) + suffix
}

func (e *Machine) stringBinOp(s *State, f *Frame, code *instrCode, in *ssa.BinOp, op token.Token) {
	x, y := e.operand(s, f, code.ops[0], in.X).(value.String), e.operand(s, f, code.ops[1], in.Y).(value.String)
	var r expr.Expr
	switch op {
	case token.ADD:
		e.setSlot(s, code.dst, value.Concat(x, y))
		return
	case token.EQL:
		r = value.StringsEqual(x, y)
	case token.NEQ:
		r = expr.Not(value.StringsEqual(x, y))
	case token.LSS:
		r = value.StringsLess(x, y)
	case token.GTR:
		r = value.StringsLess(y, x)
	case token.LEQ:
		r = expr.Not(value.StringsLess(y, x))
	case token.GEQ:
		r = expr.Not(value.StringsLess(x, y))
	default:
		panic(InternalError("string operator %s", op))
	}
	e.setScalar(s, code.dst, r)
}

func (e *Machine) unOp(s *State, f *Frame, code *instrCode, in *ssa.UnOp) {
	switch in.Op {
	case token.MUL:
		e.loadInstr(s, in)
	case token.NOT:
		e.setScalar(s, code.dst, expr.Not(e.scalarOperand(s, f, code.ops[0], in.X)))
	case token.XOR:
		e.setScalar(s, code.dst, expr.BitNot(e.scalarOperand(s, f, code.ops[0], in.X)))
	case token.SUB:
		if s.Mut != nil && sees(s.Mut, in.Pos()) && s.Mut.DropNeg(in, e.operandsOf(s, f, code, in.X, nil)) {
			e.move(s, f, code, in.X) // the mutant drops the negation
			return
		}
		if value.IsFloat(in.X.Type()) {
			e.floatNeg(s, in)
			return
		}
		x := e.scalarOperand(s, f, code.ops[0], in.X)
		e.tellArithmetic(s, in, x, expr.Expr{}, false)
		e.setScalar(s, code.dst, expr.Neg(x))
	case token.ARROW:
		e.receive(s, in)
	default:
		panic(InternalError("unary operator %s", in.Op))
	}
}

// convert implements conversions between basic types, strings and byte
// slices. Conversions the executor cannot express symbolically pin the
// operand to a model value (recorded) or stop the path.
func (e *Machine) convert(s *State, f *Frame, code *instrCode, in *ssa.Convert) {
	from, to := in.X.Type(), in.Type()
	_, fSigned, fInt := value.IntInfo(from)
	tw, _, tInt := value.IntInfo(to)
	if fInt && tInt {
		e.setScalar(s, code.dst, expr.Resize(e.scalarOperand(s, f, code.ops[0], in.X), tw, fSigned))
		return
	}
	x := e.operand(s, f, code.ops[0], in.X)
	if e.convertRunes(s, in, x) {
		return
	}
	switch {
	case value.IsString(from) && isByteSlice(to):
		e.set(s, in, e.bytesOfString(s, x.(value.String), in))
	case isByteSlice(from) && value.IsString(to):
		str, ok := e.StringOfBytes(s, x.(value.Slice))
		if ok {
			e.set(s, in, str)
		}
	case value.IsFloat(from) || value.IsFloat(to):
		e.floatConvert(s, in, x)
	case value.IsString(from) && value.IsString(to):
		e.set(s, in, x)
	default:
		if e.convertUnsafe(s, in, x) {
			return
		}
		e.Unsupported(s, "conversion from "+from.String()+" to "+to.String())
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
