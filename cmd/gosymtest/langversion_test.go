package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestModuleAtGo113GetsAFile runs the command on a module whose go.mod
// says go 1.13 (testgen's fixture): its functions take pointers to ints
// and strings, whose literals need a helper, and the written file must
// compile at go1.13, with no type parameter and no any, and pass.
func TestModuleAtGo113GetsAFile(t *testing.T) {
	src := filepath.Join("..", "..", "testgen", "testdata", "langversion", "go113")
	dir := t.TempDir()
	for _, name := range []string{"go.mod", "lib.go"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := copyBytes(filepath.Join(dir, name), data); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(binary, "-budget", "2s", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gosymtest: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "gosymtest_generated_test.go"))
	if err != nil {
		t.Fatalf("no test file written: %v", err)
	}
	file := string(data)
	if regexp.MustCompile(`\bany\b`).MatchString(file) || strings.Contains(file, "[T") {
		t.Errorf("the file uses any or type parameters:\n%s", file)
	}
	for _, want := range []string{"func TestDeref(", "ptrInt(", "func TestLabel(", "ptrString("} {
		if !strings.Contains(file, want) {
			t.Errorf("the file lacks %q:\n%s", want, file)
		}
	}
	for _, args := range [][]string{{"vet", "."}, {"test", "-count=1", "."}} {
		c := exec.Command("go", args...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
