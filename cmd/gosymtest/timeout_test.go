package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/report"
)

// TestRunClockShares: without -timeout every function gets -budget; with
// it, a function gets at most its share of the time left, time left ×
// workers ÷ functions left, this one included, and never 0 (no budget).
func TestRunClockShares(t *testing.T) {
	now := time.Unix(1000, 0)
	none := newRunClock(context.Background(), 2, 5)
	if got := none.budget(10 * time.Second); got != 10*time.Second {
		t.Errorf("without a deadline: budget %v, want -budget", got)
	}

	ctx, cancel := context.WithDeadline(context.Background(), now.Add(60*time.Second))
	defer cancel()
	c := newRunClock(ctx, 2, 4)
	c.now = func() time.Time { return now }
	for i, want := range []time.Duration{
		30 * time.Second, // 60s × 2 ÷ 4
		40 * time.Second, // 60s × 2 ÷ 3
		50 * time.Second, // -budget: 60s × 2 ÷ 2 is more
		50 * time.Second,
	} {
		if got := c.budget(50 * time.Second); got != want {
			t.Errorf("function %d: budget %v, want %v", i+1, got, want)
		}
	}
	now = now.Add(time.Hour)
	if got := c.budget(50 * time.Second); got <= 0 {
		t.Errorf("after the deadline: budget %v, want a positive one", got)
	}
}

// TestTimeoutCutsAndWrites runs the interrupt fixture (two quick
// functions, three that would explore for their whole minute of budget)
// with a -timeout of a few seconds. Whatever the scheduling: the run
// exits 0, every function is either explored or skipped as cut by
// -timeout, the log says which were cut, at least the last one was (it
// would take a minute), and the test file written passes go test.
func TestTimeoutCutsAndWrites(t *testing.T) {
	dir := unpackArchive(t, "testdata/interrupt.txtar", t.TempDir())
	stats := filepath.Join(t.TempDir(), "stats.json")
	began := time.Now()
	r := gosymtestIn(t, dir, nil, "-p", "2", "-timeout", "4s", "-budget", "1m", "-max-work", "0", "-store", "off", "-stats", stats, "./...")
	if r.code != 0 {
		t.Fatalf("want exit 0 after -timeout:\n%s", r)
	}
	if took := time.Since(began); took > 50*time.Second {
		t.Errorf("the run took %v: -timeout 4s did not cut functions with a minute of budget", took)
	}
	var s report.Stats
	data, err := os.ReadFile(stats)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	var cut []string
	for _, f := range s.Functions {
		switch f.SkippedReason {
		case "":
		case timeoutReason:
			cut = append(cut, "example.com/interrupt/steps."+f.Name)
		default:
			t.Errorf("%s skipped: %q, want explored or %q", f.Name, f.SkippedReason, timeoutReason)
		}
	}
	if len(cut) == 0 || !strings.HasSuffix(cut[len(cut)-1], ".Runs") {
		t.Errorf("cut %v; want at least Runs, which explores for a minute", cut)
	}
	if s.Totals.FunctionsExplored+len(cut) != 5 || s.Totals.FunctionsExplored+s.Totals.FunctionsSkipped != s.Totals.Functions {
		t.Errorf("totals %+v with %d cut", s.Totals, len(cut))
	}
	if !strings.Contains(r.stderr, "timeout: explored ") || !strings.Contains(r.stderr, "cut: "+strings.Join(cut, ", ")) {
		t.Errorf("the log does not name the cut functions %v:\n%s", cut, r.stderr)
	}
	if s.Totals.FunctionsExplored > 0 && s.Totals.TestsEmitted > 0 {
		test := exec.Command("go", "test", "-count=1", "./steps")
		test.Dir = dir
		if out, err := test.CombinedOutput(); err != nil {
			t.Errorf("go test on the file written after -timeout: %v\n%s", err, out)
		}
	}
}
