package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The mutation arm: how strong are the assertions? gremlins mutates the
// package's code (flips a comparison, moves a boundary, swaps + and −)
// and runs the tests once per mutant; a mutant the tests fail on is
// killed, one they pass on lived. It runs three times on the same
// package: with gosymtest's generated file alone (the default gosymtest
// arm's file of the same run), with the package's own tests alone, and
// with the two together.
//
// gremlins is a tool, not a dependency of this module: the harness
// installs the pinned version with go install into its scratch directory
// (GOBIN), from the module proxy or the module cache.

// gremlinsPackage is the pinned gremlins command.
const gremlinsPackage = "github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0"

// gremlinsTimeoutCoefficient is gremlins' --timeout-coefficient: each
// mutant's go test may take this many times the first, unmutated run
// before it counts as timed out. Not gremlins' default of 3: a mutant's
// go test compiles and links the package anew, and on a loaded 2-core
// machine that alone took longer than 3 times the first run. On
// encoding/hex the own tests then timed out 17 mutants and the union
// (a longer first run, so a longer limit) 3, on the same code; run alone,
// 7 time out at 3 and at 10 alike: those are the loops. The price is
// each looping mutant's wait: the own tests' gremlins run on hex takes
// 3m32s at 10, against 35s at 3, with one worker.
const gremlinsTimeoutCoefficient = 10

// The files gosymtest writes: its tests (testgen.DefaultFileName) and,
// with -fuzz-seeds, its fuzz targets (testgen.FuzzFileName).
const (
	generatedFile     = "gosymtest_generated_test.go"
	generatedFuzzFile = "gosymtest_fuzz_test.go"
)

// mutant is one mutation and what the tests did to it.
type mutant struct {
	File      string // base name
	Line, Col int
	Type      string // CONDITIONALS_BOUNDARY, ...
	Status    string // KILLED, LIVED, NOT COVERED, TIMED OUT, NOT VIABLE, SKIPPED
}

func (m mutant) key() string { return fmt.Sprintf("%s:%d:%d:%s", m.File, m.Line, m.Col, m.Type) }

// tally counts mutants by status.
type tally struct {
	Killed, Lived, TimedOut, NotCovered, NotViable int
}

// Total is every mutant found, whatever became of it.
func (t tally) Total() int { return t.Killed + t.Lived + t.TimedOut + t.NotCovered + t.NotViable }

// efficacy is gremlins' test efficacy: killed ÷ (killed + lived), so a
// timed-out mutant is in neither (internal/report/report.go of v0.6.0);
// NaN when no mutant was covered.
func (t tally) efficacy() float64 {
	if t.Killed+t.Lived == 0 {
		return math.NaN()
	}
	return float64(t.Killed) / float64(t.Killed+t.Lived)
}

func tallyOf(ms []mutant) tally {
	var t tally
	for _, m := range ms {
		switch m.Status {
		case "KILLED":
			t.Killed++
		case "LIVED":
			t.Lived++
		case "TIMED OUT":
			t.TimedOut++
		case "NOT COVERED":
			t.NotCovered++
		case "NOT VIABLE":
			t.NotViable++
		}
	}
	return t
}

// mutationRun is one gremlins run: one set of tests.
type mutationRun struct {
	Status  string // empty when it ran
	Partial bool   // gremlins was stopped at the time limit; mutants come from its log
	Wall    time.Duration
	Tally   tally    // over the mutants counted (see mutationResult)
	Counted []mutant // the mutants Tally counts, each with its status
	mutants []mutant
}

func (r mutationRun) ran() bool { return r.Status == "" }

// mutationResult is the mutation arm's measures on one package.
type mutationResult struct {
	Status          string // why the arm did not run at all
	Note            string
	Gen, Own, Union mutationRun
}

// ran reports whether the arm ran at all.
func (m *mutationResult) ran() bool { return m != nil && m.Status == "" }

// unionBeatsOwn: the union kills more mutants than the own tests alone
// (timed-out mutants not counted, as in the efficacy).
func (m *mutationResult) unionBeatsOwn() (beats, known bool) {
	if !m.ran() || !m.Own.ran() || !m.Union.ran() {
		return false, false
	}
	return m.Union.Tally.Killed > m.Own.Tally.Killed, true
}

