package inputs

import (
	"fmt"
	"maps"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
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

// Choose returns which of the alternatives vals of the selector sel (a
// variable named name) s takes. In replay mode the model decides; in
// symbolic mode s takes alternative 0 unless it is forced, and the other
// alternatives get states of their own (see the comment at the top).
// pins[k] says alternative k in the tests' comments.
func (e *Builder) Choose(s *machine.State, name string, sel expr.Expr, vals []uint64, pins []string) int {
	if Of(s).model != nil {
		v := expr.Eval(sel, Of(s).model)
		for k, x := range vals {
			if x == v {
				return k
			}
		}
		return 0
	}
	if k, ok := s.Choices[name]; ok {
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
			c := e.Fork(s)
			pickChoice(c, name, alt, sel, vals[alt], pins[alt])
			e.restart(c)
		}
	case len(vals) > 1:
		s.Limit(fmt.Sprintf("%s: only the first of %d alternatives is explored here", name, len(vals)))
	}
	pickChoice(s, name, k, sel, vals[k], pins[k])
	return k
}

// pickChoice records that s takes alternative k, of value val, for the
// selector.
func pickChoice(s *machine.State, name string, k int, sel expr.Expr, val uint64, pin string) {
	choices := make(map[string]int, len(s.Choices)+1)
	maps.Copy(choices, s.Choices)
	choices[name] = k
	s.Choices = choices
	s.Assume(expr.Eq(sel, expr.Const(sel.Width(), val)), pin)
}

// canRestart reports whether s is in the middle of the step that began at
// e.step, in the same frame and block, so its instruction can run again.
func (e *Builder) canRestart(s *machine.State) bool {
	p := e.StepAt
	if p.State != s || len(s.Stack) != p.Frames {
		return false
	}
	f := s.Stack[len(s.Stack)-1]
	return !f.Unwinding && f.Block == p.Block
}

// restart makes c run the current instruction again from its start.
func (e *Builder) restart(c *machine.State) {
	c.Top().Next = e.StepAt.Next
}

// InitialStates builds the initial states of fn: one per combination of
// the choices its parameters need, enumerated so that no combination is
// built twice (a choice met before the one being varied is forced to 0).
func (e *Builder) InitialStates(fn *ssa.Function) []*machine.State {
	queue := []map[string]int{{}}
	var states []*machine.State
	for len(queue) > 0 {
		forced := queue[0]
		queue = queue[1:]
		e.building = &building{forced: forced}
		s := e.InitialState(fn, e.symbolicInputs())
		pending := e.building.pending
		e.building = nil
		states = append(states, s)
		for j, p := range pending {
			for alt := 1; alt < p.alts; alt++ {
				if len(states)+len(queue) >= maxInitialStates {
					s.Limit(fmt.Sprintf("%s: alternatives beyond %d initial states are not explored", p.name, maxInitialStates))
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

// InitialState is the state at the entry of fn with inputs from in. With
// the inputs of a model it is a replay from the start, so that an input
// the model cannot give ends it as a replay, not as a path.
func (e *Builder) InitialState(fn *ssa.Function, in *Source) *machine.State {
	e.NextID++
	in.home = fn
	s := &machine.State{Num: e.NextID, Mem: e.InitMemory(loader.PackageOf(fn)), Inputs: in, Replay: in.model != nil}
	in.fresh = s.Mem.Next()
	args := make([]value.Value, len(fn.Params))
	for i, p := range fn.Params {
		if in.handed[i] {
			// An earlier parameter hands it out (handed.go): the
			// prologue's call fills it.
			args[i] = value.Zero(p.Type())
			continue
		}
		in.root = p
		in.dest = &paramSlot{frame: 0, param: i}
		args[i] = in.build(e, s, ParamName(fn, i), p.Type(), 0)
	}
	in.dest = nil
	e.PushFrame(s, fn, nil, args, nil)
	e.pushPrologue(s)
	return s
}

// ParamName is the name a parameter's input variables start with.
func ParamName(fn *ssa.Function, i int) string {
	name := fn.Params[i].Name()
	if name == "" || name == "_" {
		return fmt.Sprintf("arg%d", i)
	}
	return name
}
