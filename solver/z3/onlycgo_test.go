package z3

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/gosymtest/gosymtest"

// TestOnlyCgoPackage keeps Z3 behind this package: it is the module's
// one package with cgo files, and the analyses, the report and the store
// build without it, so that they can be tested and reused on a machine
// without libz3.
func TestOnlyCgoPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	cgo := goList(t, "-deps", "-f", "{{if .CgoFiles}}{{.ImportPath}}{{end}}", module+"/...")
	var ours []string
	for _, p := range cgo {
		if strings.HasPrefix(p, module) {
			ours = append(ours, p)
		}
	}
	if len(ours) != 1 || ours[0] != module+"/solver/z3" {
		t.Errorf("the module's packages with cgo files are %v, want only %s/solver/z3", ours, module)
	}

	for _, pkg := range []string{"detector", "slicing", "report", "store", "symbolic"} {
		for _, dep := range goList(t, "-deps", module+"/"+pkg) {
			if dep == module+"/solver/z3" {
				t.Errorf("%s depends on solver/z3, and so needs Z3 to build", pkg)
			}
		}
	}
}

// goList runs go list with args and returns its non-empty output lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("go list %v: %v\n%s", args, err, msg)
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}
