package loader

import (
	"reflect"
	"testing"
)

// TestGlobalsChanged lists what each function of testdata/exec/pkgstate
// may change in place: through its own stores, a field, an element
// taken by copy, a callee's store, and a lock's address; not a map's
// entries, and nothing for a function that only reads.
func TestGlobalsChanged(t *testing.T) {
	prog := load(t, "./testdata/exec/pkgstate")
	p := findPackage(t, prog, fixturePath+"exec/pkgstate")
	want := map[string][]string{
		"SetNode":    {"mu", "name", "node"},
		"markUser":   {"name"},
		"Name":       {"mu"},
		"Stamp":      nil,
		"SetVerbose": {"config"},
		"Verbose":    nil,
	}
	seen := 0
	for _, fn := range p.Targets {
		w, ok := want[FuncName(fn)]
		if !ok {
			continue
		}
		seen++
		var got []string
		for _, g := range GlobalsChanged(fn) {
			got = append(got, g.Name())
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("GlobalsChanged(%s) = %q, want %q", FuncName(fn), got, w)
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the %d functions among the targets %q", seen, len(want), targetNames(p))
	}
}
