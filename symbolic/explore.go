package symbolic

import (
	"context"
	"fmt"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/source"
	"golang.org/x/tools/go/ssa"
)

// Engine explores functions of one SSA program: the machine, with the
// engine's own features plugged into its contracts (wiring.go). It is
// not safe for concurrent use; run one Engine per goroutine.
type Engine struct {
	*Machine
	// inputState is what the input provider keeps (engineinputs.go).
	inputState
	// tests counts the paths that gave a replayed test, and tested holds
	// the blocks they entered; prefixes and firsts are paths cut by a
	// bound or the budget, whose inputs may be run concretely to the end
	// when they entered blocks no test enters, and cutBlocks the blocks
	// of the package that cut paths entered (runtoend.go).
	tests     int
	tested    map[*ssa.BasicBlock]bool
	prefixes  []*State
	firsts    []*State
	cutBlocks map[*ssa.BasicBlock]bool
	// boundary keeps the comparisons and tested paths of the current
	// exploration for its boundary cases (boundary.go).
	boundary boundaryPass
	// infection keeps the arithmetic operations the exploration ran on
	// symbolic operands, for its infection cases (infection.go).
	infection infectionPass
	// unc knows the ranges of the values a test cannot set (uncontrolled.go).
	unc uncontrolledVars
	// mutSites caches the source readings of the operations a mutant may
	// change, nil for those it may not; mpass is the current function's
	// mutation pass (mutants.go).
	mutSites map[ssa.Instruction]*mutSite
	mpass    mutationPass
}

// NewEngine returns an engine for prog.
func NewEngine(prog *ssa.Program, cfg Config) *Engine {
	cfg.Bounds = cfg.Bounds.WithDefaults()
	inits := cfg.Inits
	if inits == nil {
		inits = NewInits(DefaultInitBudget)
	}
	m := &Machine{cfg: cfg, prog: prog, infos: make(map[*ssa.Function]*funcInfo), inits: inits, src: source.NewReader(prog.Fset)}
	if cfg.Pruner != nil {
		m.pruner = timedPruner{p: cfg.Pruner(), e: m}
	}
	e := &Engine{Machine: m}
	m.watch = engineWatchers(e)
	m.outside = engineOutside{e}
	m.tester = engineTester{e}
	m.models = engineModels{e}
	m.inputs = engineInputs{e}
	return e
}

// Explore symbolically executes fn from fresh symbolic inputs, handing every
// finished path to the Sink, until every path has ended or the budget is
// spent. A bug of the executor outside a path's steps (which end that
// path alone: step) is returned as an error naming where it was raised,
// so that the caller goes on with the other functions.
func (e *Engine) Explore(ctx context.Context, fn *ssa.Function) (sum *Summary, err error) {
	defer func() {
		if r := recover(); r != nil {
			sum, err = nil, fmt.Errorf("exploring %s: %s", fn, internalReason(r))
		}
	}()
	if len(fn.Blocks) == 0 {
		return nil, fmt.Errorf("%s has no body", fn)
	}
	e.summary = &Summary{
		Func:          fn,
		Blocks:        len(fn.Blocks),
		CoveredBlocks: make(map[*ssa.BasicBlock]bool),
		Exhausted:     true,
		Ends:          make(map[EndKind]int),
	}
	// Package initialisation has a budget of its own (Inits); it runs
	// before the function's budget starts.
	e.ctx = ctx
	e.initMemory(pkgOf(fn))
	if e.pruner != nil {
		e.pruner.Prepare(fn)
	}
	outer := ctx
	// The clock starts before the budget's: a run whose budget ran out
	// has then always been going for at least the budget (Elapsed), even
	// when the scheduler held this goroutine between the two, and the
	// report blames the budget, not the solver, for the queries it cut.
	e.started = time.Now()
	if e.cfg.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.cfg.Budget)
		defer cancel()
	}
	e.ctx = ctx
	e.prefixes, e.firsts, e.tests = nil, nil, 0
	e.inputs.begin()
	e.tested = make(map[*ssa.BasicBlock]bool)
	e.cutBlocks = make(map[*ssa.BasicBlock]bool)
	e.boundary = newBoundaryPass()
	e.infection = infectionPass{}
	e.mpass = mutationPass{}
	e.searcher, err = newSearcher(e.cfg.Searcher, e.cfg.Seed, e.summary.CoveredBlocks, e.hurryFunc())
	if err != nil {
		return nil, err
	}
	// Each round explores fn from fresh inputs; a round after the first
	// has the larger input bounds the one before asked for
	// (inputbounds.go), and shares the budget. It starts when the round
	// before has run out of states, or a while after the growth was asked
	// for (growthDue); the states of the round before are dropped, since
	// the new round covers their inputs too.
	for e.round = 1; ; e.round++ {
		if e.pruner != nil {
			e.pruner.Begin(fn)
		}
		for _, s := range e.inputs.initialStates(fn) {
			if e.pruner != nil {
				// A value pinned while the inputs were built is part of
				// the initial state: its condition holds the pin.
				s.lostSide = false
				e.pruner.Root(s)
			}
			e.searcher.Add(s)
		}
		e.pruning = e.pruner != nil
		e.search()
		e.pruning = false
		if e.stopEarly() || e.round == maxRounds || !e.inputs.grow() {
			break
		}
		e.searcher, _ = newSearcher(e.cfg.Searcher, e.cfg.Seed+uint64(e.round), e.summary.CoveredBlocks, e.hurryFunc())
		// Exhaustiveness is the last round's: it covers every input within
		// the bounds of the rounds before.
		e.summary.Exhausted = true
	}
	grown, asked := e.inputs.grown()
	if asked {
		e.summary.Exhausted = false // a growth asked for was not carried out
	}
	e.summary.Grown = grown
	// Whatever is left was cut off by the budget.
	for e.searcher.Len() > 0 {
		s := e.searcher.Select()
		e.finish(s, EndBudget, 0, "budget")
	}
	for _, pass := range afterPasses {
		pass.run(e, outer, fn)
	}
	for b := range e.summary.CoveredBlocks {
		if b.Parent() == fn {
			e.summary.Covered++
		}
	}
	e.summary.Elapsed = time.Since(e.started)
	return e.summary, nil
}

// maxRounds bounds the rounds of exploration with growing input bounds.
const maxRounds = 8
