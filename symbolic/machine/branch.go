package machine

import (
	"slices"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/source"
)

// Feasible asks the solver whether s's path condition allows cond.
func (e *Machine) Feasible(s *State, cond expr.Expr) solver.Result {
	if cond.IsTrue() {
		return solver.Sat // the path condition itself was satisfiable when taken
	}
	if cond.IsFalse() {
		return solver.Unsat
	}
	q := solver.Query{Constraints: append(s.PathCond[:len(s.PathCond):len(s.PathCond)], cond)}
	return e.Check(q).Result
}

// Branch splits s on cond. It returns the state that continues where cond
// holds and the one where it does not; either is nil when infeasible. When
// both are feasible, the false side is a fork and s is the true side.
// When the solver cannot decide a side, that side ends as EndSolverUnknown.
func (e *Machine) Branch(s *State, cond expr.Expr, pin string) (onTrue, onFalse *State) {
	if cond.IsConst() {
		if cond.IsTrue() {
			return s, nil
		}
		return nil, s
	}
	if s.Decisions >= e.Cfg.Bounds.MaxDecisions {
		e.Finish(s, EndDepth, 0, "too many decisions on one path")
		return nil, nil
	}
	canTrue := e.Feasible(s, cond)
	canFalse := e.Feasible(s, expr.Not(cond))
	if (canTrue == solver.Unknown || canFalse == solver.Unknown) && e.Outside.PinForBranch(s, cond) {
		canTrue = e.Feasible(s, cond)
		canFalse = e.Feasible(s, expr.Not(cond))
	}
	switch {
	case canTrue == solver.Sat && canFalse == solver.Sat:
		f := e.Fork(s)
		onTrue, onFalse := pin, source.NegatePin(pin)
		if label := e.FuncLabel(s.TopFunc()); label != "" && pin != "" {
			// A callee's variables are not the caller's: "List.Len:
			// l == nil" is about Len's receiver, not the test's l.
			onTrue, onFalse = label+": "+onTrue, label+": "+onFalse
		}
		s.Assume(cond, onTrue)
		f.Assume(expr.Not(cond), onFalse)
		s.Decisions++
		f.Decisions++
		return s, f
	case canTrue == solver.Sat:
		e.UnknownSide(s, canFalse)
		if canFalse == solver.Unsat {
			e.Inputs.Infeasible(s, expr.Not(cond))
		}
		return s, nil
	case canFalse == solver.Sat:
		e.UnknownSide(s, canTrue)
		if canTrue == solver.Unsat {
			e.Inputs.Infeasible(s, cond)
		}
		return nil, s
	}
	// Neither side is known to be feasible: the path condition itself was
	// satisfiable, so at least one answer was Unknown.
	e.Finish(s, EndSolverUnknown, 0, "solver could not decide "+cond.String())
	return nil, nil
}

// UnknownSide records that a branch side was dropped because the solver
// answered Unknown: the exploration is then no longer exhaustive.
func (e *Machine) UnknownSide(s *State, r solver.Result) {
	if r == solver.Unknown {
		s.LostSide = true
		e.Summary.Exhausted = false
		e.Summary.Ends[EndSolverUnknown]++
	}
}

// Fork copies s and queues the copy to run after the current step.
func (e *Machine) Fork(s *State) *State {
	e.NextID++
	c := s.Fork(e.NextID)
	e.Spawned = append(e.Spawned, c)
	if e.Pruning && !s.Replay {
		e.Pruner.Forked(s, c)
	}
	return c
}

// Require lets s continue only where cond holds. Where cond can fail, a
// state is made to panic through fail (s itself when cond cannot hold).
// It reports whether s continues.
func (e *Machine) Require(s *State, cond expr.Expr, pin string, fail func(*State)) bool {
	ok, bad := e.Branch(s, cond, pin)
	if bad != nil {
		fail(bad)
	}
	return ok == s
}

// ModelNonNil lets s continue only where a pointer a model, or an unsafe
// view, dereferences is not nil; what names it in the path's pins (""
// pins nothing).
func (e *Machine) ModelNonNil(s *State, nonNil expr.Expr, what string) bool {
	pin := ""
	if what != "" {
		pin = what + " != nil"
	}
	return e.RequireNonNil(s, nonNil, pin, PanicNilDeref)
}

// Concretize pins a symbolic value to one value a model allows, recording
// that the path lost generality there.
func (e *Machine) Concretize(s *State, v expr.Expr, why string) (expr.Expr, bool) {
	if v.IsConst() {
		return v, true
	}
	resp := e.Check(solver.Query{Constraints: s.PathCond})
	if resp.Result != solver.Sat {
		e.Finish(s, EndSolverUnknown, 0, "no model to concretize "+why)
		return expr.Expr{}, false
	}
	var c expr.Expr
	if v.Sort().IsBool() {
		c = expr.BoolConst(expr.Eval(v, resp.Model) == 1)
	} else {
		c = expr.Const(v.Width(), expr.Eval(v, resp.Model))
	}
	s.Assume(expr.Eq(v, c), "")
	s.Concretized = append(s.Concretized, why)
	// The pin drops the path's other values of v here: what lies above
	// this step is not all explored (Event.Lost). What lies below is, for
	// a condition that now holds the pin.
	s.LostSide = true
	return c, true
}

// values enumerates the values v can take on s's path, forking one state
// per value (at most MaxFork). Each returned state has v pinned to the
// value at the same position. When there are more values than the bound,
// it returns ok=false after ending s as EndDepth.
func (e *Machine) values(s *State, v expr.Expr, why string) (states []*State, vals []uint64, ok bool) {
	if v.IsConst() {
		return []*State{s}, []uint64{v.Value()}, true
	}
	exclude := expr.True
	for len(vals) <= e.Cfg.Bounds.MaxFork {
		resp := e.Check(solver.Query{Constraints: append(s.PathCond[:len(s.PathCond):len(s.PathCond)], exclude)})
		if resp.Result == solver.Unsat {
			break
		}
		if resp.Result != solver.Sat {
			e.Finish(s, EndSolverUnknown, 0, "solver could not enumerate "+why)
			return nil, nil, false
		}
		val := expr.Eval(v, resp.Model)
		vals = append(vals, val)
		exclude = expr.And(exclude, expr.Ne(v, expr.Const(v.Width(), val)))
	}
	if len(vals) > e.Cfg.Bounds.MaxFork {
		e.Finish(s, EndDepth, 0, "symbolic "+why+" has too many values")
		return nil, nil, false
	}
	// The values are those inputs within their size bounds give. Longer
	// inputs may give others (copy's count from a longer slice), which
	// no later branch can ask for: every state below holds a constant.
	// The inputs are told, so that the bounds may grow for them.
	e.Inputs.ValuesCut(s, exclude)
	// The solver found the values in the order its models gave them,
	// which depends on what it answered before (a cache's stored model,
	// or Z3's state). The states are forked in the order of the values
	// instead, so that the search, which goes by the order states were
	// made in, explores the same paths whoever answered: encoding/base32's
	// decoder.Read, cut at 500,000 work, entered 12 of its 34 blocks with
	// every cache on and 23 with none before.
	slices.Sort(vals)
	for i := range vals {
		t := s
		if i > 0 {
			t = e.Fork(s)
		}
		states = append(states, t)
	}
	for i, t := range states {
		pin := expr.Eq(v, expr.Const(v.Width(), vals[i]))
		e.Inputs.ForkedValue(pin)
		t.Assume(pin, "")
		t.Decisions++
	}
	return states, vals, true
}
