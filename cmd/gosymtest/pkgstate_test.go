package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCasesPutPackageVariablesBack runs the binary on a copy of
// testdata/exec/pkgstate, whose SetNode sets the name that Name reads.
// Each case of a function that may change a package variable puts it
// back, so Name's case, found from the state init leaves, passes after
// SetNode's tests instead of being dropped as a disagreement, and the
// file passes in any order. A lock is not copied (go vet), nor a map
// whose entries change, nor what a sync.Once initialises: put back while
// the Once stays done, Greeting would return "" from then on.
func TestCasesPutPackageVariablesBack(t *testing.T) {
	dir := fixtureModule(t, "pkgstate")
	file := string(generateIn(t, dir, ".", "-store", "off", "-budget", "10m", "-max-work", "200000", "."))
	for _, want := range []string{
		"// SetNode may change name and node: put them back when the case ends.\n\t\t\tsavedName, savedNode := name, node\n",
		"name, node = savedName, savedNode\n",
		"savedConfig := config\n",
		`want: "none"`,  // Name's case, which fails after SetNode's unless they put name back
		`want: "hello"`, // Greeting's case, dropped as a disagreement if it put greeting back
	} {
		if !strings.Contains(file, want) {
			t.Errorf("the file lacks %q:\n%s", want, file)
		}
	}
	for _, unwanted := range []string{"savedMu", "savedStamps", "savedGreeting"} {
		if strings.Contains(file, unwanted) {
			t.Errorf("the file saves what it must not (%s):\n%s", unwanted, file)
		}
	}
	for _, args := range [][]string{{"vet", "."}, {"test", "-count=3", "-shuffle=on", "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s\n%s", strings.Join(args, " "), err, out, file)
		}
	}
}
