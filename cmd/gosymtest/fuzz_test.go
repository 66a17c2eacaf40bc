package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen"
	"github.com/rs/zerolog"
	"golang.org/x/tools/go/ssa"
)

// TestFuzzSeedsFlag runs gosymtest -fuzz-seeds on testdata/fuzzseeds: it
// writes gosymtest_fuzz_test.go with one target per function whose
// parameters go test -fuzz generates, seeds in testdata/fuzz/FuzzXxx in
// go test's corpus format, and go test passes with them (the seeds of
// Index's out-of-range panic are left out). A second run writes the same
// bytes.
func TestFuzzSeedsFlag(t *testing.T) {
	pkgDir := filepath.Join(workRoot, "testdata", "fuzzseeds")
	stats := filepath.Join(t.TempDir(), "stats.json")
	snapshot := func() map[string]string {
		files := map[string]string{}
		filepath.WalkDir(pkgDir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				data, _ := os.ReadFile(path)
				rel, _ := filepath.Rel(pkgDir, path)
				files[rel] = string(data)
			}
			return nil
		})
		return files
	}
	r := gosymtest(t, "-fuzz-seeds", "-budget", "5s", "-stats", stats, "./testdata/fuzzseeds")
	if r.code != 0 {
		t.Fatalf("want exit 0:\n%s", r)
	}
	first := snapshot()
	src := first["gosymtest_fuzz_test.go"]
	for _, target := range []string{"FuzzPrefix", "FuzzIndex", "FuzzChecksum", "FuzzScale", "FuzzPick", "FuzzHalf"} {
		if !strings.Contains(src, "func "+target+"(f *testing.F)") {
			t.Errorf("no %s in the fuzz file:\n%s", target, src)
		}
	}
	for _, none := range []string{"FuzzWait", "FuzzSum", "FuzzZero", "FuzzMove", "FuzzNorm"} {
		if strings.Contains(src, none) {
			t.Errorf("%s written for a function go test -fuzz cannot fuzz", none)
		}
	}
	seeds := 0
	for name, data := range first {
		if strings.HasPrefix(name, filepath.Join("testdata", "fuzz")+string(filepath.Separator)) {
			seeds++
			if !strings.HasPrefix(data, "go test fuzz v1\n") || !strings.Contains(filepath.Base(name), "gosymtest-") {
				t.Errorf("seed %s:\n%s", name, data)
			}
		}
	}
	var s struct {
		Totals    counts `json:"totals"`
		Functions []struct {
			Name       string `json:"name"`
			FuzzTarget string `json:"fuzz_target"`
			FuzzSeeds  int    `json:"fuzz_seeds"`
		} `json:"functions"`
	}
	data, err := os.ReadFile(stats)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Totals["fuzz_targets"] != 6 || s.Totals["fuzz_seeds"] != seeds || seeds < 6 {
		t.Errorf("stats: %d targets and %d seeds; the package has 6 targets and %d seeds", s.Totals["fuzz_targets"], s.Totals["fuzz_seeds"], seeds)
	}
	perFunc := 0
	for _, f := range s.Functions {
		if f.FuzzTarget == "" {
			continue
		}
		dir := filepath.Join(pkgDir, "testdata", "fuzz", f.FuzzTarget)
		files, _ := os.ReadDir(dir)
		if len(files) != f.FuzzSeeds || !strings.Contains(src, "func "+f.FuzzTarget+"(") {
			t.Errorf("stats say %s has target %s with %d seeds; %s has %d files", f.Name, f.FuzzTarget, f.FuzzSeeds, dir, len(files))
		}
		perFunc += f.FuzzSeeds
	}
	if perFunc != seeds {
		t.Errorf("the functions' fuzz_seeds add up to %d, not %d", perFunc, seeds)
	}
	for _, f := range s.Functions {
		if f.Name == "half" && f.FuzzTarget != "FuzzHalf" {
			t.Errorf("half's fuzz_target is %q, want FuzzHalf", f.FuzzTarget)
		}
	}
	test := exec.Command("go", "test", "-count=1", "-run", "^Fuzz", "./testdata/fuzzseeds")
	test.Dir = workRoot
	if out, err := test.CombinedOutput(); err != nil {
		t.Errorf("go test with the seeds: %v\n%s", err, out)
	}

	if r := gosymtest(t, "-fuzz-seeds", "-budget", "5s", "./testdata/fuzzseeds"); r.code != 0 {
		t.Fatalf("second run:\n%s", r)
	}
	second := snapshot()
	if len(first) != len(second) {
		t.Errorf("the second run wrote %d files, the first %d", len(second), len(first))
	}
	for name, data := range first {
		if second[name] != data {
			t.Errorf("%s differs between two runs", name)
		}
	}
}

// TestFuzzSeedThatFailsIsDropped hands writeFuzzSeeds a case the
// interpreter got wrong (Index out of range said to return): its seed
// fails under go test and is dropped with a warning, and the target is
// written with the seeds that pass.
func TestFuzzSeedThatFailsIsDropped(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "fuzzseeds", "fuzzseeds.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fuzzseeds.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/fuzzseeds\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := loader.Load(loader.Config{Dir: dir, Patterns: []string{"."}})
	if err != nil {
		t.Fatal(err)
	}
	pkg := prog.Packages[0]
	var index *ssa.Function
	for _, fn := range pkg.Targets {
		if fn.Name() == "Index" {
			index = fn
		}
	}
	str := func(s string) concrete.Value { return concrete.Value{Kind: concrete.String, Str: s} }
	num := func(n int64) concrete.Value { return concrete.Value{Kind: concrete.Int, Int: n} }
	funcs := []testgen.FuncTests{{Func: index, Cases: []testgen.Case{
		{Args: []concrete.Value{str("ab"), num(1)}},
		{Args: []concrete.Value{str("ab"), num(5)}}, // wrong: it panics
	}}}
	var logged strings.Builder
	got, err := writeFuzzSeeds(context.Background(), testgen.Package{Dir: pkg.Dir, Types: pkg.Types}, funcs, zerolog.New(&logged))
	if err != nil {
		t.Fatal(err)
	}
	if got.targets != 1 || got.seeds != 1 {
		t.Errorf("wrote %d targets and %d seeds, want 1 and 1", got.targets, got.seeds)
	}
	if !strings.Contains(logged.String(), "dropped a fuzz seed that fails under go test") {
		t.Errorf("no warning about the dropped seed:\n%s", logged.String())
	}
	seeds, _ := os.ReadDir(filepath.Join(dir, "testdata", "fuzz", "FuzzIndex"))
	if len(seeds) != 1 {
		t.Errorf("%d seed files, want 1", len(seeds))
	}
	test := exec.Command("go", "test", "-count=1", ".")
	test.Dir = dir
	if out, err := test.CombinedOutput(); err != nil {
		t.Errorf("go test with the seeds left: %v\n%s", err, out)
	}
}
