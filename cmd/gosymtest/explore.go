package main

import (
	"context"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/rs/zerolog"
	"golang.org/x/tools/go/ssa"
)

// explored is what exploring one target gave.
type explored struct {
	target
	skipped string // why it was not explored; "" when it was
	summary *machine.Summary
	paths   []*machine.PathEnd
	// solver is the solver chain's work: Queries and Time are Z3's,
	// Layers the chain's layers, outermost first.
	solver solver.Stats
}

// interruptedReason is the skip reason of a target whose exploration an
// interrupt cut short or never started: its paths are dropped, since they
// cover an arbitrary part of the function.
const interruptedReason = "interrupted before its exploration finished"

// exploreTargets runs the symbolic executor on each target in turn, within
// the per-function budget, and logs what each gave. When ctx is cancelled
// (the run is interrupted) it stops: the target being explored and those
// after it are returned skipped with interruptedReason, so that only
// finished explorations give tests. done is told of each target done.
func exploreTargets(ctx context.Context, prog *loader.Program, targets []target, cfg config, log zerolog.Logger, done func()) []explored {
	var results []explored
	// One Inits for the run: each package's init runs once, whatever the
	// number of functions (and engines) that need it.
	inits := machine.NewInits(machine.InitBudget{Work: int64(cfg.initWork), Time: cfg.initBudget})
	inits.NoPrebuild = cfg.noPrebuild
	// One detector for the run: what it learns of the program (the
	// relevant branches) does not depend on the function explored.
	fns := make([]*ssa.Function, 0, len(targets))
	for _, t := range targets {
		fns = append(fns, t.fn)
	}
	pruner := cfg.prune.pruner(prog.SSA, fns)
	logged := 0
	for _, t := range targets {
		r := explored{target: t}
		if ctx.Err() != nil {
			r.skipped = interruptedReason
			results = append(results, r)
			continue
		}
		if reason := symbolic.SkipReason(t.fn); reason != "" {
			r.skipped = reason
			log.Info().Str("func", t.name).Str("reason", reason).Msg("skipped")
			results = append(results, r)
			done()
			continue
		}
		sum, stats, err := exploreOne(ctx, prog, t, cfg, inits, pruner, &r)
		logged = logInitFailures(log, inits, logged)
		switch {
		case ctx.Err() != nil:
			// The exploration returned early; a path cut off by the
			// interrupt is not one the budget cut off, and the summary
			// claims nothing about it.
			r = explored{target: t, skipped: interruptedReason}
			log.Info().Str("func", t.name).Msg("interrupted: its paths are left out")
		case err != nil:
			r.skipped = err.Error()
			log.Warn().Str("func", t.name).Err(err).Msg("skipped")
			done()
		default:
			r.summary, r.solver = sum, stats
			logExplored(log, &r)
			done()
		}
		results = append(results, r)
	}
	return results
}

// exploreOne explores one function with a solver of its own: Z3's answers
// depend on the queries it saw before, so sharing one across functions
// would make a function's tests depend on how far the previous function
// got within its time budget. pruner is the Config.Pruner (nil for
// -prune none).
func exploreOne(ctx context.Context, prog *loader.Program, t target, cfg config, inits *machine.Inits, pruner func() machine.Pruner, r *explored) (*machine.Summary, solver.Stats, error) {
	core, err := z3.New(z3.Options{Timeout: cfg.solverTimeout(), NoIncremental: cfg.noIncremental, EscalateAfter: cfg.escalateAfter()})
	if err != nil {
		return nil, solver.Stats{}, err
	}
	chain, err := solver.NewChain(core, cfg.solverChain(t.fn.String()))
	if err != nil {
		core.Close()
		return nil, solver.Stats{}, err
	}
	defer chain.Close()
	engine := symbolic.NewEngine(prog.SSA, machine.Config{
		Solver:   chain,
		Sink:     machine.SinkFunc(func(p *machine.PathEnd) { r.paths = append(r.paths, p) }),
		Budget:   cfg.budget,
		MaxPaths: cfg.maxPaths,
		MaxWork:  int64(cfg.maxWork),
		Seed:     cfg.seed,
		Bounds:   cfg.bounds(),
		Inits:    inits,

		NoBoundaries: cfg.noBoundaries,
		NoDictionary: cfg.noDictionary,
		NoMutants:    cfg.noMutants,
		NilAnywhere:  cfg.nilAnywhere,
		Pruner:       pruner,

		NoFinishEarly: cfg.noFinishEarly,
	})
	sum, err := engine.Explore(ctx, t.fn)
	return sum, chain.Stats(), err
}

// logInitFailures logs the package initialisations that failed since the
// first done of them were logged, and returns how many are logged now.
func logInitFailures(log zerolog.Logger, inits *machine.Inits, done int) int {
	failures := inits.Failures()
	for _, f := range failures[done:] {
		if f.Partial {
			log.Info().Str("package", f.Package).Str("reason", f.Reason).
				Msg("package initialised in part: paths that read its variables back no claim")
			continue
		}
		log.Warn().Str("package", f.Package).Str("reason", f.Reason).
			Msg("package initialisation failed: paths that read its variables stop there")
	}
	return len(failures)
}

func logExplored(log zerolog.Logger, r *explored) {
	ev := log.Info().
		Str("func", r.name).
		Int("paths", r.summary.Paths).
		Int("blocks", r.summary.Blocks).
		Int("covered", r.summary.Covered).
		Bool("exhausted", r.summary.Exhausted).
		Int64("work", r.summary.Work)
	if len(r.summary.Grown) > 0 {
		ev = ev.Interface("grown", r.summary.Grown)
	}
	if r.summary.RunToEnd {
		ev = ev.Bool("run_to_end", true)
	}
	if r.summary.FinishedEarly > 0 {
		ev = ev.Bool("finished_early", true)
	}
	for kind, n := range r.summary.Ends {
		ev = ev.Int(kind.String(), n)
	}
	ev.Msg("explored")
	for _, p := range r.paths {
		if p.Kind == machine.EndInternal {
			log.Warn().Str("func", r.name).Str("reason", p.Reason).Msg("executor error on a path (a bug in gosymtest)")
		}
	}
}
