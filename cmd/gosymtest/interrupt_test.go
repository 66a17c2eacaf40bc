package main

import (
	"bufio"
	"encoding/json"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/gosymtest/gosymtest/report"
)

// interruptRun is the binary running on testdata/interrupt.txtar, with
// its JSON log read line by line.
type interruptRun struct {
	t      *testing.T
	dir    string // the module
	tmp    string // the run's TMPDIR
	cmd    *exec.Cmd
	lines  *bufio.Scanner
	stderr strings.Builder // every line read so far
}

// startInterruptRun starts gosymtest on the interrupt fixture. The budget
// is a minute per function and the work unlimited, so that the slow
// functions are still being explored whenever a signal is sent: no test
// step depends on timing.
//
// env is added to the run's environment.
func startInterruptRun(t *testing.T, env []string, extra ...string) *interruptRun {
	t.Helper()
	r := &interruptRun{t: t, dir: unpackArchive(t, "testdata/interrupt.txtar", t.TempDir()), tmp: t.TempDir()}
	r.cmd = exec.Command(binary, append(append([]string{"-log-json", "-budget", "1m", "-max-work", "0"}, extra...), "./...")...)
	r.cmd.Dir = r.dir
	r.cmd.Env = append(append(os.Environ(), "TMPDIR="+r.tmp), env...)
	stderr, err := r.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if r.cmd.ProcessState == nil { // a failed test left it running
			r.cmd.Process.Kill()
			r.cmd.Wait()
		}
	})
	r.lines = bufio.NewScanner(stderr)
	return r
}

// waitFor reads log lines until one whose message starts with msg, and
// returns its fields; it fails the test if the log ends first.
func (r *interruptRun) waitFor(msg string) map[string]any {
	r.t.Helper()
	for r.lines.Scan() {
		line := r.lines.Text()
		r.stderr.WriteString(line + "\n")
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) != nil {
			continue
		}
		if m, _ := entry["message"].(string); strings.HasPrefix(m, msg) {
			return entry
		}
	}
	r.t.Fatalf("the log ended before %q:\n%s", msg, r.stderr.String())
	return nil
}

// finish reads the rest of the log, waits for the exit, and returns the
// exit status and the functions logged as explored.
func (r *interruptRun) finish() (code int, explored []string) {
	r.t.Helper()
	for r.lines.Scan() {
		r.stderr.WriteString(r.lines.Text() + "\n")
	}
	r.cmd.Wait()
	for _, line := range strings.Split(r.stderr.String(), "\n") {
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) == nil && entry["message"] == "explored" {
			explored = append(explored, entry["func"].(string))
		}
	}
	return r.cmd.ProcessState.ExitCode(), explored
}

func (r *interruptRun) signal(s os.Signal) {
	r.t.Helper()
	if err := r.cmd.Process.Signal(s); err != nil {
		r.t.Fatal(err)
	}
}

// checkNothingHalfWritten asserts that the package holds its sources and
// at most a complete generated file, and that no validation directory of
// gosymtest is left in TMPDIR. (go test's own go-build directories may
// be: an interrupted go test does not always remove them.)
func (r *interruptRun) checkNothingHalfWritten() {
	r.t.Helper()
	entries, err := os.ReadDir(filepath.Join(r.dir, "steps"))
	if err != nil {
		r.t.Fatal(err)
	}
	for _, e := range entries {
		switch e.Name() {
		case "quick.go", "slow.go", "gate_test.go", "gosymtest_generated_test.go":
		default:
			r.t.Errorf("the package holds %s after the run", e.Name())
		}
	}
	tmps, err := os.ReadDir(r.tmp)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, e := range tmps {
		if strings.HasPrefix(e.Name(), "gosymtest-") {
			r.t.Errorf("TMPDIR holds %s after the run", e.Name())
		}
	}
}

// TestInterruptWritesFinishedWork interrupts a run once the first
// function is explored: the run must write, validated, the tests of the
// functions explored before the interrupt and of no other, write the
// statistics of that part of the run, and exit 130 (143 for SIGTERM).
func TestInterruptWritesFinishedWork(t *testing.T) {
	for _, tc := range []struct {
		sig  os.Signal
		code int
	}{{os.Interrupt, exitInterrupted}, {syscall.SIGTERM, exitTerminated}} {
		t.Run(tc.sig.String(), func(t *testing.T) { interruptOnce(t, tc.sig, tc.code) })
	}
}

