package testgen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// verdict is what go test said about a candidate file.
type verdict struct {
	// buildFailed: the test binary did not build; buildOutput has the
	// compiler's messages, which name the candidate file as candidate.
	buildFailed bool
	buildOutput string
	candidate   string // the path the compiler calls the candidate file
	// failed maps each failing test, "TestX/case" or "TestX", to its
	// output lines.
	failed map[string][]string
	// crashed maps each test that started but never finished (the binary
	// died: a fatal error, an unrecovered panic, a timeout) to the line
	// that says why.
	crashed map[string]string
	// outputs holds every test's output lines.
	outputs map[string][]string
	// passed holds the tests that passed.
	passed map[string]bool
	// profile is the coverprofile of the run, with Options.Cover.
	profile []byte
	// packageFailed: go test failed for a reason not tied to any test.
	packageFailed bool
	output        string // output not tied to a test
}

// testEvent is one line of go test -json.
type testEvent struct {
	Action      string
	Test        string
	Output      string
	FailedBuild string
}

// runTests runs the tests in content, which go test sees at path through an
// overlay: the package directory is not touched, and a previous file at
// path is hidden. Everything the check writes lives in a temporary
// directory that is removed before it returns. Only a failure to run go
// test at all, or the context's end, is an error.
//
// runs is go test's -count; with cover the run also writes the tests'
// coverprofile, kept in the verdict.
func runTests(ctx context.Context, opts Options, pkg Package, path string, content []byte, tests []string, runs int, cover bool) (*verdict, error) {
	tmpDir, err := os.MkdirTemp("", "gosymtest-validate-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmpDir)
	candidate := filepath.Join(tmpDir, "candidate.go")
	if err := os.WriteFile(candidate, content, 0o644); err != nil {
		return nil, err
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {path: candidate}})
	if err != nil {
		return nil, err
	}
	overlayFile := filepath.Join(tmpDir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		return nil, err
	}
	quoted := make([]string, len(tests))
	for i, t := range tests {
		quoted[i] = regexp.QuoteMeta(t)
	}
	// -vet=off: the package's own code may not pass vet, which is not
	// this check's business (the generated file is vet-clean by design).
	args := []string{"test", fmt.Sprintf("-count=%d", runs), "-json", "-vet=off",
		"-timeout", opts.Timeout.String(), "-overlay", overlayFile,
		"-run", "^(" + strings.Join(quoted, "|") + ")$"}
	profileFile := filepath.Join(tmpDir, "cover.out")
	if cover {
		// Only the generated tests run (-run above), so the profile is
		// their coverage, not the package's own tests'. A run that passes
		// is the one whose file is written: every round measures.
		args = append(args, "-covermode=set", "-coverpkg="+pkg.Types.Path(), "-coverprofile="+profileFile)
	}
	cmd := exec.CommandContext(ctx, opts.GoCmd, append(args, ".")...)
	cmd.Dir = pkg.Dir
	interruptGroup(cmd)
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	if ctx.Err() != nil {
		killGroup(cmd)
		return nil, ctx.Err()
	}
	v := parseEvents(&stdout)
	v.candidate = candidate
	if _, isExit := runErr.(*exec.ExitError); runErr != nil && !isExit {
		return nil, fmt.Errorf("running %s test: %w", opts.GoCmd, runErr)
	}
	if runErr != nil && !v.buildFailed && len(v.failed) == 0 && len(v.crashed) == 0 {
		v.packageFailed = true
		v.output += stderr.String()
	}
	if v.buildFailed {
		v.buildOutput += stderr.String()
	}
	if cover && runErr == nil {
		if v.profile, err = os.ReadFile(profileFile); err != nil {
			return nil, fmt.Errorf("%s test -coverprofile wrote no profile: %w", opts.GoCmd, err)
		}
	}
	return v, nil
}

// validationRuns is how many times validation runs each test. Once is not
// enough: the interpreter ranges over a map in insertion order, real Go in
// a random one, so a case whose result depends on the order may pass once
// and fail later; so may a case that leaves package state behind. Either
// is a flaky test. With 2 orders equally likely, 20 runs miss the other
// order with probability 2^-19.
const validationRuns = 20

// parseEvents reads go test -json output. With several runs, a test that
// failed in any of them stays failed.
func parseEvents(r *bytes.Buffer) *verdict {
	v := &verdict{failed: make(map[string][]string), crashed: make(map[string]string), passed: make(map[string]bool)}
	outputs := make(map[string][]string)
	v.outputs = outputs
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
			v.buildOutput += ev.Output
		case ev.Action == "build-fail" || ev.FailedBuild != "":
			v.buildFailed = true
		case ev.Test == "":
			if ev.Action == "output" {
				v.output += ev.Output
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
				if _, seen := v.failed[ev.Test]; !seen {
					v.failed[ev.Test] = outputs[ev.Test] // the first failure tells
				}
			case "pass":
				v.passed[ev.Test] = true
			}
		}
	}
	// A test that never finished was running when the binary died. Its
	// parent (or the package output) holds the reason.
	for _, test := range running {
		if !strings.Contains(test, "/") && hasRunningChild(running, test) {
			continue // only the innermost test is to blame
		}
		v.crashed[test] = crashReason(test, outputs, v.output)
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
