package symbolic

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestSortSliceSortsAnyElement: sort.Slice over 12-byte structs, for
// which reflectlite's Swapper copies raw memory, runs to its end on every
// path, and each of the three spans comes out widest on some path (Go
// agrees: TestStdlibInternalsRun).
func TestSortSliceSortsAnyElement(t *testing.T) {
	sum, paths := explore(t, "stdlib.Widest", machine.Config{MaxPaths: 100, NoBoundaries: true})
	for _, p := range paths {
		if p.Kind != machine.EndReturn {
			t.Errorf("path ended %v: %s", p.Kind, p.Reason)
		}
	}
	if got, want := outcomes(paths), []string{"[1]", "[3]", "[5]"}; !slices.Equal(got, want) {
		t.Errorf("outcomes %v, want %v", got, want)
	}
	if !sum.Exhausted {
		t.Error("not exhausted")
	}
}
