package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/store"
	"github.com/rs/zerolog"
)

// Exit statuses; doc.go documents them.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// run is the whole command: it parses args, loads the packages, lists
// the selected targets on stdout, explores them, writes the tests (and
// with -fuzz-seeds the fuzz targets) of each package, prints the coverage
// summary, writes the -coverprofile, -report and -stats files, logs to
// stderr, and returns the exit status. An interrupt cuts the exploration
// short (interrupt.go), and so does -timeout (timeout.go), which leaves
// the exit status alone.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runMerge(args[1:], stdout, stderr)
	}
	cfg, err := parseArgs(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, helpText())
		return exitOK
	case err != nil:
		fmt.Fprintf(stderr, "gosymtest: %v\n%s", err, shortUsage)
		return exitUsage
	}
	if cfg.version {
		fmt.Fprintln(stdout, "gosymtest", version())
		return exitOK
	}

	began := time.Now()
	// The progress line is for people at a terminal; logs to a pipe or a
	// file, and JSON logs, stay free of it.
	statusLine := newProgress(stderr, !cfg.logJSON && !cfg.dryRun && isTerminal(stderr))
	log, logOut := newLogger(statusLine, isColorTerminal(stderr), cfg.logJSON, cfg.verbose)
	log.Debug().
		Strs("patterns", cfg.patterns).
		Stringer("budget", cfg.budget).
		Int("max_paths", cfg.maxPaths).
		Stringer("prune", pruneMode{&cfg.prune}).
		Stringer("prune_off", pruneOff{&cfg.prune.opts}).
		Bool("dry_run", cfg.dryRun).
		Msg("configuration")

	dir, err := os.Getwd()
	if err != nil {
		log.Error().Err(err).Msg("cannot find the current directory")
		return exitFail
	}
	status := exitOK
	prog, err := loader.Load(loader.Config{Dir: dir, Patterns: cfg.patterns})
	if prog != nil {
		// A broken package is reported and skipped; the run goes on with
		// the rest and fails only when nothing could be loaded.
		for _, e := range prog.Errors {
			logLoadError(log, e)
		}
	}
	var all, selected []target // all: before -shard
	var st store.Store
	var results []explored
	var written testsWritten
	var intr *interrupts // nil until exploring starts
	if err != nil {
		log.Error().Err(err).Msg("nothing could be loaded")
		status = exitFail
	} else {
		all = selectTargets(prog, cfg.run, dir)
		selected = cfg.shard.filter(all)
		if err := printTargets(stdout, selected, throughListed(prog, selected, dir)); err != nil {
			log.Error().Err(err).Msg("cannot write the list of functions")
			status = exitFail
		}
		log.Info().
			Int("packages", len(prog.Packages)).
			Int("functions", len(selected)).
			Stringer("shard", cfg.shard).
			Msg("loaded")
		if len(selected) == 0 && cfg.run != nil {
			log.Warn().Str("run", cfg.run.String()).Msg("no function matches -run")
		}
		if !cfg.dryRun {
			intr = watchSignals(log, statusLine.stop)
			defer intr.stop()
			st = openStore(intr.explore, cfg, log)
			cfg.solverStore = st
			statusLine.start(len(selected))
			// -timeout counts from the start of the run, loading
			// included; it ends the exploration, not the writing.
			explore, stopClock := withTimeout(intr.explore, began, cfg.timeout)
			results = exploreTargets(explore, prog, selected, all, cfg, log, statusLine.finished)
			stopClock()
			if st != nil {
				if err := st.Close(); err != nil {
					log.Warn().Err(err).Msg("-store: closing the store")
				}
			}
			statusLine.setPhase("writing tests")
			var failed bool
			written, failed = writeTests(intr, prog, results, cfg, log, logOut)
			if failed {
				status = exitFail
			}
			statusLine.stop()
		}
	}
	if intr.quitting() {
		// Interrupted twice: the watcher exits the process; the report
		// would come after what the user asked for.
		return intr.status()
	}

	rep := reportRun(prog, results, written, cfg, dir, stderr, log, intr)
	if rep.failed {
		status = exitFail
	}
	if cfg.stats != "" {
		intr.writing(func() {
			s := newStats(prog, dir, selected, results, written, rep.report, time.Since(began))
			s.Store = storeJSON(st)
			if cfg.shard.on() {
				s.Shard = newShardJSON(cfg.shard, all, rep.report)
			}
			if err := writeStatsFile(cfg.stats, s); err != nil {
				log.Error().Err(err).Str("file", cfg.stats).Msg("cannot write the statistics file")
				status = exitFail
			} else {
				log.Debug().Str("file", cfg.stats).Msg("wrote statistics")
			}
		})
	}
	if code := intr.status(); code != 0 {
		// Interrupted: what was written is complete, but the run is not.
		return code
	}
	return status
}

// logLoadError logs why a package was left out, with the position first
// in the message so that editors and people find the file and line.
func logLoadError(log zerolog.Logger, e loader.LoadError) {
	msg := e.Msg
	if e.Pos != "" {
		msg = e.Pos + ": " + e.Msg
	}
	log.Error().Str("package", e.Package).Msg(msg)
}
