package loader

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/ssa/ssautil"
)

// TestGlobalsChanged lists what each function of testdata/exec/pkgstate
// may change in place: through its own stores, a field, an element
// taken by copy, a callee's store, a lock's address, and a pool of its
// own; not a map's entries, nor fmt's pool of printers, nor what a
// sync.Once's Do initialises, and nothing for a function that only reads.
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
		"Describe":   nil,
		"Render":     {"bufs"},
		"Greeting":   {"greetOnce"},
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

// TestStandardPoolsAreNotChanged checks which pools count as changed.
// fmt's printers do not: fmt takes them in newPrinter and gives them back
// in (*pp).free, and resets each one it takes. A pool of the code under
// test does: pkgstate.Render takes a buffer and puts it back dirty.
func TestStandardPoolsAreNotChanged(t *testing.T) {
	prog := load(t, "./testdata/exec/pkgstate")
	fmtPkg := prog.SSA.ImportedPackage("fmt")
	if fmtPkg == nil {
		t.Fatal("fmt is not in the program")
	}
	takers := 0 // newPrinter and (*pp).free, newScanState and (*ss).free
	for fn := range ssautil.AllFunctions(prog.SSA) {
		if fn.Pkg != fmtPkg || fn.Name() == "init" {
			continue // fmt's init makes the pools
		}
		if fn.Name() == "newPrinter" || fn.Name() == "newScanState" || fn.Name() == "free" {
			takers++
		}
		for _, g := range ChangedIn(fn) {
			if g.Name() == "ppFree" || g.Name() == "ssFree" {
				t.Errorf("ChangedIn(%s) lists fmt.%s", fn, g.Name())
			}
		}
	}
	if takers != 4 {
		t.Errorf("found %d of fmt's four functions that take from or give back to its pools", takers)
	}
	p := findPackage(t, prog, fixturePath+"exec/pkgstate")
	render := p.SSA.Func("Render")
	var got []string
	for _, g := range ChangedIn(render) {
		got = append(got, g.Name())
	}
	if want := []string{"bufs", "bufs"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ChangedIn(Render) = %q, want %q: its Get and its Put", got, want)
	}
}
