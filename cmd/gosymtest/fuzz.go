package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/testgen"
	"github.com/rs/zerolog"
)

// fuzzWritten counts what -fuzz-seeds wrote.
type fuzzWritten struct {
	targets, seeds int
	// perFunc is the target written for each function, by
	// "package.Func" as -stats names functions.
	perFunc map[string]fuzzTargetWritten
	why     string // why one package got no target
}

// add is w with what p, another package's, wrote added.
func (w fuzzWritten) add(p fuzzWritten) fuzzWritten {
	w.targets += p.targets
	w.seeds += p.seeds
	for fn, t := range p.perFunc {
		if w.perFunc == nil {
			w.perFunc = map[string]fuzzTargetWritten{}
		}
		w.perFunc[fn] = t
	}
	return w
}

// fuzzTargetWritten is the target written for one function.
type fuzzTargetWritten struct {
	name  string // FuzzXxx
	seeds int
}

// addFuzz writes the fuzz targets of pkg, logs what it wrote or why it
// wrote nothing, and adds the counts to w. A package without a target
// (no function has fuzzable parameters) is not logged.
func addFuzz(ctx context.Context, w fuzzWritten, pkg *loader.Package, funcs []testgen.FuncTests, log zerolog.Logger) fuzzWritten {
	got, err := writeFuzzSeeds(ctx, testgen.Package{Dir: pkg.Dir, Types: pkg.Types}, funcs, log)
	switch {
	case err != nil && ctx.Err() != nil:
	case err != nil:
		log.Warn().Str("package", pkg.Path).Err(err).Msg("no fuzz targets written")
	case got.why != "":
		log.Info().Str("package", pkg.Path).Msg("no fuzz targets: " + got.why)
	case got.targets > 0:
		log.Info().Str("package", pkg.Path).Int("targets", got.targets).Int("seeds", got.seeds).
			Str("file", filepath.Join(pkg.Dir, testgen.FuzzFileName)).Msg("wrote fuzz targets")
	}
	w.targets += got.targets
	w.seeds += got.seeds
	for fn, t := range got.perFunc {
		if w.perFunc == nil {
			w.perFunc = map[string]fuzzTargetWritten{}
		}
		w.perFunc[pkg.Path+"."+fn] = t
	}
	return w
}

// writeFuzzSeeds writes the package's fuzz targets and seed corpora
// (-fuzz-seeds) and checks them with go test, which runs every seed as a
// test: a seed that fails there (Go disagrees with the interpreter about
// its panic) is dropped, and if the file still fails, or does not build,
// no target is written and the seeds written for it are removed. The
// file is validated through an overlay with its seeds in place, and only
// then renamed into the package, so it is never there unchecked.
func writeFuzzSeeds(ctx context.Context, pkg testgen.Package, funcs []testgen.FuncTests, log zerolog.Logger) (fuzzWritten, error) {
	fz, err := testgen.FuzzSeeds(pkg, funcs)
	if err != nil {
		return fuzzWritten{}, err
	}
	if fz.Source == nil {
		return fuzzWritten{why: fz.Why}, testgen.WriteFuzz(pkg.Dir, fz)
	}
	if err := testgen.WriteSeeds(pkg.Dir, fz); err != nil {
		return fuzzWritten{}, err
	}
	for round := 1; ; round++ {
		failing, err := runFuzzTargets(ctx, pkg.Dir, fz)
		if err == nil && len(failing) > 0 && round == 1 {
			for target, seeds := range failing {
				for seed := range seeds {
					log.Warn().Str("package", pkg.Types.Path()).Str("target", target).Str("seed", seed).
						Msg("dropped a fuzz seed that fails under go test (the interpreter and Go disagree)")
				}
				fz.DropSeeds(target, seeds)
			}
			if err := testgen.WriteSeeds(pkg.Dir, fz); err != nil {
				return fuzzWritten{}, err
			}
			continue
		}
		if err == nil && len(failing) > 0 {
			err = fmt.Errorf("the fuzz targets still fail under go test")
		}
		if err != nil {
			// Take back the seeds: none of the targets is written.
			none := &testgen.Fuzz{}
			for _, t := range fz.Targets {
				none.Targets = append(none.Targets, testgen.FuzzTarget{Name: t.Name})
			}
			if rmErr := testgen.WriteFuzz(pkg.Dir, none); rmErr != nil {
				return fuzzWritten{}, fmt.Errorf("%w; removing the seeds: %v", err, rmErr)
			}
			return fuzzWritten{}, err
		}
		break
	}
	if err := testgen.WriteFuzz(pkg.Dir, fz); err != nil {
		return fuzzWritten{}, err
	}
	w := fuzzWritten{targets: len(fz.Targets), perFunc: map[string]fuzzTargetWritten{}}
	for _, t := range fz.Targets {
		w.seeds += len(t.Seeds)
		w.perFunc[loader.FuncName(t.Func)] = fuzzTargetWritten{name: t.Name, seeds: len(t.Seeds)}
	}
	return w, nil
}

// removeFuzzFile removes the fuzz file an earlier run wrote in dir, if
// any (a file of that name gosymtest did not write is an error).
func removeFuzzFile(dir string) error {
	return testgen.WriteFuzz(dir, &testgen.Fuzz{})
}

// fuzzTimeout bounds the go test run that checks the seeds.
const fuzzTimeout = 2 * time.Minute

// runFuzzTargets runs fz's targets with their seeds under go test (not
// fuzzing: each seed is a subtest) with fz's source in place through an
// overlay, and returns the seeds that failed, by target. An error says
// the run failed otherwise (a build failure, the context's end).
func runFuzzTargets(ctx context.Context, dir string, fz *testgen.Fuzz) (map[string]map[string]bool, error) {
	tmp, err := os.MkdirTemp("", "gosymtest-fuzz-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	source := filepath.Join(tmp, "fuzz.go")
	if err := os.WriteFile(source, fz.Source, 0o644); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(filepath.Join(dir, testgen.FuzzFileName))
	if err != nil {
		return nil, err
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {abs: source}})
	if err != nil {
		return nil, err
	}
	overlayFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		return nil, err
	}
	var names []string
	for _, t := range fz.Targets {
		names = append(names, regexp.QuoteMeta(t.Name))
	}
	cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-json", "-vet=off", "-overlay", overlayFile,
		"-timeout", fuzzTimeout.String(), "-run", "^("+strings.Join(names, "|")+")$", ".")
	cmd.Dir = dir
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if runErr == nil {
		return nil, nil
	}
	failing := map[string]map[string]bool{}
	failedTargets := map[string]bool{}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var ev struct{ Action, Test string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Action != "fail" || ev.Test == "" {
			continue
		}
		target, seed, isSeed := strings.Cut(ev.Test, "/")
		if !isSeed {
			failedTargets[target] = true
			continue
		}
		if failing[target] == nil {
			failing[target] = map[string]bool{}
		}
		failing[target][seed] = true
	}
	for target := range failedTargets {
		if len(failing[target]) == 0 {
			return nil, fmt.Errorf("%s fails under go test, not in a seed:\n%s%s", target, stdout.String(), stderr.String())
		}
	}
	if len(failing) == 0 {
		return nil, fmt.Errorf("go test on the fuzz targets: %v\n%s", runErr, strings.TrimSpace(stderr.String()+stdout.String()))
	}
	return failing, nil
}
