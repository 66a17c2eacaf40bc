package symbolic

import (
	"context"
	"slices"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/inputs"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/outside"
	"golang.org/x/tools/go/ssa"
)

// A test for every function that terminates. Some functions finish no path
// within the bounds: a loop of a hundred iterations that branches on the
// inputs in each makes more decisions than a path may, and a large
// function may spend its budget before any path returns. Such a function
// still gets a test when it terminates: inputs from a canonical model
// (package pick) of the condition of a path the bounds or the budget cut
// (the one that got furthest), or else any inputs (a model of nothing:
// the zero values), are run concretely to the end, a few candidates at
// most, within a step bound of their own (runToEndSteps). A run that
// returns or panics gives an ordinary finished path, handed to the Sink
// with its test. It claims nothing: the exploration is not exhausted (it
// was cut), and the blocks the run entered are covered because a
// concrete run entered them.
//
// The same holds for a function some paths of which did give tests: a
// path the budget cut may have entered blocks that none of them enters
// (a parser's deep states), and without a test those blocks are not
// covered. So the cut paths that entered such blocks, furthest first, are
// run to the end too.
//
// The furthest cut paths alone are not enough: when the clock stops a
// search that is deep in one side of an early branch, the furthest paths
// are all on that side, and the blocks only the other side's cut paths
// entered get no test (edlib's JaccardSimilarity: its `splitLength != 0`
// side). So the first cut path to enter each block of the package that no
// test enters yet is a candidate too, after the furthest.
//
// Last, when every test of the function so far panics or returns an
// error, the furthest cut paths not run yet are run too, until one
// returns without an error (runToSuccess): the test writer keeps a case
// that succeeds in a table whose cases all fail.

// maxPrefixes is how many of the furthest cut paths are kept as
// candidates, and maxFirsts how many cut paths are kept for being the
// first to enter a block of the package. Every candidate that still
// enters a block no test enters is run: each such run gives at least that
// block its test, and a concrete run costs one model and its steps, which
// runToEndSteps bounds.
const (
	maxPrefixes = 4
	maxFirsts   = 32
)

// runToEndSteps is the step bound of the concrete runs to the end of one
// function, all candidates together: a multiple of the per-path bound,
// since a concrete run costs no solver work, but no more than the
// function's work limit, which a run to the end comes on top of.
func (e *Engine) runToEndSteps() int {
	n := 4 * e.Cfg.Bounds.MaxSteps
	if e.Cfg.MaxWork > 0 {
		n = int(min(int64(n), e.Cfg.MaxWork))
	}
	return n
}

// runToEndWatch keeps what the runs to the end need: the blocks that
// replayed tests enter, and the paths cut by a bound or the budget.
type runToEndWatch struct{ e *Engine }

func (w runToEndWatch) Ended(s *machine.State, end *machine.PathEnd) {
	switch end.Kind {
	case machine.EndReturn, machine.EndPanic:
		if t := end.Test; t != nil && t.Replayed && !t.OrderDependent {
			w.e.noteTested(end)
		}
	case machine.EndBudget, machine.EndDepth:
		w.e.notePrefix(s)
	}
}

// notePrefix keeps s, a path cut by a bound or the budget, when it got
// further (entered more blocks) than the candidates kept so far, or else
// when it is the first cut path to enter a block of the function's
// package that no test enters yet.
func (e *Engine) notePrefix(s *machine.State) {
	var fresh []*ssa.BasicBlock
	for _, b := range s.Blocks {
		if !e.cutBlocks[b] && !e.tested[b] && e.InExploredPackage(b.Parent()) {
			fresh = append(fresh, b)
		}
	}
	// Kept here even when it is among the furthest too, which it may not
	// stay: a candidate that a run before it covered is not run again.
	// Its blocks count as entered by a kept path only once it is kept, so
	// that a block first entered while there was no room is still kept
	// for by a later path.
	if len(fresh) > 0 && e.roomForFirst() {
		for _, b := range fresh {
			e.cutBlocks[b] = true
		}
		e.firsts = append(e.firsts, s)
	}
	e.keepFurthest(s)
}

// roomForFirst tells whether one more first cut path can be kept, after
// dropping the kept ones whose blocks tests have entered since: the first
// cut paths of a package's helpers (a constructor's, an initialiser's)
// come early, and finished paths soon enter those blocks too, while the
// cut paths that alone enter a deep case of the function come late.
func (e *Engine) roomForFirst() bool {
	if len(e.firsts) < maxFirsts {
		return true
	}
	e.firsts = slices.DeleteFunc(e.firsts, func(p *machine.State) bool { return !e.entersUntested(p) })
	return len(e.firsts) < maxFirsts
}

