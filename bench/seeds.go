package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The fuzz-seeded arm: does gosymtest's seed corpus get go test -fuzz
// past the guards? gosymtest -fuzz-seeds writes a FuzzXxx target per
// function with natively fuzzable parameters and its solved inputs as
// the target's seed corpus under testdata/fuzz/FuzzXxx/. The arm takes
// those corpus files into the harness's own wrappers (the fuzz arm's,
// which recover panics) and fuzzes exactly as the fuzz arm does, for the
// same time per function: the two arms differ only in where fuzzing
// starts, the zero value alone or gosymtest's seeds. It runs on the
// corpus entries tagged seeds (the fixtures with hard guards), where
// seeds matter most; that keeps a regular run's time.

// seedsFlag is the gosymtest flag that writes fuzz targets and seeds.
const seedsFlag = "-fuzz-seeds"

// runFuzzSeeded is the fuzz-seeded arm.
func runFuzzSeeded(b *bench, w *pkgWork, spec armSpec) armResult {
	res := armResult{Arm: spec.Name}
	if !w.Entry.Seeds {
		res.Status = "not a guarded package (corpus tag seeds)"
		return res
	}
	fuzzable := fuzzableOf(w.Selected)
	if len(fuzzable) == 0 {
		res.Status = noFuzzable
		return res
	}
	if !b.flagAvailable(seedsFlag) {
		res.Status = "flag not available: " + seedsFlag
		return res
	}
	dir := filepath.Join(w.Dir, spec.Name+"-gosymtest")
	if err := copyPackage(w.Entry, w.Src, dir, false); err != nil {
		res.Status = "copy: " + err.Error()
		return res
	}
	env, err := b.hermeticEnv(w.Dir)
	if err != nil {
		res.Status = err.Error()
		return res
	}
	timeout := 10*time.Minute + time.Duration(3*len(fuzzable))*b.set.Budget
	r := command(dir, env, timeout, b.gosymtest, seedsFlag, "-budget", b.set.Budget.String(),
		"-max-work", fmt.Sprint(b.set.MaxWork), "-run", runPattern(fuzzable), "./")
	seeds, unmatched := harvestSeeds(filepath.Join(dir, "testdata", "fuzz"), fuzzable)
	if len(seeds) == 0 {
		res.Status = "gosymtest wrote no seed the wrappers take"
		if r.Err != nil {
			res.Status += ": " + r.tail(2)
		}
		return res
	}
	funcs := make(map[string]bool)
	for _, s := range seeds {
		funcs[s.Fuzz] = true
	}
	res = fuzzArm(b, w, spec.Name, fuzzable, seeds)
	note := fmt.Sprintf("%d gosymtest seeds for %d of %d fuzzed functions", len(seeds), len(funcs), len(fuzzable))
	if unmatched > 0 {
		note += fmt.Sprintf(", %d seed files matched no wrapper", unmatched)
	}
	res.Note = strings.TrimSuffix(note+"; "+res.Note, "; ")
	return res
}

// harvestSeeds reads gosymtest's seed corpus (root/FuzzXxx/FILE) and
// files each one under the wrapper of the function it seeds, when the
// file's values have the wrapper's parameter types. It also counts the
// files it could not place.
func harvestSeeds(root string, fuzzable []funcDecl) (seeds []corpusFile, unmatched int) {
	targets, _ := os.ReadDir(root)
	for _, t := range targets {
		if !t.IsDir() {
			continue
		}
		files, _ := os.ReadDir(filepath.Join(root, t.Name()))
		for _, fe := range files {
			data, err := os.ReadFile(filepath.Join(root, t.Name(), fe.Name()))
			if err != nil || fe.IsDir() {
				continue
			}
			f, ok := seedTarget(t.Name(), corpusTypes(data), fuzzable)
			if !ok {
				unmatched++
				continue
			}
			seeds = append(seeds, corpusFile{Fuzz: fuzzName(f), Name: "gosymtest-" + fe.Name(), Data: data})
		}
	}
	sort.Slice(seeds, func(i, j int) bool {
		if seeds[i].Fuzz != seeds[j].Fuzz {
			return seeds[i].Fuzz < seeds[j].Fuzz
		}
		return seeds[i].Name < seeds[j].Name
	})
	return seeds, unmatched
}