// gremlinsBinary installs the pinned gremlins once per run.
func (b *bench) gremlinsBinary() (string, error) {
	if b.gremlins != "" || b.gremlinsErr != nil {
		return b.gremlins, b.gremlinsErr
	}
	bin := filepath.Join(b.scratch, "bin")
	logf("installing %s into %s", gremlinsPackage, bin)
	// GOFLAGS= drops the copies' -mod=mod, which go install pkg@version
	// rejects.
	r := command(b.scratch, []string{"GOBIN=" + bin, "GOFLAGS=", "GOWORK=off"}, 10*time.Minute, "go", "install", gremlinsPackage)
	if r.Err != nil {
		b.gremlinsErr = fmt.Errorf("go install %s: %s", gremlinsPackage, r.tail(2))
		return "", b.gremlinsErr
	}
	b.gremlins = filepath.Join(bin, "gremlins")
	return b.gremlins, nil
}

// runMutation runs gremlins on the generated tests, the own tests and
// both. It needs the default gosymtest arm's file, so it runs after it.
func runMutation(b *bench, w *pkgWork) *mutationResult {
	res := &mutationResult{}
	gen, err := os.ReadFile(filepath.Join(w.Dir, armSpecs[0].Name, generatedFile))
	if err != nil {
		res.Status = "no generated test file: the " + armSpecs[0].Name + " arm did not run or wrote none"
		return res
	}
	bin, err := b.gremlinsBinary()
	if err != nil {
		res.Status = err.Error()
		return res
	}
	exclude := excludePattern(w)

	dir := filepath.Join(w.Dir, "mutation-gen")
	if err := copyPackage(w.Entry, w.Src, dir, false); err != nil {
		res.Status = "copy: " + err.Error()
		return res
	}
	if err := os.WriteFile(filepath.Join(dir, generatedFile), gen, 0o644); err != nil {
		res.Status = err.Error()
		return res
	}
	res.Gen = runGremlins(b, bin, dir, exclude)

	dir = filepath.Join(w.Dir, "mutation-own")
	if err := copyPackage(w.Entry, w.Src, dir, true); err != nil {
		res.Own.Status = "copy: " + err.Error()
	} else if !hasTests(dir) {
		res.Own.Status = "the package has no tests of its own"
	} else {
		res.Own = runGremlins(b, bin, dir, exclude)
	}

	switch {
	case res.Own.Status == "the package has no tests of its own":
		res.Union.Status = "no own tests: the union is the generated tests"
	default:
		dir = filepath.Join(w.Dir, "mutation-union")
		if err := copyPackage(w.Entry, w.Src, dir, true); err != nil {
			res.Union.Status = "copy: " + err.Error()
			break
		}
		merged, renamed, err := renameCollisions(gen, dir)
		if err != nil {
			res.Union.Status = "generated file: " + err.Error()
			break
		}
		if len(renamed) > 0 {
			res.Note = "renamed in the union (the own tests declare them): " + strings.Join(renamed, ", ")
		}
		if err := os.WriteFile(filepath.Join(dir, generatedFile), merged, 0o644); err != nil {
			res.Union.Status = err.Error()
			break
		}
		res.Union = runGremlins(b, bin, dir, exclude)
	}
	countMutants(res, w.Scope)
	return res
}

// countMutants tallies each run over the mutants in the scope. When a
// run was cut short, every run is counted over the mutants all finished
// or partial runs decided, so that the three stay comparable.
func countMutants(res *mutationResult, s scope) {
	runs := []*mutationRun{&res.Gen, &res.Own, &res.Union}
	partial := false
	for _, r := range runs {
		partial = partial || (r.ran() && r.Partial)
	}
	var common map[string]bool
	if partial {
		for _, r := range runs {
			if !r.ran() {
				continue
			}
			seen := make(map[string]bool)
			for _, m := range r.mutants {
				if common == nil || common[m.key()] {
					seen[m.key()] = true
				}
			}
			common = seen
		}
	}
	for _, r := range runs {
		if !r.ran() {
			continue
		}
		var kept []mutant
		for _, m := range r.mutants {
			if !s.contains(block{File: m.File, StartLine: m.Line, EndLine: m.Line}) {
				continue
			}
			if common != nil && !common[m.key()] {
				continue
			}
			kept = append(kept, m)
		}
		r.Counted = kept
		r.Tally = tallyOf(kept)
	}
	if partial {
		res.Note = strings.TrimPrefix(res.Note+"; a run hit the time limit: every run counted over the mutants all runs decided", "; ")
	}
}

