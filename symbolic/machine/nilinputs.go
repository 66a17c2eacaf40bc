package machine

import (
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Nil inputs. A caller passes nil where a function takes nil: where its
// code compares the input with nil, or its documentation says nil is
// fine. Elsewhere a nil pointer or func is a misuse no caller commits,
// and a test that pins the nil dereference it causes is a test of the
// misuse (Randoop calls a null argument's exception "invalid use").
//
// So a dereference, or a call, of an input whose nilness is still open on
// the path assumes that it is not nil, instead of forking a path that
// panics. Where the code did compare the input with nil, the comparison
// fixed its nilness on each side, and a dereference on the nil side
// panics as before: that panic is a finding. Config.NilAnywhere turns
// the rule off.
//
// The assumption hides no code: on the nil side the path would panic at
// once, and the panic would leave the package's code, unless a deferred
// call of a frame on the stack runs it on the way out. Only then does the
// path record the assumption as a limit, so that a function explored in
// full claims no dead code that a nil input could reach.
//
// An input nested as deep as the bounds allow is nil because the bound
// left it unbuilt; its dereference ends the path at the bound, with no
// test (inputs/boundnil.go).

// RequireNonNil lets s continue only where nonNil holds, the nilness of
// a pointer or func the path dereferences or calls; where it may fail, a
// state panics with kind, unless nonNil is the nilness of an input that
// the code has not compared with nil (see above). pin names it in the
// path's pins ("" pins nothing).
func (e *Machine) RequireNonNil(s *State, nonNil expr.Expr, pin string, kind PanicKind) bool {
	if name, bound, ok := e.Inputs.NilnessOf(nonNil); ok && bound {
		// An input the nesting bound left nil: a caller's value goes on.
		e.Finish(s, EndDepth, 0, name+" is nil: pointer nesting bound")
		return false
	}
	if e.assumeInputNonNil(s, nonNil) {
		return true
	}
	return e.Require(s, nonNil, pin, func(bad *State) {
		e.RuntimePanic(bad, kind, NilDerefMessage)
	})
}

// assumeInputNonNil assumes nonNil on s, and reports so, when it is the
// nilness of an input that is still open on s: both nil and non-nil are
// feasible.
func (e *Machine) assumeInputNonNil(s *State, nonNil expr.Expr) bool {
	if e.Cfg.NilAnywhere || nonNil.IsConst() {
		return false
	}
	name, _, ok := e.Inputs.NilnessOf(nonNil)
	if !ok {
		return false
	}
	if e.Feasible(s, expr.Not(nonNil)) != solver.Sat || e.Feasible(s, nonNil) != solver.Sat {
		return false
	}
	s.Assume(nonNil, "")
	if s.deferring() {
		s.Limit(name + " is not nil: the code does not compare it with nil")
	}
	return true
}

// deferring reports whether a frame of s has a deferred call pending,
// which a panic would run.
func (s *State) deferring() bool {
	for _, f := range s.Stack {
		if len(f.defers) > 0 {
			return true
		}
	}
	return false
}