// seedTarget finds the function a FuzzXxx target of gosymtest seeds: the
// name after Fuzz equals the function's, ignoring case and underscores
// (FuzzParseDigits, Fuzz_parseDigits), and the corpus file's value types
// are the wrapper's parameter types.
func seedTarget(target string, types []string, fuzzable []funcDecl) (funcDecl, bool) {
	want := foldName(strings.TrimPrefix(target, "Fuzz"))
	for _, f := range fuzzable {
		if foldName(f.Name) != want || len(types) != len(f.Fuzz) {
			continue
		}
		ok := true
		for i, p := range f.Fuzz {
			ok = ok && canonicalFuzzType(p.Native) == types[i]
		}
		if ok {
			return f, true
		}
	}
	return funcDecl{}, false
}

func foldName(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }

// corpusTypes lists the value types of a corpus file in go test's format
// ("go test fuzz v1", then one `type(value)` per line), rune and byte
// spelt int32 and uint8; nil when it is not such a file.
func corpusTypes(data []byte) []string {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "go test fuzz v1" {
		return nil
	}
	var out []string
	for _, line := range lines[1:] {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		i := strings.IndexByte(line, '(')
		if i <= 0 {
			return nil
		}
		out = append(out, canonicalFuzzType(line[:i]))
	}
	return out
}

func canonicalFuzzType(t string) string {
	switch t {
	case "rune":
		return "int32"
	case "byte":
		return "uint8"
	}
	return t
}

// seedsTable sets the fuzz arm and the fuzz-seeded arm side by side:
// coverage of the fuzzed functions' statements when fuzzing starts (the
// seeds replayed alone), half way, and at the end of the same fuzzing
// time per function.
func seedsTable(results []pkgResult) string {
	var b strings.Builder
	b.WriteString("| package | fuzzed fns | empty: at start | empty: half way | empty: end | seeded: at start | seeded: half way | seeded: end | seeded − empty at end | seeds |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
	rows := 0
	for _, p := range results {
		if !p.Entry.Seeds || p.Status != "" {
			continue
		}
		rows++
		empty, eok := p.arm(armFuzz)
		seeded, sok := p.arm(armFuzzSeeded)
		fmt.Fprintf(&b, "| %s | %d |", p.Entry.Name, p.Fuzzable)
		for _, a := range []struct {
			r  armResult
			ok bool
		}{{empty, eok}, {seeded, sok}} {
			if !a.ok {
				b.WriteString(" n/a | n/a | n/a |")
				continue
			}
			start, half, end := curveThirds(a.r.FuzzedCurve)
			fmt.Fprintf(&b, " %s | %s | %s |", start, half, end)
		}
		diff := "n/a"
		if eok && sok && len(empty.FuzzedCurve) > 0 && len(seeded.FuzzedCurve) > 0 {
			diff = fmt.Sprintf("%+.1f pts", seeded.FuzzedCurve[len(seeded.FuzzedCurve)-1].Percent-empty.FuzzedCurve[len(empty.FuzzedCurve)-1].Percent)
		}
		why := seeded.Note
		if !sok {
			s, _ := p.armAny(armFuzzSeeded)
			why = s.Status
		}
		fmt.Fprintf(&b, " %s | %s |\n", diff, cell(why))
	}
	if rows == 0 {
		return ""
	}
	return b.String()
}

// curveThirds reads a fuzz curve's first point (the seeds alone), its
// middle sample and its last, with the time of each.
func curveThirds(c []point) (start, half, end string) {
	if len(c) == 0 {
		return "n/a", "n/a", "n/a"
	}
	f := func(p point) string { return fmt.Sprintf("%.1f%% (%.1fs)", p.Percent, float64(p.Ms)/1000) }
	return f(c[0]), f(c[len(c)/2]), f(c[len(c)-1])
}
