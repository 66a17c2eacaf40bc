package machine

import (
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// The machine's events, and the features that watch them. The
// interpreter tells every watcher of an event and names none of them:
// the source text of decisions, the comparisons that boundary cases
// start from, the arithmetic that infection cases start from, and the
// bookkeeping of the runs to the end all plug in here, and so does the
// tests' check of the points-to analysis against the objects reached.
//
// A watcher implements the events it cares about, each its own small
// interface; newWatchers sorts the watchers by event once, so that an
// event costs one call per watcher that wants it.

// comparisonWatcher is told that the if in, in fn, branches on the
// term cond (constant or not), before the branch forks.
type comparisonWatcher interface {
	Comparison(s *State, fn *ssa.Function, in *ssa.If, cond expr.Expr)
}

// decisionWatcher is told, for a symbolic if both of whose sides are
// feasible, of each forked state and the side it took: 0 is the then
// side (Succs[0]), 1 the else side.
type decisionWatcher interface {
	Decided(s *State, in *ssa.If, side int)
}

// arithmeticWatcher is told that the arithmetic operation in ran on x
// and y (y is the invalid Expr for a negation).
type arithmeticWatcher interface {
	Arithmetic(s *State, in ssa.Instruction, x, y expr.Expr, signed bool)
}

// endWatcher is told of a path's end once its test, if any, is made, and
// before the pruner and the Sink hear of it.
type endWatcher interface {
	Ended(s *State, end *PathEnd)
}

// derefWatcher is told that s dereferenced the pointer v (a load, a
// store, a field or element address, a map access, a slice or a range)
// and reached the object id (never 0). The points-to check of the
// tests watches it.
type derefWatcher interface {
	Dereferenced(s *State, v ssa.Value, id value.ObjectID)
}

// Watchers are an engine's watchers, sorted by event.
type Watchers struct {
	comparison []comparisonWatcher
	decision   []decisionWatcher
	arithmetic []arithmeticWatcher
	end        []endWatcher
	deref      []derefWatcher
}

// NewWatchers sorts ws by the events each implements. The order of ws is
// the order in which they hear each event.
func NewWatchers(ws ...any) Watchers {
	var out Watchers
	return out.With(ws...)
}

// With is w with ws added after the watchers w has; w is left as it was.
func (w Watchers) With(ws ...any) Watchers {
	out := Watchers{
		comparison: slices.Clip(w.comparison),
		decision:   slices.Clip(w.decision),
		arithmetic: slices.Clip(w.arithmetic),
		end:        slices.Clip(w.end),
		deref:      slices.Clip(w.deref),
	}
	for _, w := range ws {
		if c, ok := w.(comparisonWatcher); ok {
			out.comparison = append(out.comparison, c)
		}
		if d, ok := w.(decisionWatcher); ok {
			out.decision = append(out.decision, d)
		}
		if a, ok := w.(arithmeticWatcher); ok {
			out.arithmetic = append(out.arithmetic, a)
		}
		if x, ok := w.(endWatcher); ok {
			out.end = append(out.end, x)
		}
		if d, ok := w.(derefWatcher); ok {
			out.deref = append(out.deref, d)
		}
	}
	return out
}

func (e *Machine) tellComparison(s *State, fn *ssa.Function, in *ssa.If, cond expr.Expr) {
	for _, w := range e.Watch.comparison {
		w.Comparison(s, fn, in, cond)
	}
}

func (e *Machine) tellDecision(s *State, in *ssa.If, side int) {
	for _, w := range e.Watch.decision {
		w.Decided(s, in, side)
	}
}

func (e *Machine) tellArithmetic(s *State, in ssa.Instruction, x, y expr.Expr, signed bool) {
	for _, w := range e.Watch.arithmetic {
		w.Arithmetic(s, in, x, y, signed)
	}
}

func (e *Machine) tellEnd(s *State, end *PathEnd) {
	for _, w := range e.Watch.end {
		w.Ended(s, end)
	}
}

func (e *Machine) tellDeref(s *State, v ssa.Value, id value.ObjectID) {
	if id == 0 {
		return
	}
	for _, w := range e.Watch.deref {
		w.Dereferenced(s, v, id)
	}
}
