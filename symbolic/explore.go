package symbolic

import (
	"context"
	"fmt"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/inputs"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/outside"
	"github.com/gosymtest/gosymtest/symbolic/search"
	"golang.org/x/tools/go/ssa"
)

// Engine explores functions of one SSA program: the machine, with the
// engine's own features plugged into its contracts (wiring.go). It is
// not safe for concurrent use; run one Engine per goroutine.
type Engine struct {
	*machine.Machine
	// in builds the inputs of the function under test (package inputs).
	in *inputs.Builder
	// tests counts the paths that gave a replayed test, and tested holds
	// the blocks they entered; prefixes and firsts are paths cut by a
	// bound or the budget, whose inputs may be run concretely to the end
	// when they entered blocks no test enters, and cutBlocks the blocks
	// of the package that cut paths entered (runtoend.go); succeeded
	// tells that some test returned with no error.
	tests     int
	succeeded bool
	tested    map[*ssa.BasicBlock]bool
	prefixes  []*machine.State
	firsts    []*machine.State
	cutBlocks map[*ssa.BasicBlock]bool
	// boundary keeps the comparisons and tested paths of the current
	// exploration for its boundary cases (boundary.go).
	boundary boundaryPass
	// words keeps what the dictionary cases start from (wordcases.go),
	// and wordsOf the words of each package, collected once.
	words   wordPass
	wordsOf map[*ssa.Package][]string
	// infection keeps the arithmetic operations the exploration ran on
	// symbolic operands, for its infection cases (infection.go).
	infection infectionPass
	// out is the outside: the environment, the standard streams and the
	// values a test cannot set (package outside).
	out *outside.Outside
	// mutSites caches the source readings of the operations a mutant may
	// change, nil for those it may not; mpass is the current function's
	// mutation pass (mutants.go).
	mutSites map[ssa.Instruction]*mutSite
	mpass    mutationPass
}

// NewEngine returns an engine for prog.
func NewEngine(prog *ssa.Program, cfg machine.Config) *Engine {
	m := machine.New(prog, cfg)
	e := &Engine{Machine: m, in: inputs.NewBuilder(m)}
	m.Watch = engineWatchers(e)
	e.out = outside.New(m, e.in, engineCases{e})
	m.Tester = engineTester{e}
	m.Models = engineModels{e}
	m.Refusals = refusals
	return e
}

// Explore symbolically executes fn from fresh symbolic inputs, handing every
// finished path to the Sink, until every path has ended or the budget is
// spent. A bug of the executor outside a path's steps (which end that
// path alone: step) is returned as an error naming where it was raised,
// so that the caller goes on with the other functions.
func (e *Engine) Explore(ctx context.Context, fn *ssa.Function) (sum *machine.Summary, err error) {
	defer func() {
		if r := recover(); r != nil {
			sum, err = nil, fmt.Errorf("exploring %s: %s", fn, machine.InternalReason(r))
		}
	}()
	if len(fn.Blocks) == 0 {
		return nil, fmt.Errorf("%s has no body", fn)
	}
	e.Summary = &machine.Summary{
		Func:          fn,
		Blocks:        len(fn.Blocks),
		CoveredBlocks: make(map[*ssa.BasicBlock]bool),
		Exhausted:     true,
		Ends:          make(map[machine.EndKind]int),
	}
	// Package initialisation has a budget of its own (Inits); it runs
	// before the function's budget starts.
	e.Ctx = ctx
	e.InitMemory(loader.PackageOf(fn))
	if e.Pruner != nil {
		e.Pruner.Prepare(fn)
	}
	outer := ctx
	// The clock starts before the budget's: a run whose budget ran out
	// has then always been going for at least the budget (Elapsed), even
	// when the scheduler held this goroutine between the two, and the
	// report blames the budget, not the solver, for the queries it cut.
	e.Started = time.Now()
	if e.Cfg.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, machine.SearchBudget(e.Cfg.Budget))
		defer cancel()
	}
	e.Ctx = ctx
	e.prefixes, e.firsts, e.tests, e.succeeded = nil, nil, 0, false
	e.in.ForgetGrowth()
	e.in.ForgetTexts()
	e.tested = make(map[*ssa.BasicBlock]bool)
	e.cutBlocks = make(map[*ssa.BasicBlock]bool)
	e.boundary = newBoundaryPass()
	e.words = wordPass{}
	e.infection = infectionPass{}
	e.mpass = mutationPass{}
	e.Searcher, err = search.New(e.Cfg.Searcher, e.Cfg.Seed, e.Summary.CoveredBlocks, e.HurryFunc())
	if err != nil {
		return nil, err
	}
	// Each round explores fn from fresh inputs; a round after the first
	// has the larger input bounds the one before asked for
	// (inputs/inputbounds.go), and shares the budget. It starts when the round
	// before has run out of states, or a while after the growth was asked
	// for (growthDue); the states of the round before are dropped, since
	// the new round covers their inputs too.
	for e.Round = 1; ; e.Round++ {
		if e.Pruner != nil {
			e.Pruner.Begin(fn)
		}
		for _, s := range e.in.InitialStates(fn) {
			if e.Pruner != nil {
				// A value pinned while the inputs were built is part of
				// the initial state: its condition holds the pin.
				s.LostSide = false
				e.Pruner.Root(s)
			}
			e.Searcher.Add(s)
		}
		e.Pruning = e.Pruner != nil
		finished := e.Search()
		e.Pruning = false
		if finished {
			// Nothing new can come of the states left; their runs to the
			// end still test the blocks they entered, and a growth asked
			// for starts the next round, as when the round runs out.
			e.FinishRest()
		}
		if e.Searcher.Len() == 0 && !e.StopEarly() {
			// The round ran out of states: the growths it deferred are
			// asked for if blocks are left untested.
			e.in.PlanDeferred(fn)
		}
		if e.StopEarly() || !e.in.GrowthAsked() || e.Round == inputs.MaxRounds || !e.in.Grow() {
			break
		}
		e.Searcher, _ = search.New(e.Cfg.Searcher, e.Cfg.Seed+uint64(e.Round), e.Summary.CoveredBlocks, e.HurryFunc())
		// Exhaustiveness is the last round's: it covers every input within
		// the bounds of the rounds before.
		e.Summary.Exhausted = true
	}
	if e.in.GrowthAsked() {
		e.Summary.Exhausted = false // a growth asked for was not carried out
	}
	e.Summary.Grown = e.in.GrownBounds()
	// Whatever is left was cut off by the budget.
	e.EndPending(machine.EndBudget, "budget")
	e.Summary.SearchTime = time.Since(e.Started)
	// The passes share what is left of the budget, and the allowance:
	// the function as a whole ends by then, however long its search ran.
	if e.Cfg.Budget > 0 {
		var cancel context.CancelFunc
		outer, cancel = context.WithDeadline(outer, e.Started.Add(e.Cfg.Budget+PassAllowance(e.Cfg.Budget)))
		defer cancel()
	}
	e.Summary.PassTimes = make(map[string]time.Duration, len(afterPasses))
	for _, pass := range afterPasses {
		start := time.Now()
		pass.run(e, outer, fn)
		e.Summary.PassTimes[pass.name] = time.Since(start)
	}
	for b := range e.Summary.CoveredBlocks {
		if b.Parent() == fn {
			e.Summary.Covered++
		}
	}
	e.Summary.Elapsed = time.Since(e.Started)
	return e.Summary, nil
}
