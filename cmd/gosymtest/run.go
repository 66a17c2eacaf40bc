package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/rs/zerolog"
)

// Exit statuses; doc.go documents them.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// run is the whole command: it parses args, loads the packages, lists
// the selected targets on stdout, logs to stderr, writes the statistics
// file, and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
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
	log := newLogger(stderr, cfg.logJSON, cfg.verbose)
	log.Debug().
		Strs("patterns", cfg.patterns).
		Stringer("budget", cfg.budget).
		Int("max_paths", cfg.maxPaths).
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
	var selected []target
	var results []explored
	var written testsWritten
	if err != nil {
		log.Error().Err(err).Msg("nothing could be loaded")
		status = exitFail
	} else {
		selected = selectTargets(prog, cfg.run, dir)
		if err := printTargets(stdout, selected); err != nil {
			log.Error().Err(err).Msg("cannot write the list of functions")
			status = exitFail
		}
		log.Info().
			Int("packages", len(prog.Packages)).
			Int("functions", len(selected)).
			Msg("loaded")
		if len(selected) == 0 && cfg.run != nil {
			log.Warn().Str("run", cfg.run.String()).Msg("no function matches -run")
		}
		if !cfg.dryRun {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			results, err = exploreTargets(ctx, prog, selected, cfg, log)
			if err != nil {
				log.Error().Err(err).Msg("exploration stopped")
				status = exitFail
			} else {
				var failed bool
				written, failed = writeTests(ctx, prog, results, cfg, log)
				if failed {
					status = exitFail
				}
			}
			stop()
		}
	}

	rep := reportRun(prog, results, written, cfg, dir, stderr, log)
	if rep.failed {
		status = exitFail
	}
	if cfg.stats != "" {
		if err := writeStatsFile(cfg.stats, newStats(prog, selected, results, written, rep.report, time.Since(began))); err != nil {
			log.Error().Err(err).Str("file", cfg.stats).Msg("cannot write the statistics file")
			status = exitFail
		} else {
			log.Debug().Str("file", cfg.stats).Msg("wrote statistics")
		}
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
