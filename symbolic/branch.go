package symbolic

import (
	"slices"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/source"
)

// feasible asks the solver whether s's path condition allows cond.
func (e *Machine) feasible(s *State, cond expr.Expr) solver.Result {
	if cond.IsTrue() {
		return solver.Sat // the path condition itself was satisfiable when taken
	}
	if cond.IsFalse() {
		return solver.Unsat
	}
	q := solver.Query{Constraints: append(s.cond[:len(s.cond):len(s.cond)], cond)}
	return e.check(q).Result
}

// branch splits s on cond. It returns the state that continues where cond
// holds and the one where it does not; either is nil when infeasible. When
// both are feasible, the false side is a fork and s is the true side.
// When the solver cannot decide a side, that side ends as EndSolverUnknown.
func (e *Machine) branch(s *State, cond expr.Expr, pin string) (onTrue, onFalse *State) {
	if cond.IsConst() {
		if cond.IsTrue() {
			return s, nil
		}
		return nil, s
	}
	if s.depth >= e.cfg.Bounds.MaxDecisions {
		e.finish(s, EndDepth, 0, "too many decisions on one path")
		return nil, nil
	}
	canTrue := e.feasible(s, cond)
	canFalse := e.feasible(s, expr.Not(cond))
	if (canTrue == solver.Unknown || canFalse == solver.Unknown) && e.outside.pinForBranch(s, cond) {
		canTrue = e.feasible(s, cond)
		canFalse = e.feasible(s, expr.Not(cond))
	}
	switch {
	case canTrue == solver.Sat && canFalse == solver.Sat:
		f := e.fork(s)
		onTrue, onFalse := pin, source.NegatePin(pin)
		if label := e.funcLabel(s.topFunc()); label != "" && pin != "" {
			// A callee's variables are not the caller's: "List.Len:
			// l == nil" is about Len's receiver, not the test's l.
			onTrue, onFalse = label+": "+onTrue, label+": "+onFalse
		}
		s.assume(cond, onTrue)
		f.assume(expr.Not(cond), onFalse)
		s.depth++
		f.depth++
		return s, f
	case canTrue == solver.Sat:
		e.unknownSide(s, canFalse)
		if canFalse == solver.Unsat {
			e.inputs.infeasible(s, expr.Not(cond))
		}
		return s, nil
	case canFalse == solver.Sat:
		e.unknownSide(s, canTrue)
		if canTrue == solver.Unsat {
			e.inputs.infeasible(s, cond)
		}
		return nil, s
	}
	// Neither side is known to be feasible: the path condition itself was
	// satisfiable, so at least one answer was Unknown.
	e.finish(s, EndSolverUnknown, 0, "solver could not decide "+cond.String())
	return nil, nil
}

// unknownSide records that a branch side was dropped because the solver
// answered Unknown: the exploration is then no longer exhaustive.
func (e *Machine) unknownSide(s *State, r solver.Result) {
	if r == solver.Unknown {
		s.lostSide = true
		e.summary.Exhausted = false
		e.summary.Ends[EndSolverUnknown]++
	}
}

// fork copies s and queues the copy to run after the current step.
func (e *Machine) fork(s *State) *State {
	e.nextID++
	c := s.fork(e.nextID)
	e.spawned = append(e.spawned, c)
	if e.pruning && !s.replay {
		e.pruner.Forked(s, c)
	}
	return c
}

// require lets s continue only where cond holds. Where cond can fail, a
// state is made to panic through fail (s itself when cond cannot hold).
// It reports whether s continues.
func (e *Machine) require(s *State, cond expr.Expr, pin string, fail func(*State)) bool {
	ok, bad := e.branch(s, cond, pin)
	if bad != nil {
		fail(bad)
	}
	return ok == s
}

// concretize pins a symbolic value to one value a model allows, recording
// that the path lost generality there.
func (e *Machine) concretize(s *State, v expr.Expr, why string) (expr.Expr, bool) {
	if v.IsConst() {
		return v, true
	}
	resp := e.check(solver.Query{Constraints: s.cond})
	if resp.Result != solver.Sat {
		e.finish(s, EndSolverUnknown, 0, "no model to concretize "+why)
		return expr.Expr{}, false
	}
	var c expr.Expr
	if v.Sort().IsBool() {
		c = expr.BoolConst(expr.Eval(v, resp.Model) == 1)
	} else {
		c = expr.Const(v.Width(), expr.Eval(v, resp.Model))
	}
	s.assume(expr.Eq(v, c), "")
	s.concretized = append(s.concretized, why)
	// The pin drops the path's other values of v here: what lies above
	// this step is not all explored (Event.Lost). What lies below is, for
	// a condition that now holds the pin.
	s.lostSide = true
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
	for len(vals) <= e.cfg.Bounds.MaxFork {
		resp := e.check(solver.Query{Constraints: append(s.cond[:len(s.cond):len(s.cond)], exclude)})
		if resp.Result == solver.Unsat {
			break
		}
		if resp.Result != solver.Sat {
			e.finish(s, EndSolverUnknown, 0, "solver could not enumerate "+why)
			return nil, nil, false
		}
		val := expr.Eval(v, resp.Model)
		vals = append(vals, val)
		exclude = expr.And(exclude, expr.Ne(v, expr.Const(v.Width(), val)))
	}
	if len(vals) > e.cfg.Bounds.MaxFork {
		e.finish(s, EndDepth, 0, "symbolic "+why+" has too many values")
		return nil, nil, false
	}
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
			t = e.fork(s)
		}
		states = append(states, t)
	}
	for i, t := range states {
		pin := expr.Eq(v, expr.Const(v.Width(), vals[i]))
		e.inputs.forkedValue(pin)
		t.assume(pin, "")
		t.depth++
	}
	return states, vals, true
}
