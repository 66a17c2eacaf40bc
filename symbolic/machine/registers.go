package machine

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// A frame's registers are regs, one Value per SSA value of its function,
// and beside them sregs, registers that hold a scalar unboxed. Storing a
// Scalar in a Value allocates (an expr.Expr is two words) and concrete
// work stores a scalar at nearly every instruction, so the interpreter's
// fast paths write sregs instead. sregs[i], when valid, is register i, and
// regs[i] is then stale. sregs is allocated at the first such write.

// readReg reads register i of f: an unboxed scalar x when it holds one
// (x valid), else its Value v (nil when never written).
func (f *Frame) readReg(i Slot) (x expr.Expr, v value.Value) {
	if f.sregs != nil {
		if x := f.sregs[i]; x.IsValid() {
			return x, nil
		}
	}
	return expr.Expr{}, f.Regs[i]
}

// Value is register i of f as a Value (v is its SSA value, for the error).
// A scalar is boxed, and when f may be written the box replaces the
// unboxed scalar, so that generic code reading it again does not box it
// again.
func (f *Frame) Value(i Slot, v ssa.Value) value.Value {
	x, r := f.readReg(i)
	if x.IsValid() {
		r = value.ScalarOf(x)
		if !f.frozen {
			f.SetValue(i, r)
		}
	}
	if r == nil {
		panic(InternalError("register %s of %s read before written", v.Name(), f.Fn))
	}
	return r
}

// setScalar writes the scalar x to register i of f, unboxed.
func (f *Frame) setScalar(i Slot, x expr.Expr) {
	if f.sregs == nil {
		f.sregs = make([]expr.Expr, len(f.Regs))
	}
	f.sregs[i] = x
}

// SetValue writes v to register i of f.
func (f *Frame) SetValue(i Slot, v value.Value) {
	f.Regs[i] = v
	if f.sregs != nil {
		f.sregs[i] = expr.Expr{}
	}
}

// boxed is register i of f as a Value, a scalar boxed, nil when never
// written; unlike value it never writes f, so it may read a frozen frame.
func (f *Frame) boxed(i Slot) value.Value {
	x, v := f.readReg(i)
	if x.IsValid() {
		return value.ScalarOf(x)
	}
	return v
}
