package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestUncontrolledValuesAreNotAsserted writes the tests of
// testdata/exec/clock, whose functions read the clock, the call stack and
// the process id, and runs them three times: they pass every time, cover
// each of those functions fully, and check no value that depends on what
// the test cannot set.
func TestUncontrolledValuesAreNotAsserted(t *testing.T) {
	pkg := "./testdata/exec/clock"
	if r := gosymtest(t, pkg); r.code != 0 {
		t.Fatalf("gosymtest: %s", r)
	}
	dir := filepath.Join(workRoot, "testdata", "exec", "clock")
	src, err := os.ReadFile(filepath.Join(dir, "gosymtest_generated_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(filepath.Join(dir, "gosymtest_generated_test.go"))
	file := string(src)
	for _, want := range []string{
		`wantErr:\s+ErrExpired`,        // Remaining: the clock passed the deadline (a sentinel)
		`want:\s+"elapsed"`,            // Elapsed: the label is asserted
		`wantErr:\s+"prefix too long"`, // TempName: the check before the pid
		`Result 1 is not checked: depends on values the test cannot set`, // Remaining's duration, TempName's name
		`Result 2 is not checked: depends on values the test cannot set`, // Elapsed's seconds
	} {
		if !regexp.MustCompile(want).MatchString(file) {
			t.Errorf("test file lacks %q:\n%s", want, file)
		}
	}
	profile := filepath.Join(t.TempDir(), "cover.out")
	run := exec.Command("go", "test", "-count=3", "-coverprofile="+profile, ".")
	run.Dir = dir
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("go test -count=3 on the generated file: %v\n%s", err, out)
	}
	funcs := exec.Command("go", "tool", "cover", "-func="+profile)
	funcs.Dir = dir
	out, err := funcs.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool cover: %v\n%s", err, out)
	}
	for _, fn := range []string{"Remaining", "Elapsed", "NewStamped", "TempName", "Frames", "Where"} {
		m := regexp.MustCompile(`(?m)\s` + fn + `\s+([0-9.]+)%$`).FindStringSubmatch(string(out))
		if m == nil || m[1] != "100.0" {
			t.Errorf("%s is not fully covered:\n%s", fn, out)
		}
	}
}
