package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/report"
)

// demoModule copies go.mod, go.sum and testdata/demo into a directory of
// the test's own, where runs may write their test files.
func demoModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "go.sum"} {
		if err := copyFile(filepath.Join(repoRoot, f), filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	files, err := filepath.Glob(filepath.Join(repoRoot, "testdata", "demo", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		if err := copyFile(f, filepath.Join(dir, "testdata", "demo", filepath.Base(f))); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// runIn runs the binary in dir with env added, and fails the test unless
// it exits 0.
func runIn(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	r := gosymtestIn(t, dir, env, args...)
	if r.code != 0 {
		t.Fatalf("gosymtest %q: %s", args, r)
	}
	return r
}

// timeless zeroes what no two runs share (times, and the runs of go test
// validation made, which shards make per shard) in a -stats file, and
// writes it back as the command does.
func timeless(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				switch {
				case k == "ms" || strings.HasSuffix(k, "_ms") || k == "ms_to_cover" || k == "validation_runs":
					v[k] = 0
				case k == "cover_timeline":
					for _, p := range x.([]any) {
						p.([]any)[0] = 0
					}
				default:
					walk(x)
				}
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMergeShardsEqualsUnshardedRun explores four functions of
// testdata/demo whole and in three shards, each shard in a checkout of
// its own as on the machines of a CI matrix, gathers the shards' files in
// another checkout and merges them there: the report and the test file
// are byte-identical to the unsharded run's, and so are the statistics
// but for their times. LaterName (shard 3) calls Max[string] (shard 1):
// the union of the shards' coverage is needed to get Max[string]'s right.
func TestMergeShardsEqualsUnshardedRun(t *testing.T) {
	out := t.TempDir()
	file := func(name string) string { return filepath.Join(out, name) }
	const testFile = "gosymtest_generated_test.go"
	common := []string{"-store", "off", "-max-work", "200000", "-run", "Max|HighScore|LaterName|Classify", "./testdata/demo"}
	whole := demoModule(t)
	runIn(t, whole, nil, append([]string{"-stats", file("stats.json"), "-report", file("report.json")}, common...)...)
	wantTests, err := os.ReadFile(filepath.Join(whole, "testdata", "demo", testFile))
	if err != nil {
		t.Fatal(err)
	}

	gathered := demoModule(t)
	args := []string{"merge", "-tests", "-stats", file("merged-stats.json"), "-report", file("merged-report.json")}
	var explored []string
	for i := 1; i <= 3; i++ {
		dir := demoModule(t)
		s, r := file(fmt.Sprintf("stats%d.json", i)), file(fmt.Sprintf("report%d.json", i))
		res := runIn(t, dir, nil, append([]string{"-shard", fmt.Sprintf("%d/3", i), "-stats", s, "-report", r}, common...)...)
		explored = append(explored, listed(t, res.stdout)[demoPath]...)
		args = append(args, s, r)
		name := fmt.Sprintf("gosymtest_generated_shard_%d_of_3_test.go", i)
		if err := copyFile(filepath.Join(dir, "testdata", "demo", name), filepath.Join(gathered, "testdata", "demo", name)); err != nil {
			t.Fatalf("shard %d/3 wrote no test file: %v", i, err)
		}
		if _, err := os.Stat(filepath.Join(dir, "testdata", "demo", testFile)); err == nil {
			t.Errorf("shard %d/3 wrote %s", i, testFile)
		}
	}
	if len(explored) != 5 {
		t.Errorf("the shards explored %q, want the 5 targets once each", explored)
	}
	runIn(t, gathered, nil, args...)

	wantReport, _ := os.ReadFile(file("report.json"))
	gotReport, _ := os.ReadFile(file("merged-report.json"))
	if !bytes.Equal(wantReport, gotReport) {
		t.Errorf("merged report differs from the unsharded run's:\n%s\n--- unsharded:\n%s", gotReport, wantReport)
	}
	if want, got := timeless(t, file("stats.json")), timeless(t, file("merged-stats.json")); !bytes.Equal(want, got) {
		t.Errorf("merged statistics differ from the unsharded run's:\n%s\n--- unsharded:\n%s", got, want)
	}
	gotTests, err := os.ReadFile(filepath.Join(gathered, "testdata", "demo", testFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(wantTests, gotTests) {
		t.Errorf("merged test file differs from the unsharded run's:\n%s\n--- unsharded:\n%s", gotTests, wantTests)
	}
	if left, _ := filepath.Glob(filepath.Join(gathered, "testdata", "demo", "gosymtest_generated_shard_*")); len(left) != 0 {
		t.Errorf("merge -tests left the shards' files: %q", left)
	}
}

// TestMergeRejectsIncompleteShards: a missing shard, one given twice, or
// the statistics of an unsharded run are errors, not a wrong merge.
func TestMergeRejectsIncompleteShards(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, s report.Stats) string {
		path := filepath.Join(dir, name)
		if err := writeStatsFile(path, s); err != nil {
			t.Fatal(err)
		}
		return path
	}
	targets := []string{"p.A", "p.B"}
	shard := func(i int, fns ...string) report.Stats {
		s := report.Stats{Shard: &report.ShardStats{Index: i, Count: 2, Targets: targets}}
		for _, f := range fns {
			s.Functions = append(s.Functions, report.FunctionStats{Package: "p", Name: strings.TrimPrefix(f, "p.")})
		}
		return s
	}
	one, two := write("1.json", shard(1, "p.A")), write("2.json", shard(2, "p.B"))
	twoAgain := write("2b.json", shard(2, "p.B"))
	both := write("both.json", shard(2, "p.A", "p.B"))
	plain := write("plain.json", report.Stats{})
	bad := write("bad.json", shard(3))
	out := filepath.Join(dir, "out.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{one}, "shard 2/2 is missing"},
		{[]string{one, two, twoAgain}, "shard 2/2 given twice"},
		{[]string{one, both}, "p.A explored by two shards"},
		{[]string{one, plain}, "without -shard"},
		{[]string{one, two, bad}, "shard 3/2 does not exist"},
		{[]string{one, two, filepath.Join(dir, "none.json")}, "no such file"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"merge", "-stats", out}, tc.args...), &stdout, &stderr)
		if code != exitFail || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("merge %v: exit %d, %q; want exit 1 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"merge", one, two}, &stdout, &stderr); code != exitUsage {
		t.Errorf("merge without -stats or -report: exit %d, want 2", code)
	}
	if code := run([]string{"merge", "-stats", out, one, two}, &stdout, &stderr); code != exitOK {
		t.Errorf("merge of two whole shards: exit %d: %s", code, stderr.String())
	}
}

// TestMergeTestsRefusesWhatItCannotJoin: shard files that do not match
// the shards' statistics are an error, and nothing is written or
// removed; files that match are joined in the targets' order and
// removed. (testgen's TestMergeFiles checks the layout of the joined
// file and what else it refuses.)
func TestMergeTestsRefusesWhatItCannotJoin(t *testing.T) {
	const head = "// Code generated by gosymtest. DO NOT EDIT.\n\npackage p\n\n"
	for _, tc := range []struct {
		name   string
		files  [2]string
		tests  [2]int // functions with tests, of shard 1 and 2
		want   string
		merged string // the merged file when there is no error
	}{
		{
			name:  "more test functions than functions",
			files: [2]string{head + "import \"testing\"\n\nfunc TestA(t *testing.T) {}\n\nfunc TestA2(t *testing.T) {}\n", head + "import \"testing\"\n\nfunc TestB(t *testing.T) {}\n"},
			tests: [2]int{1, 1},
			want:  "more test functions than shard 1/2 has functions with tests (1)",
		},
		{
			name:  "fewer test functions than functions",
			files: [2]string{head + "func h() {}\n", head + "import \"testing\"\n\nfunc TestA(t *testing.T) {}\n"},
			tests: [2]int{1, 1},
			want:  "has 0 test functions for 1 functions with tests",
		},
		{
			name:  "one name for two packages",
			files: [2]string{head + "import (\n\t\"crypto/rand\"\n\t\"testing\"\n)\n\nfunc TestA(t *testing.T) { _ = rand.Reader }\n", head + "import (\n\t\"math/rand\"\n\t\"testing\"\n)\n\nfunc TestB(t *testing.T) { _ = rand.Int }\n"},
			tests: [2]int{1, 1},
			want:  "import crypto/rand and math/rand as rand",
		},
		{
			name:   "joined in the targets' order, helpers once",
			files:  [2]string{head + "import \"testing\"\n\nfunc TestB(t *testing.T) {}\n\nfunc h() {}\n", head + "import (\n\t\"fmt\"\n\t\"testing\"\n\n\t\"example.com/x\"\n)\n\nfunc TestA(t *testing.T) { fmt.Println(x.X) }\n\nfunc h() {}\n"},
			tests:  [2]int{1, 1},
			merged: head + "import (\n\t\"fmt\"\n\t\"testing\"\n\n\t\"example.com/x\"\n)\n\nfunc TestA(t *testing.T) { fmt.Println(x.X) }\n\nfunc TestB(t *testing.T) {}\n\nfunc h() {}\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			// Target A is shard 2's, B shard 1's: the merged file puts A
			// first.
			targets := []string{"p.A", "p.B"}
			var shards []*report.Stats
			for i, name := range []string{"B", "A"} {
				s := &report.Stats{Shard: &report.ShardStats{Index: i + 1, Count: 2, Targets: targets}}
				s.Functions = []report.FunctionStats{{Package: "p", Name: name, Position: filepath.Join(dir, "p.go") + ":1", Tests: tc.tests[i]}}
				shards = append(shards, s)
				if err := os.WriteFile(filepath.Join(dir, (shardSpec{i + 1, 2}).testFileName()), []byte(tc.files[i]), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			m, err := newMerger(shards)
			if err != nil {
				t.Fatal(err)
			}
			err = m.mergeTests()
			merged, rerr := os.ReadFile(filepath.Join(dir, "gosymtest_generated_test.go"))
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("mergeTests = %v, want an error with %q", err, tc.want)
				}
				if rerr == nil {
					t.Errorf("a merged file was written despite the error:\n%s", merged)
				}
				if left, _ := filepath.Glob(filepath.Join(dir, "gosymtest_generated_shard_*")); len(left) != 2 {
					t.Errorf("shard files left: %q, want both", left)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(merged) != tc.merged {
				t.Errorf("merged file:\n%s\nwant:\n%s", merged, tc.merged)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "gosymtest_generated_shard_*")); len(left) != 0 {
				t.Errorf("shard files left: %q", left)
			}
		})
	}
}
