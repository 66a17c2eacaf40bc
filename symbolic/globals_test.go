package symbolic

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestChangedGlobalsBackNoClaim checks which package variables a path may
// read and still speak for every input. pkgstate.Verbose reads config,
// which SetVerbose changes, and pkgstate.Render takes from a pool of its
// own, which it leaves dirty: neither is exhausted, and each path names
// the variable. pkgstate.Describe formats through fmt, whose pool of
// printers fmt resets: it is exhausted like a function that reads nothing.
func TestChangedGlobalsBackNoClaim(t *testing.T) {
	for _, tc := range []struct{ fn, variable string }{
		{"pkgstate.Verbose", "pkgstate.config"},
		{"pkgstate.Render", "pkgstate.bufs"},
	} {
		sum, paths := explore(t, tc.fn, machine.Config{})
		if sum.Exhausted {
			t.Errorf("%s: exhausted, though it reads %s, which code outside init changes", tc.fn, tc.variable)
		}
		if len(paths) == 0 {
			t.Fatalf("%s: no paths", tc.fn)
		}
		for _, p := range paths {
			if !slices.ContainsFunc(p.Concretized, func(c string) bool { return strings.Contains(c, "reads package variable "+tc.variable+",") }) {
				t.Errorf("%s: a path records %q, want the read of %s", tc.fn, p.Concretized, tc.variable)
			}
		}
	}
	sum, paths := explore(t, "pkgstate.Describe", machine.Config{})
	if !sum.Exhausted || sum.Covered != sum.Blocks {
		t.Errorf("Describe: exhausted=%v, covered %d of %d blocks; want every block and exhausted", sum.Exhausted, sum.Covered, sum.Blocks)
	}
	for _, p := range paths {
		if len(p.Concretized) > 0 {
			t.Errorf("Describe: a path records %q", p.Concretized)
		}
	}
}
