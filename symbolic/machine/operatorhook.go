package machine

import (
	"go/token"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// An OperatorHook changes what a state's arithmetic and comparisons
// compute. The mutation pass's replays run with one (mutantops.go): the
// machine asks it at each binary operator and each negation of a state
// that carries one, or only at the one it changes (At). A state without
// one (State.Mut nil) runs the program as written.
type OperatorHook interface {
	// At is the position of the one operator the hook changes, or
	// token.NoPos when it is to see every operation. The machine builds
	// the operand view only for the operations the hook sees.
	At() token.Pos
	// BinOp is the operator in evaluates with: in.Op, or another.
	BinOp(in *ssa.BinOp, ops *Operands) token.Token
	// DropNeg reports whether the negation in is dropped; the
	// machine then moves its operand unchanged.
	DropNeg(in *ssa.UnOp, ops *Operands) bool
}

// Operands are the operands of the instruction a hook is asked about.
// They are read only when the hook asks, as the machine reads them. The
// view belongs to the machine and holds only during the call: the probe
// run of the mutation pass is asked at every operation, and passing one
// reused view by pointer, not a struct of eight words by value, keeps
// its replay as fast as a direct call.
type Operands struct {
	e    *Machine
	s    *State
	f    *Frame
	code *instrCode
	x, y ssa.Value // y is nil for a negation
}

func (e *Machine) operandsOf(s *State, f *Frame, code *instrCode, x, y ssa.Value) *Operands {
	e.operands = Operands{e: e, s: s, f: f, code: code, x: x, y: y}
	return &e.operands
}

// Class is the operands' class, which says how the operator computes.
func (o *Operands) Class() OperandClass { return o.code.class }

// Value is the operand i (0 is x, 1 is y).
func (o *Operands) Value(i int) value.Value {
	return o.e.operand(o.s, o.f, o.code.ops[i], o.ssaValue(i))
}

// Scalar is the operand i of a scalar (integer or boolean) operator.
func (o *Operands) Scalar(i int) expr.Expr {
	return o.e.scalarOperand(o.s, o.f, o.code.ops[i], o.ssaValue(i))
}

// Float is the operand i of a floating-point operator.
func (o *Operands) Float(i int) (float64, bool) { return o.e.Float(o.s, o.Value(i)) }

func (o *Operands) ssaValue(i int) ssa.Value {
	if i == 0 {
		return o.x
	}
	return o.y
}

// sees reports whether the hook h is to see the operation at pos.
func sees(h OperatorHook, pos token.Pos) bool {
	at := h.At()
	return at == token.NoPos || at == pos
}
