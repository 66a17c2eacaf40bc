package machine

import (
	"go/types"
	"math"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// This file numbers, once per function, where the operands of the
// interpreter's most frequent instructions live, so that executing them
// neither looks registers up in a map nor rebuilds constants.

// Slot locates an operand: a register of the frame (slot ≥ 0), a constant
// of the function (funcInfo.consts[-slot-1]), or, for slotEval, anything
// eval must work out (globals, functions, constants that are not cached).
type Slot int32

const slotEval Slot = math.MinInt32

// instrCode is the precomputed form of one instruction.
type instrCode struct {
	// dst is the register of the value the instruction defines, slotEval
	// for an instruction that defines none.
	dst Slot
	// ops are the slots of the operands the fast paths read: X and Y of a
	// BinOp, X of a UnOp, Convert or ChangeType, Cond of an If.
	ops [2]Slot
	// vals and slots are all the instruction's operands and their slots,
	// for eval: an operand of the instruction being executed is found
	// here without a map lookup.
	vals  []ssa.Value
	slots []Slot
	// class is the class of a BinOp's operand type.
	class OperandClass
	// edges are the slots of a φ's edge values, in the order of its
	// block's predecessors.
	edges []Slot
}

// OperandClass sorts the operand types of binary operators by how binOp
// computes on them.
type OperandClass uint8

const (
	classOther    OperandClass = iota // pointers, interfaces, structs, …: == and !=
	classBool                         // bool: a Bool term
	ClassUnsigned                     // unsigned integers: a bit-vector
	ClassSigned                       // signed integers: a bit-vector
	ClassString
	ClassFloat // floats and complex numbers
)

func classOf(t types.Type) OperandClass {
	switch {
	case value.IsString(t):
		return ClassString
	case value.IsFloat(t):
		return ClassFloat
	case value.IsBool(t):
		return classBool
	}
	if _, signed, ok := value.IntInfo(t); ok {
		if signed {
			return ClassSigned
		}
		return ClassUnsigned
	}
	return classOther
}

// compile fills info's code and constant table for fn. It runs after
// info.index numbers the registers.
func (info *FuncInfo) compile(fn *ssa.Function) {
	constSlot := make(map[*ssa.Const]Slot)
	slotOf := func(v ssa.Value) Slot {
		if c, ok := v.(*ssa.Const); ok {
			if sl, ok := constSlot[c]; ok {
				return sl
			}
			val := value.Const(c)
			switch val.(type) {
			case value.Scalar, value.String: // immutable and cheap to share
			default:
				return slotEval
			}
			info.consts = append(info.consts, val)
			sl := Slot(-len(info.consts))
			constSlot[c] = sl
			return sl
		}
		if i, ok := info.Index[v]; ok {
			return Slot(i)
		}
		return slotEval
	}
	info.code = make([][]instrCode, len(fn.Blocks))
	for _, b := range fn.Blocks {
		code := make([]instrCode, len(b.Instrs))
		for i, instr := range b.Instrs {
			c := instrCode{dst: slotEval, ops: [2]Slot{slotEval, slotEval}}
			if v, ok := instr.(ssa.Value); ok {
				c.dst = slotOf(v)
			}
			for _, op := range instr.Operands(nil) {
				if op != nil && *op != nil {
					c.vals = append(c.vals, *op)
					c.slots = append(c.slots, slotOf(*op))
				}
			}
			switch in := instr.(type) {
			case *ssa.BinOp:
				c.ops = [2]Slot{slotOf(in.X), slotOf(in.Y)}
				c.class = classOf(in.X.Type())
			case *ssa.UnOp:
				c.ops[0] = slotOf(in.X)
			case *ssa.Convert:
				c.ops[0] = slotOf(in.X)
			case *ssa.ChangeType:
				c.ops[0] = slotOf(in.X)
			case *ssa.If:
				c.ops[0] = slotOf(in.Cond)
			case *ssa.Phi:
				c.edges = make([]Slot, len(in.Edges))
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
func (e *Machine) operand(s *State, f *Frame, sl Slot, v ssa.Value) value.Value {
	switch {
	case sl >= 0:
		return f.Value(sl, v)
	case sl != slotEval:
		return f.Info.consts[-sl-1]
	}
	return e.eval(s, v)
}

// scalarOperand is the term of an integer or bool operand, found through
// its slot. A register holding it unboxed is read without boxing it.
func (e *Machine) scalarOperand(s *State, f *Frame, sl Slot, v ssa.Value) expr.Expr {
	var r value.Value
	switch {
	case sl >= 0:
		var x expr.Expr
		if x, r = f.readReg(sl); x.IsValid() {
			return x
		}
		if r == nil {
			panic(InternalError("register %s of %s read before written", v.Name(), f.Fn))
		}
	case sl != slotEval:
		r = f.Info.consts[-sl-1]
	default:
		r = e.eval(s, v)
	}
	x, ok := r.(value.Scalar)
	if !ok {
		panic(InternalError("operand %s of type %v is %T, not a scalar", v.Name(), v.Type(), r))
	}
	return x.E
}

// setSlot writes register dst of the top frame.
func (e *Machine) setSlot(s *State, dst Slot, x value.Value) {
	s.Top().SetValue(dst, x)
}

// setScalar writes the scalar x to register dst of the top frame, unboxed.
func (e *Machine) setScalar(s *State, dst Slot, x expr.Expr) {
	s.Top().setScalar(dst, x)
}

// move copies operand v (slot code.ops[0]) to the instruction's register,
// a scalar unboxed.
func (e *Machine) move(s *State, f *Frame, code *instrCode, v ssa.Value) {
	if sl := code.ops[0]; sl >= 0 {
		if x, _ := f.readReg(sl); x.IsValid() {
			e.setScalar(s, code.dst, x)
			return
		}
	}
	e.setSlot(s, code.dst, e.operand(s, f, code.ops[0], v))
}

// operandSlot finds v among the operands of the instruction f is executing
// (or last executed) and gives its slot, or slotEval. A slot belongs to a
// value of the function, so any hit is right.
func (f *Frame) operandSlot(v ssa.Value) Slot {
	if f.Next == 0 {
		return slotEval
	}
	c := &f.Info.code[f.Block.Index][f.Next-1]
	for j, x := range c.vals {
		if x == v {
			return c.slots[j]
		}
	}
	return slotEval
}
