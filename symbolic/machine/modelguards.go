package machine

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// The checks a model makes before it reads memory: that a pointer is not
// nil, and that an argument is a type descriptor the executor made. The
// model handle (modelhandle.go) serves them to package models, and
// unsafe.go's views make the first as well.

// ModelNonNil lets s continue only where a pointer a model dereferences is
// not nil; what names it in the path's pins ("" pins nothing).
func (e *Machine) ModelNonNil(s *State, nonNil expr.Expr, what string) bool {
	pin := ""
	if what != "" {
		pin = what + " != nil"
	}
	return e.Require(s, nonNil, pin, func(bad *State) {
		e.RuntimePanic(bad, PanicNilDeref, NilDerefMessage)
	})
}

// DescriptorArg gives the Go type of a *abi.Type argument, stopping the
// path when it is not a descriptor the executor made.
func (e *Machine) DescriptorArg(s *State, v value.Value) (types.Type, bool) {
	p, ok := v.(value.Pointer)
	if !ok {
		e.Unsupported(s, "type descriptor the executor did not make")
		return nil, false
	}
	if !e.ModelNonNil(s, p.NonNil, "pointer") {
		return nil, false
	}
	t := value.DescribedType(s.Mem, p)
	if t == nil {
		e.Unsupported(s, "type descriptor the executor did not make")
		return nil, false
	}
	return t, true
}
