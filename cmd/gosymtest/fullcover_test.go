package main

import (
	"os/exec"
	"strings"
	"testing"
)

// checkFullyCovering requires the module in dir, with its generated test
// file, to be gofmt-clean and vet-clean, and to pass go test three times
// with every statement covered.
func checkFullyCovering(t *testing.T, dir string) {
	t.Helper()
	for _, check := range [][]string{
		{"gofmt", "-l", "."},
		{"go", "vet", "."},
		{"go", "test", "-count=3", "-cover", "."},
	} {
		c := exec.Command(check[0], check[1:]...)
		c.Dir = dir
		out, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(check, " "), err, out)
		}
		if check[0] == "gofmt" && len(out) != 0 {
			t.Errorf("gofmt would change %s", out)
		}
		if check[1] == "test" && !strings.Contains(string(out), "coverage: 100.0% of statements") {
			t.Errorf("the file does not cover every statement:\n%s", out)
		}
	}
}
