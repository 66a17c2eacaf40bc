package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCoverageIsTheTests runs the command on a fixture where one explored
// path produces no test (it enters a branch and stops at complex
// arithmetic): the -coverprofile written must equal what go test
// -coverprofile measures on the emitted tests, block for block; the
// branch must count as uncovered with reason no-test; and -stats must
// keep the executor's larger view apart, as statements_executor_covered.
func TestCoverageIsTheTests(t *testing.T) {
	dir := t.TempDir()
	profile, reportFile, statsFile := filepath.Join(dir, "cover.out"), filepath.Join(dir, "report.json"), filepath.Join(dir, "stats.json")
	const pkg = "./testdata/report/notest"
	r := gosymtest(t, "-coverprofile", profile, "-report", reportFile, "-stats", statsFile, pkg)
	if r.code != 0 {
		t.Fatalf("want exit 0:\n%s", r)
	}
	measured := filepath.Join(dir, "measured.out")
	cmd := exec.Command("go", "test", "-count=1", "-coverprofile="+measured, pkg)
	cmd.Dir = workRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test on the generated file: %v\n%s", err, out)
	}
	want, got := readBlocks(t, measured), readBlocks(t, profile)
	if len(want) == 0 {
		t.Fatal("go test wrote an empty profile")
	}
	for k, hit := range want {
		if g, ok := got[k]; !ok || g != hit {
			t.Errorf("block %s: go test on the emitted tests says %v; -coverprofile says %v (present %v)", k, hit, g, ok)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("-coverprofile has block %s that go test does not", k)
		}
	}

	var s struct {
		Totals struct {
			Covered         int `json:"statements_covered"`
			ExecutorCovered int `json:"statements_executor_covered"`
			Statements      int `json:"statements"`
		} `json:"totals"`
		Functions []struct {
			Name      string `json:"name"`
			Uncovered []struct {
				Pos    string `json:"pos"`
				Reason string `json:"reason"`
				Detail string `json:"detail"`
			} `json:"uncovered"`
		} `json:"functions"`
	}
	data, err := os.ReadFile(statsFile)
	if err != nil || json.Unmarshal(data, &s) != nil {
		t.Fatalf("stats file: %v\n%s", err, data)
	}
	// Scale has 6 statements; the 2 of the complex branch ran only in the
	// executor, on a path that gave no test.
	if s.Totals.Statements != 6 || s.Totals.Covered != 4 || s.Totals.ExecutorCovered != 6 {
		t.Errorf("stats: %d statements, %d covered, %d executor-covered; want 6, 4, 6\n%s", s.Totals.Statements, s.Totals.Covered, s.Totals.ExecutorCovered, data)
	}
	found := false
	for _, f := range s.Functions {
		for _, u := range f.Uncovered {
			if f.Name == "Scale" && u.Pos == "testdata/report/notest/notest.go:11:12" && u.Reason == "no-test" && strings.Contains(u.Detail, "complex") {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("the complex branch of Scale is not uncovered with reason no-test naming the unsupported feature:\n%s", data)
	}
	if !strings.Contains(r.stderr, "no-test 2") {
		t.Errorf("summary does not give the no-test gap:\n%s", r.stderr)
	}
}

// readBlocks reads a coverprofile into block → executed.
func readBlocks(t *testing.T, file string) map[string]bool {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := make(map[string]bool)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		sp := strings.LastIndexByte(line, ' ')
		out[line[:sp]] = out[line[:sp]] || line[sp+1:] != "0"
	}
	return out
}
