package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
// testdata/demo whole and in three shards, and merges the shards' -stats
// and -report files: the report is byte-identical to the unsharded
// run's, and so are the statistics but for their times. LaterName (shard
// 3) calls Max[string] (shard 1): the union of the shards' coverage is
// needed to get Max[string]'s right.
func TestMergeShardsEqualsUnshardedRun(t *testing.T) {
	dir := demoModule(t)
	out := t.TempDir()
	common := []string{"-store", "off", "-max-work", "200000", "-run", "Max|HighScore|LaterName|Classify", "./testdata/demo"}
	file := func(name string) string { return filepath.Join(out, name) }
	runIn(t, dir, nil, append([]string{"-stats", file("stats.json"), "-report", file("report.json")}, common...)...)
	whole, err := os.ReadFile(filepath.Join(dir, "testdata", "demo", "gosymtest_generated_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "testdata", "demo", "gosymtest_generated_test.go"))
	args := []string{"merge", "-stats", file("merged-stats.json"), "-report", file("merged-report.json")}
	var listedNames []string
	for i := 1; i <= 3; i++ {
		s, r := file(fmt.Sprintf("stats%d.json", i)), file(fmt.Sprintf("report%d.json", i))
		res := runIn(t, dir, nil, append([]string{"-shard", fmt.Sprintf("%d/3", i), "-stats", s, "-report", r}, common...)...)
		listedNames = append(listedNames, listed(t, res.stdout)[demoPath]...)
		args = append(args, s, r)
	}
	if len(listedNames) != 5 {
		t.Errorf("the shards explored %q, want the 5 targets once each", listedNames)
	}
	runIn(t, dir, nil, args...)

	wantReport, _ := os.ReadFile(file("report.json"))
	gotReport, _ := os.ReadFile(file("merged-report.json"))
	if !bytes.Equal(wantReport, gotReport) {
		t.Errorf("merged report differs from the unsharded run's:\n%s\n--- unsharded:\n%s", gotReport, wantReport)
	}
	if want, got := timeless(t, file("stats.json")), timeless(t, file("merged-stats.json")); !bytes.Equal(want, got) {
		t.Errorf("merged statistics differ from the unsharded run's:\n%s\n--- unsharded:\n%s", got, want)
	}

	// Each shard wrote its own test file; together they hold every test
	// function of the unsharded run's file.
	testFunc := regexp.MustCompile(`(?m)^func (Test\w+)`)
	var sharded []string
	for i := 1; i <= 3; i++ {
		src, err := os.ReadFile(filepath.Join(dir, "testdata", "demo", fmt.Sprintf("gosymtest_generated_shard_%d_of_3_test.go", i)))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range testFunc.FindAllSubmatch(src, -1) {
			sharded = append(sharded, string(m[1]))
		}
	}
	var unsharded []string
	for _, m := range testFunc.FindAllSubmatch(whole, -1) {
		unsharded = append(unsharded, string(m[1]))
	}
	if fmt.Sprint(sortedCopy(sharded)) != fmt.Sprint(sortedCopy(unsharded)) {
		t.Errorf("the shards' test files have %q, the unsharded file %q", sharded, unsharded)
	}
}

func sortedCopy(s []string) []string {
	c := append([]string(nil), s...)
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			if c[j] < c[i] {
				c[i], c[j] = c[j], c[i]
			}
		}
	}
	return c
}

// TestMergeRejectsIncompleteShards: a missing shard, one given twice, or
// the statistics of an unsharded run are errors, not a wrong merge.
func TestMergeRejectsIncompleteShards(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, s stats) string {
		path := filepath.Join(dir, name)
		if err := writeStatsFile(path, s); err != nil {
			t.Fatal(err)
		}
		return path
	}
	targets := []string{"p.A", "p.B"}
	shard := func(i int, fns ...string) stats {
		s := stats{Shard: &shardJSON{Index: i, Count: 2, Targets: targets}}
		for _, f := range fns {
			s.Functions = append(s.Functions, functionStats{Package: "p", Name: strings.TrimPrefix(f, "p.")})
		}
		return s
	}
	one, two := write("1.json", shard(1, "p.A")), write("2.json", shard(2, "p.B"))
	twoAgain := write("2b.json", shard(2, "p.B"))
	both := write("both.json", shard(2, "p.A", "p.B"))
	plain := write("plain.json", stats{})
	out := filepath.Join(dir, "out.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{one}, "shard 2/2 is missing"},
		{[]string{one, two, twoAgain}, "shard 2/2 given twice"},
		{[]string{one, both}, "p.A explored by two shards"},
		{[]string{one, plain}, "without -shard"},
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
