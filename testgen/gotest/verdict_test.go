package gotest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// events is a go test -json stream: TestA/ok passes, TestA/bad fails
// with a message, TestB/dies is running when the binary panics.
const events = `{"Action":"run","Test":"TestA"}
{"Action":"run","Test":"TestA/ok"}
{"Action":"pass","Test":"TestA/ok"}
{"Action":"run","Test":"TestA/bad"}
{"Action":"output","Test":"TestA/bad","Output":"    x_test.go:9: A():\n"}
{"Action":"output","Test":"TestA/bad","Output":"         got 1\n"}
{"Action":"fail","Test":"TestA/bad"}
{"Action":"fail","Test":"TestA"}
{"Action":"run","Test":"TestB"}
{"Action":"run","Test":"TestB/dies"}
{"Action":"output","Test":"TestB","Output":"panic: boom [recovered, repanicked]\n"}
not json
{"Action":"output","Output":"FAIL\tp\t0.01s\n"}
`

func TestParseEvents(t *testing.T) {
	v := parseEvents(bytes.NewBufferString(events))
	if !v.Passed["TestA/ok"] || v.Passed["TestA/bad"] || len(v.Passed) != 1 {
		t.Errorf("passed %v", v.Passed)
	}
	if got := v.Failed["TestA/bad"]; len(got) != 2 || !strings.Contains(got[1], "got 1") {
		t.Errorf("failed TestA/bad with %q", got)
	}
	if _, ok := v.Failed["TestA"]; !ok {
		t.Errorf("TestA not failed: %v", v.Failed)
	}
	// Only the innermost running test is to blame; the reason is in its
	// parent's output.
	if len(v.Crashed) != 1 || v.Crashed["TestB/dies"] != "panic: boom" {
		t.Errorf("crashed %v", v.Crashed)
	}
	if v.CrashReason("TestA") != "the test binary exited" {
		t.Errorf("a test that ended crashed: %q", v.CrashReason("TestA"))
	}
	if v.BuildFailed || v.Output != "FAIL\tp\t0.01s\n" {
		t.Errorf("build failed %v, output %q", v.BuildFailed, v.Output)
	}
}

func TestCompileErrors(t *testing.T) {
	v := parseEvents(bytes.NewBufferString(`{"Action":"build-output","Output":"# p\n"}
{"Action":"build-output","Output":"../gosymtest-validate-1/candidate.go:12:3: undefined: x\n"}
{"Action":"build-output","Output":"./other.go:3:1: syntax error\n"}
{"Action":"build-fail"}
`))
	v.Candidate = "/tmp/gosymtest-validate-1/candidate.go"
	if !v.BuildFailed {
		t.Fatal("build did not fail")
	}
	if got := v.CompileErrors(); !slices.Equal(got, []CompileError{{Line: 12, Msg: "undefined: x"}}) {
		t.Errorf("compile errors %+v", got)
	}
	if !strings.HasPrefix(v.FailureText(), "# p") {
		t.Errorf("failure text %q", v.FailureText())
	}
}

// TestRun runs go test on a file the package does not have: what passes
// and fails is told apart, and the directory is left as it was.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/p\n\ngo 1.21\n")
	write("p.go", "package p\n\nfunc Double(n int) int { return 2 * n }\n")
	src := `package p

import "testing"

func TestDouble(t *testing.T) {
	for _, c := range []struct{ name string; n, want int }{{"two", 1, 2}, {"wrong", 2, 5}} {
		t.Run(c.name, func(t *testing.T) {
			if got := Double(c.n); got != c.want {
				t.Errorf("got %d", got)
			}
		})
	}
}

func TestOther(t *testing.T) { t.Fatal("not run") }
`
	r := Runner{GoCmd: "go", Dir: dir, Path: filepath.Join(dir, "gen_test.go"), Timeout: time.Minute}
	v, err := r.Run(context.Background(), []byte(src), []string{"TestDouble"}, 1, "example.com/p")
	if err != nil {
		t.Fatal(err)
	}
	if !v.Passed["TestDouble/two"] || v.Failed["TestDouble/wrong"] == nil || v.Failed["TestOther"] != nil {
		t.Errorf("passed %v, failed %v", v.Passed, v.Failed)
	}
	if v.Profile != nil {
		t.Error("a profile from a run that failed")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the package directory holds %d files, want 2", len(entries))
	}
}
