package symbolic

import (
	"reflect"
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/inputs"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/outside"
	"golang.org/x/tools/go/ssa"
)

// boundaryCase solves and runs one candidate, and gives the model of its
// inputs too; nil when no inputs were found or the run gives no test.
func (e *Engine) boundaryCase(fn *ssa.Function, c boundaryCandidate) (*machine.PathEnd, expr.Assignment) {
	cond := c.origin.Condition
	edge := boundaryEdge(c.cmp, c.side)
	var tries [][]expr.Expr
	if c.side == c.held {
		// The edge implies the path's side: the whole path may keep it.
		tries = append(tries, append(slices.Clip(cond), edge))
		if c.at+1 < len(cond) {
			tries = append(tries, append(slices.Clone(cond[:c.at+1]), edge))
		}
	} else {
		// The other side leaves the path at this branch; what the path
		// decided after it is kept where it can be, to stay close.
		prefix := append(slices.Clone(cond[:c.at]), edge)
		if c.at+1 < len(cond) {
			tries = append(tries, append(slices.Clip(prefix), cond[c.at+1:]...))
		}
		tries = append(tries, prefix)
	}
	var resp solver.Response
	for _, q := range tries {
		if resp = e.picker().Readable(q); resp.Result == solver.Sat {
			break
		}
	}
	if resp.Result != solver.Sat {
		return nil, nil
	}
	text := e.boundaryText(c, resp.Model)
	at := append(slices.Clip(cond[:c.at]), edge)
	model := e.extraModel(resp, at)
	end := e.extraCase(fn, model, c.origin, at, text)
	if end == nil {
		return nil, nil
	}
	end.Boundary = text
	return end, model
}

// extraModel is the model of resp, solved for cond, for an extra case's
// run. The run may leave the path the model was solved for: what it reads
// beyond cond takes callers' values, not a nil (inputs.PastTheCut).
func (e *Engine) extraModel(resp solver.Response, cond []expr.Expr) expr.Assignment {
	if e.Cfg.NilAnywhere {
		return resp.Model
	}
	return inputs.PastTheCut(resp.Model, cond)
}

// extraCase runs the inputs of model (extraModel), solved for an extra
// case (a boundary or an infection case), and makes its PathEnd: a copy of the
// explored path the run took, if it took one (origin is tried first; nil
// for none in particular), as the case then reads as that path, or else
// one with cond and the single pin (none when pin is ""); nil when the
// run gives no test.
func (e *Engine) extraCase(fn *ssa.Function, model expr.Assignment, origin *machine.PathEnd, cond []expr.Expr, pin string) *machine.PathEnd {
	run := e.concreteRun(fn, model, false, e.Cfg.Bounds.MaxSteps)
	t := e.boundaryTest(fn, model, run)
	if t == nil {
		return nil
	}
	end := &machine.PathEnd{Func: fn, Kind: run.EndKind, Condition: cond}
	if pin != "" {
		end.Pins = []string{pin}
	}
	if p := e.boundaryMatch(origin, run, model); p != nil {
		cp := *p
		end = &cp
	}
	end.Blocks, end.Edges = machine.FirstEntries(run.Blocks), machine.FirstEntries(run.Edges)
	end.Test = t
	if run.EndKind == machine.EndPanic && run.Panicked != nil {
		end.Panic = run.Panicked.Kind
	}
	return end
}

// madeBefore reports whether an extra pass already made a case with t's
// arguments (made lists each case's): a second row with the same call.
func madeBefore(made [][]concrete.Value, t *concrete.Test) bool {
	return slices.ContainsFunc(made, func(args []concrete.Value) bool { return reflect.DeepEqual(args, t.Args) })
}

// boundaryEdge is the condition that puts the operands of the comparison
// cmp, a < b or a <= b, at its boundary on the given side: a+1 == b and
// a == b for a < b, a == b and a == b+1 for a <= b. The side itself is
// part of it, so that no wrap-around passes for the edge.
func boundaryEdge(cmp expr.Expr, side bool) expr.Expr {
	a, b := cmp.Arg(0), cmp.Arg(1)
	one := expr.Const(a.Width(), 1)
	strict := cmp.Op() == expr.OpUlt || cmp.Op() == expr.OpSlt
	switch {
	case strict && side:
		return expr.And(cmp, expr.Eq(expr.Add(a, one), b))
	case side, strict:
		return expr.Eq(a, b)
	}
	return expr.And(expr.Not(cmp), expr.Eq(a, expr.Add(b, one)))
}

// boundaryTest is the test of a concrete run of fn on the model m, nil
// when the run did not return or panic, or when its outcome could change
// under go test (map order, the clock).
func (e *Engine) boundaryTest(fn *ssa.Function, m expr.Assignment, run *machine.State) *concrete.Test {
	if run.Outside.UncontrolledCalls > 0 {
		return nil
	}
	t := &concrete.Test{Replayed: true}
	if !e.recordOutcome(t, run) {
		return nil
	}
	e.recordViews(t, run)
	env, ok := outside.TestEnv(run)
	if !ok {
		return nil
	}
	t.Env = env
	if run.RangedOverMap {
		var other concrete.Test
		reversed := e.concreteRun(fn, m, true, e.Cfg.Bounds.MaxSteps)
		e.recordOutcome(&other, reversed)
		e.recordViews(&other, reversed)
		sameAfter(t, &other)
		if !sameOutcome(t, &other) {
			return nil
		}
	}
	for i, p := range fn.Params {
		t.Args = append(t.Args, e.in.ParamLiteral(inputs.ParamName(fn, i), p.Type(), m, 0, fn, false))
	}
	return t
}

// boundaryMatch finds the tested path that the run on the model m took:
// one whose condition m satisfies, that ended alike and entered the same
// blocks. It tries origin first, unless it is nil; nil when none is
// found.
func (e *Engine) boundaryMatch(origin *machine.PathEnd, run *machine.State, m expr.Assignment) *machine.PathEnd {
	ev := expr.NewEvaluator(m)
	blocks := machine.FirstEntries(run.Blocks)
	took := func(p *machine.PathEnd) bool {
		if p.Kind != run.EndKind || !slices.Equal(p.Blocks, blocks) {
			return false
		}
		for _, c := range p.Condition {
			if ev.Eval(c) != 1 {
				return false
			}
		}
		return true
	}
	if origin != nil && took(origin) {
		return origin
	}
	for i, p := range e.boundary.origins {
		if i == maxBoundaryMatch {
			break
		}
		if p != origin && took(p) {
			return p
		}
	}
	return nil
}
