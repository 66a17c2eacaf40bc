package cdg

import (
	"testing"

	"golang.org/x/tools/go/ssa"
)

// Listed functions never return even though their bodies end in code SSA
// cannot see through; ordinary ones do.
func TestNeverReturnsKnown(t *testing.T) {
	a, _ := setup(t, "inter")
	os := a.Program().ImportedPackage("os")
	if os == nil {
		t.Fatal("os is not in the program")
	}
	for name, want := range map[string]bool{"Exit": true, "Getpid": false, "Getenv": false} {
		fn, _ := os.Members[name].(*ssa.Function)
		if fn == nil {
			t.Fatalf("no os.%s", name)
		}
		if got := a.NeverReturns(fn); got != want {
			t.Errorf("NeverReturns(os.%s) = %v, want %v", name, got, want)
		}
	}
}
