package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/report"
	"github.com/rs/zerolog"
)

// reported is what reporting the run gave: the report (nil when nothing
// was explored) and whether writing it failed.
type reported struct {
	report *report.Report
	failed bool
}

// reportRun builds the coverage report of the explored targets, prints
// its summary at the end of the log (as a log event with -log-json), and
// writes the -coverprofile and -report files.
//
// Coverage is what the written tests ran (written.tested); with no tests
// written (the exploration stopped), it is nothing.
//
// The files are written holding intr's lock (intr may be nil).
func reportRun(prog *loader.Program, results []explored, written testsWritten, cfg config, dir string, stderr io.Writer, log zerolog.Logger, intr *interrupts) reported {
	if prog == nil || prog.SSA == nil || len(results) == 0 {
		if cfg.coverProfile != "" || cfg.report != "" {
			log.Warn().Msg("nothing was explored: no coverage profile or report written")
		}
		return reported{}
	}
	tested := written.tested
	if tested == nil {
		tested = report.NewTested()
	}
	r, err := buildReport(prog, results, tested, cfg, dir)
	if err != nil {
		log.Error().Err(err).Msg("cannot build the coverage report")
		return reported{failed: true}
	}
	r.PanicsFound = append(r.PanicsFound, written.panics...)
	t := r.Totals
	if t.Unmatched > 0 {
		log.Warn().Int("statements", t.Unmatched).Msg("go test's coverage of the emitted tests lacks some blocks the report has; they count as uncovered")
	}
	log.Info().Int("statements", t.Statements).Int("covered", t.Covered).Int("executor_covered", t.ExecutorCovered).Int("dead", t.Dead).Msg("coverage")
	if !cfg.logJSON {
		if err := r.WriteSummary(stderr); err != nil {
			log.Error().Err(err).Msg("cannot write the coverage summary")
			return reported{report: r, failed: true}
		}
	}
	var werr error
	intr.writing(func() { werr = writeReportFiles(r, cfg) })
	if werr != nil {
		log.Error().Err(werr).Msg("cannot write the coverage files")
		return reported{report: r, failed: true}
	}
	return reported{report: r}
}

// buildReport turns the explored targets into the coverage report.
// A block counts as covered when tested says a written test ran it.
func buildReport(prog *loader.Program, results []explored, tested *report.Tested, cfg config, dir string) (*report.Report, error) {
	root, module := findModule(dir)
	in := report.Input{
		Program:    prog.SSA,
		Bounds:     cfg.bounds(),
		Budget:     cfg.budget,
		MaxWork:    int64(cfg.maxWork),
		MaxPaths:   cfg.maxPaths,
		BaseDir:    root,
		ModulePath: module,
		Tested:     tested,
	}
	byPkg := make(map[string][]report.Func)
	for _, r := range results {
		byPkg[r.pkg] = append(byPkg[r.pkg], report.Func{Name: r.name, Fn: r.fn, Skipped: r.skipped, Summary: r.summary, Paths: r.paths})
	}
	for _, p := range prog.Packages {
		rp := report.Package{Path: p.Path, Dir: p.Dir, Funcs: byPkg[p.Path]}
		for _, th := range p.Through {
			rp.Through = append(rp.Through, report.Through{Name: loader.FuncName(th.Method), Fn: th.Method, Builders: builderNames(th)})
		}
		in.Packages = append(in.Packages, rp)
	}
	return report.Build(in)
}

// writeReportFiles writes the -coverprofile and -report files that were
// asked for.
func writeReportFiles(r *report.Report, cfg config) error {
	if cfg.coverProfile != "" {
		if err := writeFileAtomic(cfg.coverProfile, r.WriteProfile); err != nil {
			return err
		}
	}
	if cfg.report != "" {
		if err := writeFileAtomic(cfg.report, r.WriteJSON); err != nil {
			return err
		}
	}
	return nil
}

// writeFileAtomic writes path through a temporary file in the same
// directory and a rename, so that a reader sees the old file or the whole
// new one, never a part.
func writeFileAtomic(path string, write func(io.Writer) error) (err error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// CreateTemp makes the file 0600; these files are no secret.
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// findModule returns the directory of the go.mod at or above dir and the
// module path it declares; dir and "" when there is none.
func findModule(dir string) (root, module string) {
	for d := dir; ; d = filepath.Dir(d) {
		f, err := os.Open(filepath.Join(d, "go.mod"))
		if err == nil {
			defer f.Close()
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					return d, strings.Trim(strings.TrimSpace(rest), `"`)
				}
			}
			return d, ""
		}
		if filepath.Dir(d) == d {
			return dir, ""
		}
	}
}
