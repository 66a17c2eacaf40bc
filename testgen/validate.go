package testgen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// verdict is what go test said about a candidate file.
type verdict struct {
	buildFailed bool
	output      string // the build output, when it failed
	// failed maps "TestX/case" to the output of that subtest.
	failed map[string]string
	// ran counts the subtests that ran.
	ran int
}

// testEvent is one line of go test -json.
type testEvent struct {
	Action string
	Test   string
	Output string
}

// check runs the tests named in the candidate file content, which go test
// sees at path through an overlay: the package directory is not touched.
func check(ctx context.Context, goCmd, dir, path string, content []byte, tests []string) (*verdict, error) {
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
	cmd := exec.CommandContext(ctx, goCmd, "test", "-count=1", "-json", "-overlay", overlayFile,
		"-run", "^("+strings.Join(quoted, "|")+")$", ".")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	v := &verdict{failed: make(map[string]string)}
	outputs := make(map[string]*strings.Builder)
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var ev testEvent
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		if ev.Test == "" {
			if ev.Action == "output" || ev.Action == "build-output" {
				v.output += ev.Output
			}
			continue
		}
		if outputs[ev.Test] == nil {
			outputs[ev.Test] = &strings.Builder{}
		}
		switch ev.Action {
		case "output":
			outputs[ev.Test].WriteString(ev.Output)
		case "run":
			if strings.Contains(ev.Test, "/") {
				v.ran++
			}
		case "fail":
			v.failed[ev.Test] = outputs[ev.Test].String()
		}
	}
	if runErr != nil && len(outputs) == 0 {
		// Nothing ran: the test binary did not build.
		v.buildFailed = true
		v.output += stderr.String()
	}
	return v, nil
}
