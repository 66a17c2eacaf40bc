package main

import (
	"context"
	"sync"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/rs/zerolog"
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

// exploreTargets runs the symbolic executor on the targets, -p of them
// at once, each within its budget (runClock.budget), and logs what each
// gave. The results are in the order of targets, whatever the order the
// explorations finished in. When ctx ends (an interrupt, or -timeout:
// cutReason) it stops: the targets being explored and those not started
// are returned skipped, so that only finished explorations give tests.
// done is told of each target done. all are the targets of the whole
// run, before -shard: a shard prepares what the engines share (the
// inits, the detector whose finish rule leaves the code of the other
// targets to their own exploration) from them, as the unsharded run
// does, so that each function is explored as it is there and the
// merged shards write what that run writes.
func exploreTargets(ctx context.Context, prog *loader.Program, targets, all []target, cfg config, log zerolog.Logger, done func()) []explored {
	results := make([]explored, len(targets))
	sh := prepareShared(ctx, prog, all, cfg, log)
	explorable := 0
	for _, t := range targets {
		if symbolic.SkipReason(t.fn) == "" {
			explorable++
		}
	}
	clock := newRunClock(ctx, cfg.parallel, explorable)
	forEach(len(targets), cfg.parallel, func(i int) {
		results[i] = exploreTarget(ctx, prog, targets[i], cfg, sh, clock, log, done)
	})
	logTimeout(ctx, log, results)
	return results
}

// exploreTarget explores t, unless it is not to be explored, and logs
// what it gave.
func exploreTarget(ctx context.Context, prog *loader.Program, t target, cfg config, sh *shared, clock *runClock, log zerolog.Logger, done func()) explored {
	r := explored{target: t}
	if ctx.Err() != nil {
		r.skipped = cutReason(ctx)
		return r
	}
	if reason := symbolic.SkipReason(t.fn); reason != "" {
		r.skipped = reason
		log.Info().Str("func", t.name).Str("reason", reason).Msg("skipped")
		done()
		return r
	}
	sum, stats, err := exploreOne(ctx, prog, t, cfg, clock.budget(cfg.budget), sh, &r)
	sh.initLog.flush(log, sh.inits)
	switch {
	case ctx.Err() != nil:
		// The exploration returned early; a path cut off by the
		// interrupt or -timeout is not one the budget cut off, and the
		// summary claims nothing about it.
		r = explored{target: t, skipped: cutReason(ctx)}
		if r.skipped == timeoutReason {
			log.Info().Str("func", t.name).Msg("cut by -timeout: its paths are left out")
		} else {
			log.Info().Str("func", t.name).Msg("interrupted: its paths are left out")
		}
	case err != nil:
		r.skipped = err.Error()
		log.Warn().Str("func", t.name).Err(err).Msg("skipped")
		done()
	default:
		r.summary, r.solver = sum, stats
		logExplored(log, &r)
		done()
	}
	return r
}

// exploreOne explores one function with a solver of its own: Z3's answers
// depend on the queries it saw before, so sharing one across functions
// would make a function's tests depend on how far the previous function
// got within its time budget. budget is the function's (runClock.budget);
// sh holds what all engines share.
func exploreOne(ctx context.Context, prog *loader.Program, t target, cfg config, budget time.Duration, sh *shared, r *explored) (*machine.Summary, solver.Stats, error) {
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
	mc := engineConfig(cfg, sh)
	mc.Solver = chain
	mc.Sink = machine.SinkFunc(func(p *machine.PathEnd) { r.paths = append(r.paths, p) })
	mc.Budget = budget
	sum, err := symbolic.NewEngine(prog.SSA, mc).Explore(ctx, t.fn)
	return sum, chain.Stats(), err
}

// initLog logs each package initialisation that failed once, whichever
// of the engines exploring at once ran it or saw it first. It is safe
// for concurrent use.
type initLog struct {
	mu     sync.Mutex
	logged int // how many of the Inits' failures are logged
}

// flush logs the failures of inits not logged yet.
func (l *initLog) flush(log zerolog.Logger, inits *machine.Inits) {
	l.mu.Lock()
	defer l.mu.Unlock()
	failures := inits.Failures()
	for _, f := range failures[l.logged:] {
		if f.Partial {
			log.Info().Str("package", f.Package).Str("reason", f.Reason).
				Msg("package initialised in part: paths that read its variables back no claim")
			continue
		}
		log.Warn().Str("package", f.Package).Str("reason", f.Reason).
			Msg("package initialisation failed: paths that read its variables stop there")
	}
	l.logged = len(failures)
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