// keepFurthest keeps s among the maxPrefixes cut paths that entered the
// most blocks.
func (e *Engine) keepFurthest(s *machine.State) {
	if len(e.prefixes) == maxPrefixes {
		if len(s.Blocks) <= len(e.prefixes[maxPrefixes-1].Blocks) {
			return
		}
		e.prefixes = e.prefixes[:maxPrefixes-1]
	}
	i, _ := slices.BinarySearchFunc(e.prefixes, len(s.Blocks), func(p *machine.State, n int) int { return n - len(p.Blocks) })
	e.prefixes = slices.Insert(e.prefixes, i, s)
}

// runToCompletion runs concretely to the end the inputs of the cut paths
// that entered blocks no test enters, furthest first, and, when no path
// of fn gave a test at all, the zero values too; each run that
// terminates gives a test. ctx is the exploration's context without the
// function's budget, which is spent: the solver gets a little time of
// its own.
func (e *Engine) runToCompletion(ctx context.Context, fn *ssa.Function) {
	var candidates []*machine.State
	for _, p := range slices.Concat(e.prefixes, e.firsts) {
		if e.entersUntested(p) {
			candidates = append(candidates, p)
		}
	}
	if e.tests == 0 {
		candidates = append(candidates, &machine.State{})
	}
	if len(candidates) == 0 && (e.succeeded || len(e.prefixes) == 0) || ctx.Err() != nil {
		return
	}
	ctx, done := e.afterExploration(ctx)
	defer done()

	steps := e.runToEndSteps()
	var ran []*machine.State
	for _, p := range candidates {
		if ctx.Err() != nil || steps <= 0 {
			return
		}
		if e.tests > 0 && !e.entersUntested(p) {
			continue // an earlier run covered what this path entered
		}
		_, used := e.runOneToEnd(fn, p, steps, cutNote)
		steps -= used
		ran = append(ran, p)
	}
	e.runToSuccess(ctx, fn, ran, steps)
}

// runToSuccess runs to the end the furthest cut paths that were not run
// already (those in ran), when no test of fn returned without an error,
// until one does. A parser whose every test rejects its input tells a
// reader nothing of what it accepts, yet its success often shares every
// block with a failure (csv's Read returns the record and the error of
// one readRecord call), so no run for coverage gives it: the cut path
// that got furthest into the input is the likeliest to end in one.
func (e *Engine) runToSuccess(ctx context.Context, fn *ssa.Function, ran []*machine.State, steps int) {
	for _, p := range e.prefixes {
		if e.succeeded || steps <= 0 || ctx.Err() != nil {
			return
		}
		if slices.Contains(ran, p) {
			continue
		}
		_, used := e.runOneToEnd(fn, p, steps, cutNote)
		steps -= used
	}
}

// succeeds reports whether the test of a path's end succeeded: it did
// not fail by the conventions of a Go API (concrete.Outcome.Fails).
func succeeds(end *machine.PathEnd) bool {
	c, ok := end.Case()
	return ok && !c.Want.Fails()
}

// noteTested records that a replayed test entered the blocks of end,
// and, for the dictionary pass, its edges and outcome.
func (e *Engine) noteTested(end *machine.PathEnd) {
	e.tests++
	for _, b := range end.Blocks {
		e.tested[b] = true
	}
	e.succeeded = e.succeeded || succeeds(end)
	e.noteTestedWord(end)
}

// entersUntested reports whether the path p entered a block that no
// test enters.
func (e *Engine) entersUntested(p *machine.State) bool {
	for _, b := range p.Blocks {
		if !e.tested[b] {
			return true
		}
	}
	return false
}

// cutNote ends the pins of a cut path's run to the end.
const cutNote = "then run concretely to the end: the path was cut by the bounds or the budget"

