package symbolic

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

func TestChangingPackageVariablesPreventClaims(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/report/globals"}})
	if err != nil {
		t.Fatal(err)
	}
	for name, wantExhausted := range map[string]bool{"CountCalls": false, "Check": true} {
		var fn *ssa.Function
		for _, f := range prog.Packages[0].Targets {
			if f.Name() == name {
				fn = f
			}
		}
		sum, _ := exploreIn(t, prog.SSA, fn, machine.Config{})
		if sum.Exhausted != wantExhausted {
			t.Errorf("%s: exhausted=%v, want %v", name, sum.Exhausted, wantExhausted)
		}
	}
}

func TestBranchesBeyondTheBoundsPreventClaims(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/report/bounds"}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"IsUUID": false, "Many": false, "Crowded": false, "Short": true}
	for _, fn := range prog.Packages[0].Targets {
		sum, paths := exploreIn(t, prog.SSA, fn, machine.Config{})
		if sum.Exhausted != want[fn.Name()] {
			t.Errorf("%s: exhausted=%v, want %v", fn.Name(), sum.Exhausted, want[fn.Name()])
		}
		if sum.Covered == sum.Blocks {
			t.Errorf("%s: every block covered within the bounds", fn.Name())
		}
		cut := false
		for _, p := range paths {
			cut = cut || slices.Contains(p.Concretized, "a branch side is reachable only beyond the input size bounds")
		}
		if cut == want[fn.Name()] {
			t.Errorf("%s: cut by a bound: %v", fn.Name(), cut)
		}
	}
}

// TestBoundaryCasesAreDeterministic: a function with many comparisons and
// their boundary cases gives the same paths and inputs on every run. Z3's
// models depend on the ids it gives terms, which depended on the order in
// which the binding released them (Go's map order) until that order was
// fixed.
func TestBoundaryCasesAreDeterministic(t *testing.T) {
	checkDeterministic(t, "boundary.Pairs", machine.Config{})
}

// A panic with a value that is no error (a struct, as text/tabwriter's
// osError) has no Error text: its test panics with the message unknown,
// and the exploration goes on (it used to crash looking the method up).
func TestPanicWithAValueThatIsNoError(t *testing.T) {
	_, paths := explore(t, "panics.Wrapped", machine.Config{})
	found := false
	for _, p := range paths {
		if p.Kind == machine.EndPanic && p.Test != nil && p.Test.Panics {
			found = true
			if p.Test.PanicMsgKnown {
				t.Errorf("panic message %q claimed known", p.Test.PanicMsg)
			}
		}
	}
	if !found {
		t.Error("no test of Wrapped panics")
	}
	checkAgainstGo(t, "panics.Wrapped", paths)
}

// TestGenericInstancesBelongToTheirPackage explores a method of an
// instance of a generic type, whose function ssa gives no package: its
// inputs' types are still told apart from other packages' (the lock's
// unexported fields are zero, not symbolic, so Lock never waits), and its
// package's variables hold what its initialisation left (readLimit is 3).
func TestGenericInstancesBelongToTheirPackage(t *testing.T) {
	name := "generics.Guarded[int].Read"
	_, paths := explore(t, name, machine.Config{MaxWork: 2_000_000})
	returned := 0
	for _, p := range paths {
		switch p.Kind {
		case machine.EndReturn:
			returned++
			if !slices.Contains(p.Concretized, "the unexported fields of sync.Mutex are zero") {
				t.Errorf("a path that returned %v does not say the lock's fields are zero: %v", p.Test.Results, p.Concretized)
			}
		case machine.EndUnsupported, machine.EndInternal:
			t.Errorf("a path ended %v: %s", p.Kind, p.Reason)
		}
	}
	if returned == 0 {
		t.Error("no path returns")
	}
	checkAgainstGo(t, name, paths)
}

// TestComparedInputsMayAlias: inputs never alias, so a comparison of two
// input pointers takes them to differ. The path that compares them says
// so, and the function is not exhausted: the block behind m.Team == r is
// reachable (a caller may pass r as m.Team), so it must not be claimed
// dead.
func TestComparedInputsMayAlias(t *testing.T) {
	name := "composite.Roster.Owns"
	sum, paths := explore(t, name, machine.Config{MaxWork: 2_000_000})
	if sum.Exhausted {
		t.Error("Owns is claimed exhausted, though m.Team == r was never tried")
	}
	limited := false
	for _, p := range paths {
		if slices.Contains(p.Concretized, "inputs never alias: m.Team and r are taken to be different objects") {
			limited = true
		}
	}
	if !limited {
		t.Error("no path says that it took m.Team and r to be different objects")
	}
	checkAgainstGo(t, name, paths)
}
