package main

import (
	"context"
	"fmt"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/rs/zerolog"
	"golang.org/x/tools/go/ssa"
)

// shared is what the engines of a run share: the package initialisation
// and the redundant-state detector's analyses. Each is safe for
// concurrent use; prepareShared makes the part of each whose result would
// depend on which function came first before any engine starts, so that
// with -p the engines, whatever their order, start from what one engine
// exploring the targets in turn would have.
type shared struct {
	// inits runs each package's init once for the run, whatever the
	// number of functions (and engines) that need it.
	inits *machine.Inits
	// pruner is the Config.Pruner (nil for -prune none): one detector
	// factory for the run, since what it learns of the program (the
	// relevant branches) does not depend on the function explored.
	pruner  func() machine.Pruner
	initLog initLog
}

// prepareShared makes what the engines exploring targets share, and
// readies it:
//
//   - It runs the init of every target's package, in the targets' order,
//     before any function is explored. An engine starts from a snapshot
//     of the memory the inits left so far, whose object numbering counts
//     every init run before: were inits run on demand, a function's
//     snapshot would depend on which other functions had started before
//     it, which -p makes a matter of scheduling.
//   - It prepares the detector for the first target explored, as a run
//     without -p would first: the mod analysis runs once, from the
//     targets and the package of the first function prepared, which
//     would otherwise be whichever engine came first.
func prepareShared(ctx context.Context, prog *loader.Program, targets []target, cfg config, log zerolog.Logger) *shared {
	sh := &shared{inits: machine.NewInits(machine.InitBudget{Work: int64(cfg.initWork), Time: cfg.initBudget})}
	sh.inits.NoPrebuild = cfg.noPrebuild
	fns := make([]*ssa.Function, 0, len(targets))
	var explorable []*ssa.Function
	for _, t := range targets {
		fns = append(fns, t.fn)
		if symbolic.SkipReason(t.fn) == "" {
			explorable = append(explorable, t.fn)
		}
	}
	sh.pruner = cfg.prune.pruner(prog.SSA, fns)
	if err := initPackages(ctx, prog, explorable, cfg, sh); err != nil {
		log.Warn().Err(err).Msg("package initialisation before exploring failed: each engine initialises the packages it needs")
	}
	sh.initLog.flush(log, sh.inits)
	if sh.pruner != nil && len(explorable) > 0 && ctx.Err() == nil {
		sh.pruner().Prepare(explorable[0])
	}
	return sh
}

// initPackages runs the inits of the packages of fns, in the order of
// fns, on an engine of its own, until ctx ends. An error (Z3 would not
// start, or the executor failed) leaves the inits not run to the
// explorations, which run them on demand as before.
func initPackages(ctx context.Context, prog *loader.Program, fns []*ssa.Function, cfg config, sh *shared) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("initialising packages: %s", machine.InternalReason(r))
		}
	}()
	// Inits run concretely; the solver is there for an engine's sake.
	core, err := z3.New(z3.Options{Timeout: cfg.solverTimeout(), NoIncremental: cfg.noIncremental})
	if err != nil {
		return err
	}
	defer core.Close()
	mc := engineConfig(cfg, sh)
	mc.Solver, mc.Pruner = core, nil
	e := symbolic.NewEngine(prog.SSA, mc)
	e.Ctx = ctx
	seen := map[*ssa.Package]bool{}
	for _, fn := range fns {
		pkg := loader.PackageOf(fn)
		if pkg == nil || seen[pkg] || ctx.Err() != nil {
			continue
		}
		seen[pkg] = true
		e.InitMemory(pkg)
	}
	return nil
}

// engineConfig is the machine.Config the flags set for every engine of
// the run; the caller adds the solver, the sink and the budget.
func engineConfig(cfg config, sh *shared) machine.Config {
	return machine.Config{
		MaxPaths: cfg.maxPaths,
		MaxWork:  int64(cfg.maxWork),
		Seed:     cfg.seed,
		Bounds:   cfg.bounds(),
		Inits:    sh.inits,

		NoBoundaries: cfg.noBoundaries,
		NoDictionary: cfg.noDictionary,
		NoMutants:    cfg.noMutants,
		NilAnywhere:  cfg.nilAnywhere,
		Pruner:       sh.pruner,

		NoFinishEarly: cfg.noFinishEarly,
	}
}
