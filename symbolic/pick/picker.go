package pick

import (
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Picker chooses models of path conditions. What it knows of the inputs
// comes from the executor that named them, through three questions.
type Picker struct {
	// Check answers a query. The executor's counts each query's work.
	Check func(solver.Query) solver.Response
	// Signed reports whether the input variable called name is a signed
	// integer, whose readable values lie around zero.
	Signed func(name string) bool
	// ArrayByte reports whether the variable called name is a byte of an
	// array input ([16]byte): a number's byte, not text.
	ArrayByte func(name string) bool
	// Uncontrolled reports whether v is a value no test sets (the clock,
	// the call stack): readability does not apply to it.
	Uncontrolled func(v expr.Expr) bool
}

func (p *Picker) check(q solver.Query) solver.Response { return p.Check(q) }

func (p *Picker) signed(v expr.Expr) bool { return p.Signed != nil && p.Signed(v.Name()) }

func (p *Picker) arrayByte(v expr.Expr) bool { return p.ArrayByte != nil && p.ArrayByte(v.Name()) }

func (p *Picker) uncontrolled(v expr.Expr) bool { return p.Uncontrolled != nil && p.Uncontrolled(v) }
