package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// corpusFile is one input the fuzzer kept, and when, counted from the
// start of the fuzz arm (functions are fuzzed one after another).
type corpusFile struct {
	Fuzz string // FuzzXxx
	Name string
	Data []byte
	At   time.Duration
}

// runFuzz is the native fuzzing arm: generated FuzzXxx wrappers, each
// fuzzed for the same budget gosymtest gets per function, then coverage
// measured by replaying the kept corpus with -coverprofile.
func runFuzz(b *bench, w *pkgWork) armResult {
	fuzzable := fuzzableOf(w.Selected)
	if len(fuzzable) == 0 {
		return armResult{Arm: "fuzz", Status: noFuzzable}
	}
	return fuzzArm(b, w, "fuzz", fuzzable, nil)
}

const noFuzzable = "no selected function has only natively fuzzable parameters"

// fuzzableOf keeps the functions native fuzzing can drive.
func fuzzableOf(funcs []funcDecl) []funcDecl {
	var out []funcDecl
	for _, f := range funcs {
		if f.Fuzz != nil {
			out = append(out, f)
		}
	}
	return out
}

// fuzzArm fuzzes the wrappers of the fuzzable functions one after
// another, starting from the wrappers' zero seed and the given seed
// corpus files (At 0), and measures coverage by replay. The arm's copy
// is the directory named after the arm.
func fuzzArm(b *bench, w *pkgWork, arm string, fuzzable []funcDecl, seeds []corpusFile) armResult {
	res := armResult{Arm: arm}
	dir := filepath.Join(w.Dir, arm)
	if err := copyPackage(w.Entry, w.Src, dir, false); err != nil {
		res.Status = "copy: " + err.Error()
		return res
	}
	if err := os.WriteFile(filepath.Join(dir, "bench_fuzz_test.go"), fuzzFile(w.Pkg.Name, fuzzable), 0o644); err != nil {
		res.Status = err.Error()
		return res
	}
	// The fuzzer keeps new inputs in GOCACHE/fuzz/IMPORTPATH/FuzzXxx; the
	// scratch import path is the harness's own, so clearing it removes
	// nothing of the user's, and each run starts from the seed alone.
	cacheRoot := filepath.Join(b.gocache, "fuzz", w.Entry.importPath())
	os.RemoveAll(cacheRoot)
	defer func() {
		os.RemoveAll(cacheRoot)
		os.Remove(filepath.Dir(cacheRoot)) // GOCACHE/fuzz/bench.local, once empty
	}()

	// Warm-up, not timed: the first fuzz build compiles the standard
	// library with coverage instrumentation, once per machine; charging
	// that to whichever package comes first would skew its row.
	command(dir, b.env, b.set.TestTimeout, "go", "test", "-run", "^$", "-fuzz", "^"+fuzzName(fuzzable[0])+"$", "-fuzztime", "1x", "./")
	os.RemoveAll(cacheRoot)
	os.RemoveAll(filepath.Join(dir, "testdata", "fuzz"))

	// The seed corpus goes where go test -fuzz reads it, and into the
	// replay at time 0: fuzzing starts from it.
	kept := append([]corpusFile{}, seeds...)
	if err := writeCorpus(filepath.Join(dir, "testdata", "fuzz"), kept, 0); err != nil {
		res.Status = "seed corpus: " + err.Error()
		return res
	}
	var elapsed time.Duration
	var crashed []string
	for _, f := range fuzzable {
		name := fuzzName(f)
		start := time.Now()
		r := command(dir, b.env, b.set.FuzzTime+b.set.TestTimeout, "go", "test", "-run", "^$",
			"-fuzz", "^"+name+"$", "-fuzztime", b.set.FuzzTime.String(), "./")
		if r.MaxRSSKB > res.MaxRSSKB {
			res.MaxRSSKB = r.MaxRSSKB
		}
		logf("    fuzzed %s for %v (exit: %v)", f.Name, r.Wall.Round(time.Millisecond), r.Err)
		if r.Err != nil {
			// A crasher (a fatal error, not a panic: those are recovered) is
			// written to testdata/fuzz and replayed with the rest.
			crashed = append(crashed, f.Name)
		}
		ents, _ := os.ReadDir(filepath.Join(cacheRoot, name))
		for _, e := range ents {
			info, err := e.Info()
			if err != nil {
				continue
			}
			data, err := os.ReadFile(filepath.Join(cacheRoot, name, e.Name()))
			if err != nil {
				continue
			}
			at := max(info.ModTime().Sub(start), 0)
			kept = append(kept, corpusFile{Fuzz: name, Name: e.Name(), Data: data, At: elapsed + at})
		}
		elapsed += r.Wall
	}
	res.Wall = elapsed
	if len(crashed) > 0 {
		res.Note = "fuzzer stopped on a crash in " + strings.Join(crashed, ", ")
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].At < kept[j].At })
	if len(kept) > 0 {
		res.ToFinal = kept[len(kept)-1].At
	}

	// Replay: one instrumented test binary, run on growing prefixes of the
	// corpus (by the time each input was found) to sample the curve.
	bin := filepath.Join(dir, "bench-fuzz.test")
	r := command(dir, b.env, b.set.TestTimeout, "go", "test", "-c", "-cover", "-o", bin, "./")
	if r.Err != nil {
		res.Status = "fuzz wrappers do not compile: " + r.tail(2)
		return res
	}
	var final profile
	fuzzed := scopeOf(fuzzable)
	// The cut-off 0 replays the seeds alone: where fuzzing starts from.
	for _, cut := range append([]time.Duration{0}, sampleTimes(elapsed, b.set.Samples)...) {
		prof, err := replay(b, dir, bin, kept, cut)
		if err != nil {
			res.Status = "replay: " + err.Error()
			return res
		}
		prof = merge(w.Base, prof)
		c, t := prof.coverage(w.Scope)
		res.Curve = append(res.Curve, point{cut.Milliseconds(), pct(c, t)})
		c, t = prof.coverage(fuzzed)
		res.FuzzedCurve = append(res.FuzzedCurve, point{cut.Milliseconds(), pct(c, t)})
		final = prof
	}
	res.Covered, res.Total = final.coverage(w.Scope)
	res.profile = final
	return res
}

// sampleTimes are n evenly spaced cut-offs ending at total.
func sampleTimes(total time.Duration, n int) []time.Duration {
	if n < 1 {
		n = 1
	}
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = total * time.Duration(i+1) / time.Duration(n)
	}
	return out
}

// replay writes the inputs found by cut into testdata/fuzz and runs every
// FuzzXxx on them (and the seeds) without fuzzing, for coverage.
func replay(b *bench, dir, bin string, kept []corpusFile, cut time.Duration) (profile, error) {
	root := filepath.Join(dir, "testdata", "fuzz")
	os.RemoveAll(root)
	if err := writeCorpus(root, kept, cut); err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "bench-fuzz-cover.out")
	os.Remove(out)
	r := command(dir, b.env, b.set.TestTimeout, bin, "-test.run", "^FuzzBench_", "-test.coverprofile", out)
	prof, err := readProfile(out)
	if err != nil {
		return nil, &replayError{r.tail(2)}
	}
	return prof, nil
}

// writeCorpus writes the corpus files found by cut under root, one
// directory per FuzzXxx, as go test reads a seed corpus.
func writeCorpus(root string, files []corpusFile, cut time.Duration) error {
	for _, k := range files {
		if k.At > cut {
			continue
		}
		d := filepath.Join(root, k.Fuzz)
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(d, k.Name), k.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

type replayError struct{ msg string }

func (e *replayError) Error() string { return "no coverage profile: " + e.msg }
