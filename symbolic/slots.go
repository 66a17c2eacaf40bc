package symbolic

import (
	"math"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// This file numbers, once per function, where the operands of the
// interpreter's most frequent instructions live, so that executing them
// neither looks registers up in a map nor rebuilds constants.

// slot locates an operand: a register of the frame (slot ≥ 0), a constant
// of the function (funcInfo.consts[-slot-1]), or, for slotEval, anything
// eval must work out (globals, functions, constants that are not cached).
type slot int32

const slotEval slot = math.MinInt32

// instrCode is the precomputed form of one instruction.
type instrCode struct {
	// dst is the register of the value the instruction defines, slotEval
	// for an instruction that defines none.
	dst slot
	// ops are the slots of the operands the fast paths read: X and Y of a
	// BinOp, X of a UnOp, Convert or ChangeType, Cond of an If.
	ops [2]slot
	// edges are the slots of a φ's edge values, in the order of its
	// block's predecessors.
	edges []slot
}

// compile fills info's code and constant table for fn. It runs after
// info.index numbers the registers.
func (info *funcInfo) compile(fn *ssa.Function) {
	constSlot := make(map[*ssa.Const]slot)
	slotOf := func(v ssa.Value) slot {
		if c, ok := v.(*ssa.Const); ok {
			if sl, ok := constSlot[c]; ok {
				return sl
			}
			val := constValue(c)
			switch val.(type) {
			case Scalar, String: // immutable and cheap to share
			default:
				return slotEval
			}
			info.consts = append(info.consts, val)
			sl := slot(-len(info.consts))
			constSlot[c] = sl
			return sl
		}
		if i, ok := info.index[v]; ok {
			return slot(i)
		}
		return slotEval
	}
	info.code = make([][]instrCode, len(fn.Blocks))
	for _, b := range fn.Blocks {
		code := make([]instrCode, len(b.Instrs))
		for i, instr := range b.Instrs {
			c := instrCode{dst: slotEval, ops: [2]slot{slotEval, slotEval}}
			if v, ok := instr.(ssa.Value); ok {
				c.dst = slotOf(v)
			}
			switch in := instr.(type) {
			case *ssa.BinOp:
				c.ops = [2]slot{slotOf(in.X), slotOf(in.Y)}
			case *ssa.UnOp:
				c.ops[0] = slotOf(in.X)
			case *ssa.Convert:
				c.ops[0] = slotOf(in.X)
			case *ssa.ChangeType:
				c.ops[0] = slotOf(in.X)
			case *ssa.If:
				c.ops[0] = slotOf(in.Cond)
			case *ssa.Phi:
				c.edges = make([]slot, len(in.Edges))
				for j, edge := range in.Edges {
					c.edges[j] = slotOf(edge)
				}
			}
			code[i] = c
		}
		info.code[b.Index] = code
	}
}

// operand is the value of operand v of the top frame f, found through its
// slot.
func (e *Engine) operand(s *State, f *frame, sl slot, v ssa.Value) Value {
	switch {
	case sl >= 0:
		if r := f.regs[sl]; r != nil {
			return r
		}
		panic(internalError("register %s of %s read before written", v.Name(), f.fn))
	case sl != slotEval:
		return f.info.consts[-sl-1]
	}
	return e.eval(s, v)
}

// scalarOperand is the term of an integer or bool operand, found through
// its slot.
func (e *Engine) scalarOperand(s *State, f *frame, sl slot, v ssa.Value) expr.Expr {
	x, ok := e.operand(s, f, sl, v).(Scalar)
	if !ok {
		panic(internalError("operand %s of type %v is not a scalar", v.Name(), v.Type()))
	}
	return x.E
}

// setSlot writes register dst of the top frame.
func (e *Engine) setSlot(s *State, dst slot, x Value) {
	s.top().regs[dst] = x
}