// runOneToEnd runs fn concretely, within steps, on inputs from the
// canonical model of p's condition and, when the run returns or panics,
// hands its path to the Sink, its pins ending with note. It returns
// whether it did, and the steps it used.
func (e *Engine) runOneToEnd(fn *ssa.Function, p *machine.State, steps int, note string) (bool, int) {
	resp := e.picker().Canonical(p.PathCond)
	if resp.Result != solver.Sat {
		return false, 0
	}
	var model expr.Assignment = resp.Model
	if !e.Cfg.NilAnywhere {
		model = inputs.PastTheCut(resp.Model, p.PathCond)
	}
	run := e.concreteRun(fn, model, false, steps)
	if run.EndKind != machine.EndReturn && run.EndKind != machine.EndPanic {
		return false, run.Steps
	}
	if defaultedNil(run) && !e.Cfg.NilAnywhere {
		// Past the cut, the inputs the path never read are the model's
		// defaults, and a pointer's default is nil: a nil no caller
		// chose, whose dereference is no finding (machine/nilinputs.go).
		return false, run.Steps
	}
	t := &concrete.Test{Replayed: true}
	for i, param := range fn.Params {
		t.Args = append(t.Args, e.in.ParamLiteral(inputs.ParamName(fn, i), param.Type(), model, 0, fn, false))
	}
	if !e.recordOutcome(t, run) {
		return false, run.Steps
	}
	e.recordViews(t, run)
	env, ok := outside.TestEnv(run)
	if !ok {
		return false, run.Steps
	}
	t.Env = env
	if run.RangedOverMap {
		var other concrete.Test
		reversed := e.concreteRun(fn, model, true, steps)
		e.recordOutcome(&other, reversed)
		e.recordViews(&other, reversed)
		sameAfter(t, &other)
		t.OrderDependent = !sameOutcome(t, &other)
	}
	if run.Outside.UncontrolledCalls > 0 {
		// No condition says whether the run branched on the clock or the
		// stack: it may have.
		t.Uncontrolled = true
		if e.out.UncontrolledOutcome(t, nil, run, model); !t.Replayed {
			return false, run.Steps
		}
	}
	end := &machine.PathEnd{
		Func:      fn,
		Kind:      run.EndKind,
		Condition: p.PathCond,
		Pins:      append(p.Pins[:len(p.Pins):len(p.Pins)], note),
		Branches:  p.Branches,
		Blocks:    machine.FirstEntries(run.Blocks),
		Edges:     machine.FirstEntries(run.Edges),
		Test:      t,
	}
	if run.EndKind == machine.EndPanic && run.Panicked != nil {
		end.Panic = run.Panicked.Kind
	}
	e.Summary.Paths++
	e.Summary.Ends[run.EndKind]++
	e.Summary.RunToEnd = true
	e.succeeded = e.succeeded || succeeds(end)
	for _, b := range end.Blocks {
		e.Summary.CoveredBlocks[b] = true
	}
	if !t.OrderDependent {
		e.noteTested(end)
	}
	e.noteKills(fn, model, t, true)
	if e.Cfg.Sink != nil {
		e.Cfg.Sink.PathEnded(end)
	}
	return true, run.Steps
}

// defaultedNil reports whether the run panicked on a nil pointer or func.
func defaultedNil(run *machine.State) bool {
	if run.EndKind != machine.EndPanic || run.Panicked == nil {
		return false
	}
	k := run.Panicked.Kind
	return k == machine.PanicNilDeref || k == machine.PanicNilFunc
}

// concreteRun runs fn on the inputs of the model m, within steps.
func (e *Engine) concreteRun(fn *ssa.Function, m expr.Assignment, reversed bool, steps int) *machine.State {
	run := e.in.InitialState(fn, e.in.ReplayInputs(m))
	run.ReverseMaps = reversed
	run.StepLimit = steps
	e.runWatched(run, true)
	return run
}

// afterExploration bounds the solving of a pass that runs once a
// function's exploration is over (the runs to the end of cut paths, the
// boundary cases). With a work limit, the pass's own work allowance
// bounds it, which falls at the same point on every run, and the clock
// only guards against a runaway solver: a whole budget. A short wall-clock
// cap bound first on a loaded machine, and two runs of encoding/hex's
// Decode wrote different boundary cases. Without a work limit, the clock
// is the bound: a quarter of the budget, at most 2s. It makes ctx the
// engine's context until done is called.
func (e *Engine) afterExploration(ctx context.Context) (context.Context, func()) {
	solve := e.Cfg.Budget / 4
	if solve <= 0 || solve > 2*time.Second {
		solve = 2 * time.Second
	}
	if e.Cfg.MaxWork > 0 && e.Cfg.Budget > solve {
		solve = e.Cfg.Budget
	}
	ctx, cancel := context.WithTimeout(ctx, solve)
	saved := e.Ctx
	e.Ctx = ctx
	return ctx, func() {
		e.Ctx = saved
		cancel()
	}
}