// excludePattern keeps gremlins to the package's own files: none in a
// subdirectory (a module's internal/ tree, testdata) and, when the
// package is capped, none without a selected function.
func excludePattern(w *pkgWork) string {
	alts := []string{"/"}
	if w.Scope != nil {
		inScope := make(map[string]bool)
		for _, r := range w.Scope {
			inScope[r.File] = true
		}
		var out []string
		for _, f := range w.Pkg.Files {
			if !inScope[f] {
				out = append(out, regexp.QuoteMeta(f))
			}
		}
		sort.Strings(out)
		if len(out) > 0 {
			alts = append(alts, "^("+strings.Join(out, "|")+")$")
		}
	}
	return strings.Join(alts, "|")
}

// runGremlins runs gremlins unleash in dir. GOFLAGS=-count=1: gremlins
// times each mutant against its first go test run, and a cached first run
// would make every mutant time out. -vet=off, as in the human arm: the
// copy's newer go directive turns on vet checks older tests predate.
// TMPDIR keeps gremlins' working copies in the scratch directory, so a
// run stopped at the time limit leaves nothing behind; it is beside dir,
// never inside: gremlins copies the whole module directory per worker.
func runGremlins(b *bench, bin, dir, exclude string) mutationRun {
	var run mutationRun
	tmp := dir + "-tmp"
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		run.Status = err.Error()
		return run
	}
	out := filepath.Join(tmp, "result.json")
	env := append(append([]string{}, b.env...), "GOFLAGS=-mod=mod -buildvcs=false -count=1 -vet=off", "TMPDIR="+tmp)
	args := []string{"unleash", "--timeout-coefficient", strconv.Itoa(gremlinsTimeoutCoefficient), "--output", out, "--exclude-files", exclude}
	if b.set.MutWorkers > 0 {
		args = append(args, "--workers", strconv.Itoa(b.set.MutWorkers))
	}
	args = append(args, ".")
	r := command(dir, env, b.set.MutTimeout, bin, args...)
	run.Wall = r.Wall
	defer os.RemoveAll(tmp)
	if data, err := os.ReadFile(out); err == nil && !r.TimedOut {
		ms, err := parseGremlinsJSON(data)
		if err != nil {
			run.Status = "gremlins output: " + err.Error()
			return run
		}
		run.mutants = ms
		return run
	}
	if r.TimedOut {
		run.Partial = true
		run.mutants = parseGremlinsLog(r.Stdout + "\n" + r.Stderr)
		if len(run.mutants) == 0 {
			run.Status = fmt.Sprintf("gremlins decided no mutant in %v", b.set.MutTimeout)
		}
		return run
	}
	if r.Err == nil && strings.Contains(r.Stdout+r.Stderr, "No results to report") {
		return run // no mutant in the package's files: gremlins writes no file
	}
	// No result file: typically the tests fail (or do not build) before
	// any mutation, and gremlins stops at its coverage run with a message
	// that does not say which ("impossible to executeCoverage"): the same
	// go test run as gremlins' coverage run (-cover ./..., as a test may
	// fail under coverage alone) on the unmutated copy names them.
	run.Status = "gremlins failed: " + truncate(strings.Join(strings.Fields(r.tail(3)), " "), 160)
	check := command(dir, env, b.set.MutTimeout, "go", "test", "-cover", "./...")
	switch failing := failingTests(check); {
	case failing != "":
		run.Status = "the tests fail on the unmutated copy, so gremlins measures nothing: " + failing
	case check.Err != nil:
		run.Status = "go test -cover ./... fails on the unmutated copy: " + truncate(strings.Join(strings.Fields(check.tail(3)), " "), 160)
	}
	return run
}

// failingTests names the top-level tests a go test run reports failing
// ("TestStackTrace, TestFormat"); "" when it passed or failed without
// naming a test (a build error), where gremlins' own message says more.
func failingTests(r ran) string {
	if r.Err == nil {
		return ""
	}
	var names []string
	for _, line := range strings.Split(r.Stdout, "\n") {
		if name, ok := strings.CutPrefix(line, "--- FAIL: "); ok {
			names = append(names, strings.Fields(name)[0])
		}
	}
	if len(names) == 0 {
		return ""
	}
	const shown = 4
	if len(names) > shown {
		names = append(names[:shown], fmt.Sprintf("and %d more", len(names)-shown))
	}
	return strings.Join(names, ", ")
}
