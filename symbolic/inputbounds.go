package symbolic

import (
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Input bounds and exhaustiveness. The harness bounds its inputs: a string
// has at most MaxLen bytes, a slice or a map at most MaxElems elements. A
// branch side that only inputs beyond those bounds could take is
// infeasible on the path, yet real code takes it (a 36-byte UUID). So when
// a side is infeasible and the path's condition holds bound constraints,
// the side is asked about again with those constraints lifted: if no input
// within the bounds takes it (another size of a map input would be explored
// by a state of its own) but one beyond them may, the path records that it
// was cut by a bound, and it no longer supports a claim of dead code.
//
// This is a guard against misleading claims, not a proof about inputs
// beyond the bounds: a claim of dead code still says "within the bounds".

// boundExcess maps each bound constraint the harness assumed (len(s) <=
// 16, or a map input's size pin len(m) == 3) to the bound it stands for
// (len(s) <= 16, 0 <= len(m) <= 8, or nil) and what exceeds it (len(s) >
// 16, len(m) > 8). Terms are hash-consed, so the map holds one entry per
// input part, whatever the number of states.
type boundExcess map[expr.Expr]bound

type bound struct{ within, excess expr.Expr }

// assumeBound adds a bound constraint to s and records what exceeds it.
func (e *Engine) assumeBound(s *State, c, excess expr.Expr, pin string) {
	e.noteBound(c, c, excess)
	s.assume(c, pin)
}

func (e *Engine) noteBound(c, within, excess expr.Expr) {
	if e.bounds == nil {
		e.bounds = make(boundExcess)
	}
	e.bounds[c] = bound{within, excess}
}

// checkCutByBounds is called when side is infeasible on s: it records on s
// whether inputs beyond the bounds could take it.
func (e *Engine) checkCutByBounds(s *State, side expr.Expr) {
	if s.replay || len(e.bounds) == 0 {
		return
	}
	var relaxed, within, excess []expr.Expr
	for _, c := range s.cond {
		if b, ok := e.bounds[c]; ok {
			within = append(within, b.within)
			excess = append(excess, b.excess)
			continue
		}
		relaxed = append(relaxed, c)
	}
	if len(excess) == 0 {
		return
	}
	relaxed = append(relaxed, side)
	inside := e.check(solver.Query{Constraints: append(relaxed[:len(relaxed):len(relaxed)], within...)}).Result
	if inside == solver.Sat {
		return // another alternative of a choice, within the bounds, takes it
	}
	if inside == solver.Unknown || e.check(solver.Query{Constraints: append(relaxed, expr.Or(excess...))}).Result != solver.Unsat {
		s.inputs.limit(s, "a branch side is reachable only beyond the input size bounds")
	}
}