func interruptOnce(t *testing.T, sig os.Signal, want int) {
	statsFile := filepath.Join(t.TempDir(), "stats.json")
	r := startInterruptRun(t, nil, "-stats", statsFile)
	r.waitFor("explored")
	r.signal(sig)
	code, explored := r.finish()
	if code != want {
		t.Errorf("exit status %d, want %d:\n%s", code, want, r.stderr.String())
	}
	if !strings.Contains(r.stderr.String(), "interrupted: writing the tests of the functions explored so far") {
		t.Errorf("the log does not say the run was interrupted:\n%s", r.stderr.String())
	}
	r.checkNothingHalfWritten()
	file := filepath.Join(r.dir, "steps", "gosymtest_generated_test.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("no test file for the functions explored before the interrupt: %v\n%s", err, r.stderr.String())
	}
	if _, err := parser.ParseFile(token.NewFileSet(), file, src, 0); err != nil {
		t.Errorf("the test file does not parse: %v", err)
	}
	done := map[string]bool{}
	for _, f := range explored {
		done["Test"+f] = true
	}
	tests := regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`).FindAllSubmatch(src, -1)
	if len(tests) == 0 {
		t.Errorf("the test file has no test:\n%s", src)
	}
	for _, m := range tests {
		if !done[string(m[1])] {
			t.Errorf("%s tests a function whose exploration did not finish (explored: %v)", m[1], explored)
		}
	}
	for _, slow := range []string{"Collatz", "GCD", "Runs"} {
		for _, f := range explored {
			if f == slow {
				t.Errorf("%s was explored to the end; the fixture's slow functions take a minute each", slow)
			}
		}
	}
	test := exec.Command("go", "test", "-count=1", "./steps")
	test.Dir = r.dir
	if out, err := test.CombinedOutput(); err != nil {
		t.Errorf("go test on the file written after the interrupt: %v\n%s", err, out)
	}

	var s report.Stats
	data, err := os.ReadFile(statsFile)
	if err != nil {
		t.Fatalf("no statistics file after the interrupt: %v", err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Totals.FunctionsExplored != len(explored) || s.Totals.FunctionsExplored+s.Totals.FunctionsSkipped != s.Totals.Functions {
		t.Errorf("stats totals %+v; %d functions were explored", s.Totals, len(explored))
	}
	for _, f := range s.Functions {
		if f.Name == "Collatz" && f.SkippedReason != interruptedReason {
			t.Errorf("Collatz's skipped_reason is %q, want %q", f.SkippedReason, interruptedReason)
		}
	}
}

// TestSecondInterruptQuitsAtOnce sends a second interrupt while the tests
// of the explored functions are being validated (the fixture's gate holds
// the test binary, so validation cannot finish first): the run must quit
// at once with no file written, leaving nothing behind.
func TestSecondInterruptQuitsAtOnce(t *testing.T) {
	r := startInterruptRun(t, []string{"STEPS_GATE=" + filepath.Join(t.TempDir(), "never")})
	r.waitFor("explored")
	r.signal(os.Interrupt)
	r.waitFor("interrupted: writing")
	r.signal(os.Interrupt)
	code, _ := r.finish()
	if code != exitInterrupted {
		t.Errorf("exit status %d, want %d:\n%s", code, exitInterrupted, r.stderr.String())
	}
	if !strings.Contains(r.stderr.String(), "interrupted again") {
		t.Errorf("the log does not say the run quit on the second interrupt:\n%s", r.stderr.String())
	}
	if strings.Contains(r.stderr.String(), `"message":"coverage"`) {
		t.Errorf("the run went on to its report after the second interrupt:\n%s", r.stderr.String())
	}
	r.checkNothingHalfWritten()
	if _, err := os.Stat(filepath.Join(r.dir, "steps", "gosymtest_generated_test.go")); err == nil {
		t.Errorf("a test file was written after the second interrupt")
	}
}
