package symbolic

import (
	"go/token"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// An operatorHook changes what a state's arithmetic and comparisons
// compute. The mutation pass's replays run with one (mutantops.go): the
// machine asks it at each binary operator and each negation of a state
// that carries one. A state without one (State.mut nil) runs the
// program as written.
type operatorHook interface {
	// binOp is the operator in evaluates with: in.Op, or another.
	binOp(in *ssa.BinOp, ops operands) token.Token
	// dropNeg reports whether the negation in is dropped; the
	// machine then moves its operand unchanged.
	dropNeg(in *ssa.UnOp, ops operands) bool
}

// operands are the operands of the instruction a hook is asked about.
// They are read only when the hook asks, as the machine reads them.
type operands struct {
	e    *Machine
	s    *State
	f    *frame
	code *instrCode
	x, y ssa.Value // y is nil for a negation
}

func (e *Machine) operandsOf(s *State, f *frame, code *instrCode, x, y ssa.Value) operands {
	return operands{e: e, s: s, f: f, code: code, x: x, y: y}
}

// class is the operands' class, which says how the operator computes.
func (o operands) class() operandClass { return o.code.class }

// value is the operand i (0 is x, 1 is y).
func (o operands) value(i int) value.Value {
	return o.e.operand(o.s, o.f, o.code.ops[i], o.ssaValue(i))
}

// scalar is the operand i of a scalar (integer or boolean) operator.
func (o operands) scalar(i int) expr.Expr {
	return o.e.scalarOperand(o.s, o.f, o.code.ops[i], o.ssaValue(i))
}

// float is the operand i of a floating-point operator.
func (o operands) float(i int) (float64, bool) { return o.e.float(o.s, o.value(i)) }

func (o operands) ssaValue(i int) ssa.Value {
	if i == 0 {
		return o.x
	}
	return o.y
}
