package exprtest

import "github.com/gosymtest/gosymtest/symbolic/expr"

// Explorer makes query sequences shaped like symbolic execution: it picks
// a pending path (depth first, now and then an older one, so a solver must
// backtrack far), asks both sides of a random branch condition, and keeps
// the satisfiable sides as new pending paths. It speaks of constraint
// slices, not of solver queries, so that package solver's own tests can
// use it as well as the backends'.
type Explorer struct {
	g       *Gen
	pending [][]expr.Expr
}

// Paths and the pending list are bounded, so a long run holds a bounded
// number of terms.
const maxDepth, maxPending = 24, 64

// NewExplorer is an Explorer whose branch conditions come from g.
func NewExplorer(g *Gen) *Explorer { return &Explorer{g: g} }

// Step asks the two sides of one branch through sat, which tells whether
// a path, the conjunction of its constraints, is satisfiable. sat may keep
// the slice it is given: Step never writes to it again.
func (e *Explorer) Step(sat func(path []expr.Expr) bool) {
	if len(e.pending) == 0 {
		e.pending = append(e.pending, nil) // start over from the root
	}
	i := len(e.pending) - 1
	if e.g.R.IntN(4) == 0 {
		i = e.g.R.IntN(len(e.pending))
	}
	path := e.pending[i]
	e.pending = append(e.pending[:i], e.pending[i+1:]...)
	cond := e.g.RichBool(2)
	for _, side := range []expr.Expr{cond, expr.Not(cond)} {
		next := append(path[:len(path):len(path)], side)
		if sat(next) && len(next) < maxDepth && len(e.pending) < maxPending {
			e.pending = append(e.pending, next)
		}
	}
}
