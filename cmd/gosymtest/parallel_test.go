package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fixturesModule copies go.mod, go.sum and the non-test Go files of the
// fixtures testdata/NAME into a directory of the test's own.
func fixturesModule(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "go.sum"} {
		if err := copyFile(filepath.Join(repoRoot, f), filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range names {
		files, err := filepath.Glob(filepath.Join(repoRoot, "testdata", name, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no fixture testdata/%s: %v", name, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			if err := copyFile(f, filepath.Join(dir, "testdata", name, filepath.Base(f))); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// TestOutputDoesNotDependOnP explores the 20 functions of two packages
// (testdata/demo and testdata/fuzzseeds, with their fuzz targets) one at
// a time and three at a time, at a fixed -max-work: the test files, the
// fuzz files and seed corpora, the -report, the -stats less their times,
// and the log lines of the writing phase are the same. Under go test
// -race the binary is built with the race detector (TestMain), and a race
// fails the run.
func TestOutputDoesNotDependOnP(t *testing.T) {
	out := t.TempDir()
	type run struct {
		dir, stats, report string
		res                result
	}
	explore := func(p string) run {
		r := run{dir: fixturesModule(t, "demo", "fuzzseeds"), stats: filepath.Join(out, "stats"+p+".json"), report: filepath.Join(out, "report"+p+".json")}
		r.res = runIn(t, r.dir, nil, "-p", p, "-fuzz-seeds", "-store", "off", "-max-work", "200000", "-stats", r.stats, "-report", r.report, "./testdata/demo", "./testdata/fuzzseeds")
		return r
	}
	one, three := explore("1"), explore("3")

	files := func(r run) map[string][]byte {
		got := map[string][]byte{}
		err := filepath.WalkDir(filepath.Join(r.dir, "testdata"), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(path)
			rel, _ := filepath.Rel(r.dir, path)
			got[rel] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	want, got := files(one), files(three)
	for _, f := range []string{"testdata/demo/gosymtest_generated_test.go", "testdata/fuzzseeds/gosymtest_generated_test.go", "testdata/fuzzseeds/gosymtest_fuzz_test.go"} {
		if want[f] == nil {
			t.Errorf("-p 1 wrote no %s", f)
		}
	}
	for name, data := range want {
		if !bytes.Equal(data, got[name]) {
			t.Errorf("%s differs between -p 1 and -p 3:\n%s\n--- -p 1:\n%s", name, got[name], data)
		}
	}
	for name := range got {
		if want[name] == nil {
			t.Errorf("-p 3 wrote %s, which -p 1 did not", name)
		}
	}

	wantReport, _ := os.ReadFile(one.report)
	gotReport, _ := os.ReadFile(three.report)
	if len(wantReport) == 0 || !bytes.Equal(wantReport, gotReport) {
		t.Errorf("-report differs between -p 1 and -p 3:\n%s\n--- -p 1:\n%s", gotReport, wantReport)
	}
	if w, g := timeless(t, one.stats), timeless(t, three.stats); !bytes.Equal(w, g) {
		t.Errorf("-stats differ between -p 1 and -p 3 (times left out):\n%s\n--- -p 1:\n%s", g, w)
	}

	// The packages' log lines come in package order, whichever package's
	// validation finished first; exploration's come as functions finish.
	writing := func(r run) []string {
		var lines []string
		for _, l := range strings.Split(r.res.stderr, "\n") {
			if strings.Contains(l, "wrote") || strings.Contains(l, "dropped") || strings.Contains(l, "left out") {
				lines = append(lines, strings.ReplaceAll(l, r.dir, "DIR"))
			}
		}
		return lines
	}
	if w, g := writing(one), writing(three); len(w) < 4 || !slices.Equal(w, g) {
		t.Errorf("the writing phase logged, with -p 3:\n%s\nwith -p 1:\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
	explored := regexp.MustCompile(`(?m)^INF explored .*func=(\S+)`)
	if n := len(explored.FindAllString(three.res.stderr, -1)); n != 20 {
		t.Errorf("-p 3 logged %d functions explored, want 20 (one line each):\n%s", n, three.res.stderr)
	}
}

// TestForEachInOrder: every index is done once, merged in index order
// whatever order the calls end in, at most p at once; a false from then
// stops the merging.
func TestForEachInOrder(t *testing.T) {
	for _, p := range []int{1, 3, 20} {
		var mu sync.Mutex
		running, most := 0, 0
		calls := make([]int, 10)
		var merged []int
		forEachInOrder(10, p, func(i int) {
			mu.Lock()
			running++
			most = max(most, running)
			calls[i]++
			mu.Unlock()
			// The later indexes end first.
			time.Sleep(time.Duration(10-i) * time.Millisecond)
			mu.Lock()
			running--
			mu.Unlock()
		}, func(i int) bool {
			merged = append(merged, i)
			return true
		})
		if want := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}; !slices.Equal(merged, want) {
			t.Errorf("-p %d: merged %v, want %v", p, merged, want)
		}
		if slices.ContainsFunc(calls, func(n int) bool { return n != 1 }) {
			t.Errorf("-p %d: calls per index %v, want one each", p, calls)
		}
		if most > p || p == 3 && most < 2 {
			t.Errorf("-p %d: %d calls ran at once", p, most)
		}
	}

	// Index 2 ends the merging: what comes after it is never merged,
	// and forEachInOrder returns once the calls in progress have.
	var merged []int
	forEachInOrder(10, 3, func(int) {}, func(i int) bool {
		merged = append(merged, i)
		return i < 2
	})
	if !slices.Equal(merged, []int{0, 1, 2}) {
		t.Errorf("stopped at 2: merged %v, want [0 1 2]", merged)
	}
}
