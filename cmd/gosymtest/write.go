package main

import (
	"context"
	"io"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/report"
	"github.com/gosymtest/gosymtest/testgen"
	"github.com/rs/zerolog"
	"golang.org/x/tools/go/ssa"
)

// writeTests turns the explored paths into a test file per package,
// validated with go test, and returns how many cases were written and
// dropped, the disagreements between the interpreter and Go, and what the
// written tests cover.
//
// Up to -p packages are generated and validated at once. Each logs into
// a heldLog and counts into a testsWritten of its own; they are merged,
// and their logs written to logOut, in the order of the program's
// packages, so that the figures and the log's content do not depend on
// -p.
//
// Validation runs under intr.write, which only a second interrupt
// cancels, and each package's file is written inside intr.writing.
func writeTests(intr *interrupts, prog *loader.Program, results []explored, cfg config, log zerolog.Logger, logOut io.Writer) (w testsWritten, failed bool) {
	ctx := intr.write
	w.perFunc = make(map[string]int)
	w.tested = report.NewTested()
	byPkg := make(map[string][]testgen.FuncTests)
	for _, r := range results {
		if r.summary == nil {
			continue
		}
		ft := testgen.FuncTests{Func: r.fn}
		for _, p := range r.paths {
			if c, ok := p.Case(); ok {
				ft.Cases = append(ft.Cases, c)
			}
		}
		if len(ft.Cases) > 0 {
			byPkg[r.pkg] = append(byPkg[r.pkg], ft)
		}
	}
	var jobs []*pkgWrite
	for _, pkg := range prog.Packages {
		if funcs := byPkg[pkg.Path]; len(funcs) > 0 {
			jobs = append(jobs, &pkgWrite{pkg: pkg, funcs: funcs})
		}
	}
	forEachInOrder(len(jobs), cfg.parallel, func(i int) {
		jobs[i].run(ctx, intr, cfg, log)
	}, func(i int) bool {
		j := jobs[i]
		j.log.release(logOut)
		if j.quit {
			return false // interrupted twice: nothing more is written
		}
		w.add(j.w)
		if err := w.tested.AddProfile(j.profile); err != nil {
			log.Error().Str("package", j.pkg.Path).Err(err).Msg("cannot read the coverage of the written tests")
			failed = true
		}
		failed = failed || j.failed
		return true
	})
	return w, failed
}

// pkgWrite is the generation and validation of one package's tests, run
// beside others': what it counted, the coverage profile of its written
// tests, and its log, for writeTests to merge in package order.
type pkgWrite struct {
	pkg   *loader.Package
	funcs []testgen.FuncTests

	w       testsWritten // perFunc, disagreements, panics, fuzz; not tested
	profile []byte       // rep.CoverProfile; nil when no file was written
	failed  bool
	quit    bool // a second interrupt stopped it: nothing more is written
	log     heldLog
}

// run writes the package's tests (and with -fuzz-seeds its fuzz targets).
// It does nothing once ctx, intr.write, has ended.
func (j *pkgWrite) run(ctx context.Context, intr *interrupts, cfg config, runLog zerolog.Logger) {
	if ctx.Err() != nil {
		return
	}
	log := j.log.logger(runLog)
	pkg, funcs, w := j.pkg, j.funcs, &j.w
	w.perFunc = make(map[string]int)
	opts := testgen.Options{FileName: cfg.shard.testFileName(), AllPaths: cfg.allPaths, CheckAll: cfg.checkAllPaths, Validate: true, Cover: true}
	var rep *testgen.Report
	var err error
	if cfg.fuzzSeeds {
		// The fuzz file of an earlier run is rewritten below; until
		// then it must not break the validation of the unit tests
		// (it may call a function since renamed). A failure (a file
		// of that name that gosymtest did not write) is reported
		// when the targets are written.
		intr.writing(func() { _ = removeFuzzFile(pkg.Dir) })
	}
	intr.writing(func() {
		rep, err = testgen.Generate(ctx, testgen.Package{Dir: pkg.Dir, Types: pkg.Types, GoVersion: pkg.Types.GoVersion()}, funcs, opts)
	})
	if rep == nil {
		j.quit = true // interrupted twice: nothing more is written
		return
	}
	w.runs += rep.TestRuns
	for _, s := range rep.Skipped {
		log.Info().Str("package", pkg.Path).Msg("case left out: " + s)
	}
	for _, d := range rep.Dropped {
		w.dropped++
		ev := log.Warn().Str("package", pkg.Path).Str("test", d.Test).Str("case", d.Case).
			Str("inputs", d.Inputs).Str("want", d.Want).Str("got", d.Got)
		if d.NotCompiled {
			w.notCompiled++
			ev.Msg("dropped a case that does not compile (a bug in writing the test)")
			continue
		}
		ev.Msg("disagreement: dropped a case that failed under go test (the interpreter and Go disagree)")
		w.disagreements = append(w.disagreements, report.Disagreement{
			Package: pkg.Path, Function: funcName(d.Func), Test: d.Test, Case: d.Case,
			Inputs: d.Inputs, Expected: d.Want, Got: d.Got,
		})
	}
	if err != nil && intr.quitting() {
		j.quit = true // interrupted twice: validation was abandoned
		return
	}
	if err != nil {
		log.Error().Str("package", pkg.Path).Err(err).Msg("no test file written")
		j.failed = true
	} else if rep.Path != "" {
		log.Info().Str("package", pkg.Path).Int("tests", rep.Kept).Str("file", rep.Path).Msg("wrote tests")
	}
	if cfg.fuzzSeeds {
		// Even without a test file: the seeds are checked on their own.
		intr.writing(func() { w.fuzz = addFuzz(ctx, w.fuzz, pkg, funcs, log) })
	}
	if err != nil {
		return
	}
	w.emitted += rep.Kept
	w.panicsDropped += rep.PanicsDropped
	for _, f := range rep.PanicsFound {
		w.panics = append(w.panics, report.PanicFound{Package: pkg.Path, Function: funcName(f.Func), Test: f.Test, Call: f.Call, Message: f.Message})
	}
	j.profile = rep.CoverProfile
	for fn, n := range rep.KeptPerFunc {
		w.perFunc[pkg.Path+"."+loader.FuncName(fn)] = n
	}
}

// add adds what one package's tests counted to w (not what they cover:
// writeTests adds their profile).
func (w *testsWritten) add(p testsWritten) {
	w.emitted += p.emitted
	w.dropped += p.dropped
	w.notCompiled += p.notCompiled
	w.runs += p.runs
	for k, n := range p.perFunc {
		w.perFunc[k] = n
	}
	w.disagreements = append(w.disagreements, p.disagreements...)
	w.panics = append(w.panics, p.panics...)
	w.panicsDropped += p.panicsDropped
	w.fuzz = w.fuzz.add(p.fuzz)
}

// funcName names a function under test as -stats does, "" for none.
func funcName(fn *ssa.Function) string {
	if fn == nil {
		return ""
	}
	return loader.FuncName(fn)
}
