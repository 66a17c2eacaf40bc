package gotest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Verdict is what go test said about a candidate file.
type Verdict struct {
	// BuildFailed: the test binary did not build; BuildOutput has the
	// compiler's messages, which name the candidate file as Candidate.
	BuildFailed bool
	BuildOutput string
	Candidate   string // the path the compiler calls the candidate file
	// Failed maps each failing test, "TestX/case" or "TestX", to its
	// output lines.
	Failed map[string][]string
	// Crashed maps each test that started but never finished (the binary
	// died: a fatal error, an unrecovered panic, a timeout) to the line
	// that says why.
	Crashed map[string]string
	// Outputs holds every test's output lines.
	Outputs map[string][]string
	// Passed holds the tests that passed.
	Passed map[string]bool
	// Profile is the coverprofile of the run, when Run was given a
	// package to measure and the run passed.
	Profile []byte
	// PackageFailed: go test failed for a reason not tied to any test.
	PackageFailed bool
	Output        string // output not tied to a test
}

// testEvent is one line of go test -json.
type testEvent struct {
	Action      string
	Test        string
	Output      string
	FailedBuild string
}

// parseEvents reads go test -json output. With several runs, a test that
// failed in any of them stays failed.
func parseEvents(r *bytes.Buffer) *Verdict {
	v := &Verdict{Failed: make(map[string][]string), Crashed: make(map[string]string), Passed: make(map[string]bool)}
	outputs := make(map[string][]string)
	v.Outputs = outputs
	var running []string // tests started and not finished, in start order
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var ev testEvent
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		switch {
		case ev.Action == "build-output":
			v.BuildOutput += ev.Output
		case ev.Action == "build-fail" || ev.FailedBuild != "":
			v.BuildFailed = true
		case ev.Test == "":
			if ev.Action == "output" {
				v.Output += ev.Output
			}
		case ev.Action == "run":
			running = append(running, ev.Test)
			outputs[ev.Test] = nil // a new run: keep only its own output
		case ev.Action == "output":
			outputs[ev.Test] = append(outputs[ev.Test], ev.Output)
		case ev.Action == "pass" || ev.Action == "fail" || ev.Action == "skip":
			running = remove(running, ev.Test)
			switch ev.Action {
			case "fail":
				if _, seen := v.Failed[ev.Test]; !seen {
					v.Failed[ev.Test] = outputs[ev.Test] // the first failure tells
				}
			case "pass":
				v.Passed[ev.Test] = true
			}
		}
	}
	// A test that never finished was running when the binary died. Its
	// parent (or the package output) holds the reason.
	for _, test := range running {
		if !strings.Contains(test, "/") && hasRunningChild(running, test) {
			continue // only the innermost test is to blame
		}
		v.Crashed[test] = crashReason(test, outputs, v.Output)
	}
	return v
}

func remove(list []string, s string) []string {
	for i, x := range list {
		if x == s {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

func hasRunningChild(running []string, test string) bool {
	for _, r := range running {
		if strings.HasPrefix(r, test+"/") {
			return true
		}
	}
	return false
}

// crashReason finds the line saying why the binary died while test ran.
func crashReason(test string, outputs map[string][]string, pkgOutput string) string {
	var lines []string
	for t := test; ; {
		lines = append(lines, outputs[t]...)
		i := strings.LastIndex(t, "/")
		if i < 0 {
			break
		}
		t = t[:i]
	}
	lines = append(lines, strings.SplitAfter(pkgOutput, "\n")...)
	for _, line := range lines {
		line = strings.TrimSpace(line)
		for _, prefix := range []string{"panic: ", "fatal error: ", "panic: test timed out"} {
			if strings.HasPrefix(line, prefix) {
				return strings.TrimSuffix(line, " [recovered, repanicked]")
			}
		}
	}
	return "the test binary exited"
}

// CrashReason finds the line saying why the test binary died while test
// ran ("" for the package as a whole): a panic, a fatal error, a
// timeout, else "the test binary exited".
func (v *Verdict) CrashReason(test string) string {
	return crashReason(test, v.Outputs, v.Output)
}

// FailureText is what a failing run printed outside every test: the
// build output when the build failed.
func (v *Verdict) FailureText() string {
	if v.BuildFailed {
		return strings.TrimSpace(v.BuildOutput)
	}
	return strings.TrimSpace(v.Output)
}

// CompileError is one compiler message about the candidate file.
type CompileError struct {
	Line int
	Msg  string
}

// CompileErrors picks the messages about the candidate file out of the
// build output, which names it by its temporary path.
func (v *Verdict) CompileErrors() []CompileError {
	name := regexp.QuoteMeta(filepath.Base(filepath.Dir(v.Candidate)) + "/" + filepath.Base(v.Candidate))
	re := regexp.MustCompile(`(?m)` + name + `:(\d+):\d+: (.*)$`)
	var errs []CompileError
	for _, m := range re.FindAllStringSubmatch(v.BuildOutput, -1) {
		line, _ := strconv.Atoi(m[1])
		errs = append(errs, CompileError{Line: line, Msg: m[2]})
	}
	return errs
}
