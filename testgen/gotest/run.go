package gotest

import (
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

// Runner runs go test on candidate files of one package.
type Runner struct {
	GoCmd string // the go command
	// Dir is the package directory, and Path where the candidate file
	// goes in it; both absolute, as the overlay needs.
	Dir, Path string
	// Timeout bounds one run of the test binary (go test -timeout).
	Timeout time.Duration
}

// Run runs the tests in content, which go test sees at r.Path through an
// overlay: the package directory is not touched, and a previous file at
// the path is hidden. Everything the check writes lives in a temporary
// directory that is removed before it returns. Only a failure to run go
// test at all, or the context's end, is an error.
//
// tests are the test functions to run (-run matches them exactly); runs
// is go test's -count. With coverPkg set, the run also writes the
// coverprofile of that package, kept in the verdict.
func (r Runner) Run(ctx context.Context, content []byte, tests []string, runs int, coverPkg string) (*Verdict, error) {
	tmpDir, err := os.MkdirTemp("", "gosymtest-validate-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmpDir)
	candidate := filepath.Join(tmpDir, "candidate.go")
	if err := os.WriteFile(candidate, content, 0o644); err != nil {
		return nil, err
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {r.Path: candidate}})
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
		"-timeout", r.Timeout.String(), "-overlay", overlayFile,
		"-run", "^(" + strings.Join(quoted, "|") + ")$"}
	profileFile := filepath.Join(tmpDir, "cover.out")
	if coverPkg != "" {
		// Only the named tests run (-run above), so the profile is their
		// coverage, not the package's own tests'.
		args = append(args, "-covermode=set", "-coverpkg="+coverPkg, "-coverprofile="+profileFile)
	}
	cmd := exec.CommandContext(ctx, r.GoCmd, append(args, ".")...)
	cmd.Dir = r.Dir
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
	v.Candidate = candidate
	if _, isExit := runErr.(*exec.ExitError); runErr != nil && !isExit {
		return nil, fmt.Errorf("running %s test: %w", r.GoCmd, runErr)
	}
	if runErr != nil && !v.BuildFailed && len(v.Failed) == 0 && len(v.Crashed) == 0 {
		v.PackageFailed = true
		v.Output += stderr.String()
	}
	if v.BuildFailed {
		v.BuildOutput += stderr.String()
	}
	if coverPkg != "" && runErr == nil {
		if v.Profile, err = os.ReadFile(profileFile); err != nil {
			return nil, fmt.Errorf("%s test -coverprofile wrote no profile: %w", r.GoCmd, err)
		}
	}
	return v, nil
}
