package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEnvironmentIsSetByTheTests runs the command on testdata/exec/env,
// whose functions read the process environment. The file it writes must
// set the environment each case assumed (t.Setenv, and the helper for a
// whole environment), never run in parallel, and cover every statement
// three times over, both in this environment and in one where HOME is
// gone and other variables are set. (Crowded is covered only when the
// bound on os.Environ's entries grows.)
func TestEnvironmentIsSetByTheTests(t *testing.T) {
	const pkg = "./testdata/exec/env"
	r := gosymtest(t, "-budget", "2s", pkg)
	if r.code != 0 {
		t.Fatalf("want exit 0:\n%s", r)
	}
	src, err := os.ReadFile(filepath.Join(workRoot, pkg, "gosymtest_generated_test.go"))
	if err != nil {
		t.Fatalf("no test file written: %v\n%s", err, r)
	}
	for _, want := range []string{`t.Setenv(k, v)`, `os.Unsetenv(k)`, `setEnviron(t, tt.environ)`, `os.Clearenv()`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("test file lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(string(src), "Parallel") {
		t.Errorf("a test that sets the environment runs in parallel:\n%s", src)
	}

	// Without HOME the go command needs its directories spelled out.
	dirs, err := exec.Command("go", "env", "GOCACHE", "GOPATH", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	d := strings.Fields(string(dirs))
	elsewhere := []string{"GOCACHE=" + d[0], "GOPATH=" + d[1], "GOMODCACHE=" + d[2], "a=on", "b=off", "cc=1"}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "GOCACHE=") && !strings.HasPrefix(kv, "GOPATH=") && !strings.HasPrefix(kv, "GOMODCACHE=") {
			elsewhere = append(elsewhere, kv)
		}
	}
	for _, env := range [][]string{os.Environ(), elsewhere} {
		cmd := exec.Command("go", "test", "-count=3", "-cover", pkg)
		cmd.Dir = workRoot
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go test on the generated file: %v\n%s\n%s", err, out, src)
		}
		if !regexp.MustCompile(`coverage: 100.0% of statements`).Match(out) {
			t.Errorf("the generated tests do not cover every statement:\n%s\n%s", out, src)
		}
	}
}
