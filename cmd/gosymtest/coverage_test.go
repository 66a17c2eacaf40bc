package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCoverageReport runs the command with -coverprofile, -report and
// -stats on the dead-code fixture: the summary names the dead blocks, go
// tool cover reads the profile, and the stats carry blocks_dead and the
// uncovered blocks with their reasons.
func TestCoverageReport(t *testing.T) {
	dir := t.TempDir()
	profile, reportFile, statsFile := filepath.Join(dir, "cover.out"), filepath.Join(dir, "report.json"), filepath.Join(dir, "stats.json")
	r := gosymtest(t, "-coverprofile", profile, "-report", reportFile, "-stats", statsFile, "-run", "Mod4|Kind", "./testdata/report/deadcode")
	if r.code != 0 {
		t.Fatalf("want exit 0:\n%s", r)
	}
	for _, want := range []string{"./testdata/report/deadcode", "dead code, unreachable for all inputs within the bounds:", "deadcode.go:9:15-11:4  Mod4", "bounds: strings ≤ 16 bytes"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stderr)
		}
	}

	cover := exec.Command("go", "tool", "cover", "-func="+profile)
	cover.Dir = workRoot
	out, err := cover.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool cover -func: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "Mod4") || !strings.Contains(string(out), "80.0%") {
		t.Errorf("go tool cover -func output:\n%s", out)
	}

	var rep struct {
		Totals struct {
			Dead int `json:"statements_dead"`
		} `json:"totals"`
	}
	data, err := os.ReadFile(reportFile)
	if err != nil || json.Unmarshal(data, &rep) != nil {
		t.Fatalf("report file: %v\n%s", err, data)
	}
	// Mod4's inner branch, Kind's Perimeterer case and its final return.
	if rep.Totals.Dead != 3 {
		t.Errorf("report: %d dead statements, want 3", rep.Totals.Dead)
	}

	var s struct {
		Totals struct {
			BlocksDead *int `json:"blocks_dead"`
		} `json:"totals"`
		Functions []struct {
			Name       string `json:"name"`
			BlocksDead *int   `json:"blocks_dead"`
			Uncovered  []struct {
				Pos    string `json:"pos"`
				Reason string `json:"reason"`
			} `json:"uncovered"`
		} `json:"functions"`
	}
	data, err = os.ReadFile(statsFile)
	if err != nil || json.Unmarshal(data, &s) != nil {
		t.Fatalf("stats file: %v\n%s", err, data)
	}
	if s.Totals.BlocksDead == nil || *s.Totals.BlocksDead != 3 {
		t.Errorf("stats totals.blocks_dead = %v, want 3\n%s", s.Totals.BlocksDead, data)
	}
	for _, f := range s.Functions {
		if f.BlocksDead == nil || f.Uncovered == nil {
			t.Errorf("%s: blocks_dead or uncovered missing\n%s", f.Name, data)
		}
		if f.Name == "Mod4" && (len(f.Uncovered) != 1 || f.Uncovered[0].Pos != "testdata/report/deadcode/deadcode.go:9:15" || f.Uncovered[0].Reason != "dead") {
			t.Errorf("Mod4 uncovered = %+v", f.Uncovered)
		}
	}
}
