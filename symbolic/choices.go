package symbolic

import (
	"fmt"
	"maps"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// Choices. Some inputs have a shape that must be fixed before they can be
// built: the dynamic type of an interface, the number of entries of a map
// (a map object holds a known list of entries). Each alternative of such a
// choice is explored in a state of its own, and the alternative is a model
// variable (the choice's selector: "v.(type)", "len(m)"), so the model, the
// concrete replay and the test's literal all agree on it.
//
// When a choice is met decides how its alternatives get their states:
//   - while an initial state is built (a parameter, or a part of one that is
//     built eagerly, such as a struct field), the initial state is built
//     again once per alternative, with the choice forced (initialStates);
//   - when an instruction first reads a lazily built part of an input (the
//     pointee of an input pointer, an element of an input slice), the state
//     forks once per alternative, and each copy re-runs that instruction.
//
// A state never takes two alternatives of one selector: the first choice
// is kept in State.choices and pinned in the path condition.

// maxInitialStates bounds how many initial states the choices of one
// function's parameters may multiply into. Beyond it, the remaining
// alternatives are not explored and the paths say so.
const maxInitialStates = 4096

// pendingChoice is a choice met while an initial state was built, whose
// other alternatives still need initial states of their own.
type pendingChoice struct {
	name string
	alts int
}

// building is set while an initial state is built: the choices to force,
// and those met that were not forced.
type building struct {
	forced  map[string]int
	pending []pendingChoice
}

// choose returns which of the alternatives vals of the selector sel (a
// variable named name) s takes. In replay mode the model decides; in
// symbolic mode s takes alternative 0 unless it is forced, and the other
// alternatives get states of their own (see the comment at the top).
// pins[k] says alternative k in the tests' comments.
func (e *Engine) choose(s *State, name string, sel expr.Expr, vals []uint64, pins []string) int {
	if s.inputs.model != nil {
		v := expr.Eval(sel, s.inputs.model)
		for k, x := range vals {
			if x == v {
				return k
			}
		}
		return 0
	}
	if k, ok := s.choices[name]; ok {
		return k
	}
	k := 0
	switch {
	case e.building != nil:
		if forced, ok := e.building.forced[name]; ok {
			k = forced
		} else {
			e.building.pending = append(e.building.pending, pendingChoice{name, len(vals)})
		}
	case e.canRestart(s):
		for alt := 1; alt < len(vals); alt++ {
			c := e.fork(s)
			c.pick(name, alt, sel, vals[alt], pins[alt])
			e.restart(c)
		}
	case len(vals) > 1:
		s.limit(fmt.Sprintf("%s: only the first of %d alternatives is explored here", name, len(vals)))
	}
	s.pick(name, k, sel, vals[k], pins[k])
	return k
}

// pick records that s takes alternative k, of value val, for the selector.
func (s *State) pick(name string, k int, sel expr.Expr, val uint64, pin string) {
	choices := make(map[string]int, len(s.choices)+1)
	maps.Copy(choices, s.choices)
	choices[name] = k
	s.choices = choices
	s.assume(expr.Eq(sel, expr.Const(sel.Width(), val)), pin)
}

// canRestart reports whether s is in the middle of the step that began at
// e.step, in the same frame and block, so its instruction can run again.
func (e *Engine) canRestart(s *State) bool {
	p := e.stepAt
	if p.state != s || len(s.stack) != p.frames {
		return false
	}
	f := s.stack[len(s.stack)-1]
	return !f.unwinding && f.block == p.block
}

// restart makes c run the current instruction again from its start.
func (e *Engine) restart(c *State) {
	c.top().next = e.stepAt.next
}

// initialStates builds the initial states of fn: one per combination of
// the choices its parameters need, enumerated so that no combination is
// built twice (a choice met before the one being varied is forced to 0).
func (e *Engine) initialStates(fn *ssa.Function) []*State {
	queue := []map[string]int{{}}
	var states []*State
	for len(queue) > 0 {
		forced := queue[0]
		queue = queue[1:]
		e.building = &building{forced: forced}
		s := e.initialState(fn, e.symbolicInputs())
		pending := e.building.pending
		e.building = nil
		states = append(states, s)
		for j, p := range pending {
			for alt := 1; alt < p.alts; alt++ {
				if len(states)+len(queue) >= maxInitialStates {
					s.limit(fmt.Sprintf("%s: alternatives beyond %d initial states are not explored", p.name, maxInitialStates))
					break
				}
				next := maps.Clone(forced)
				for _, q := range pending[:j] {
					next[q.name] = 0
				}
				next[p.name] = alt
				queue = append(queue, next)
			}
		}
	}
	return states
}
