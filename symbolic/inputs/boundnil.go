package inputs

import (
	"fmt"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// boundNil is the pointer input name where it is nested MaxDepth deep:
// nil, since the bound leaves it unbuilt. No caller's value stops there,
// so a dereference of it must not panic as if a caller had passed nil.
// Its nilness is a variable fixed to false, in replays too, rather than
// the constant: the machine then asks NilnessOf, which tells it that the
// nil is the bound's, and the path ends at the bound (EndDepth) with no
// test, where a constant nil would panic.
func (e *Builder) boundNil(s *machine.State, name string) value.Pointer {
	s.Limit(fmt.Sprintf("%s is nil: pointer nesting bound %d", name, e.Cfg.Bounds.MaxDepth))
	if e.Cfg.NilAnywhere {
		return value.NilPointer
	}
	if e.boundNils == nil {
		e.boundNils = make(map[string]bool)
	}
	e.boundNils[name] = true
	nonNil := expr.Var(nilnessName(name), expr.BoolSort())
	s.Assume(expr.Not(nonNil), "")
	return value.Pointer{NonNil: nonNil}
}
