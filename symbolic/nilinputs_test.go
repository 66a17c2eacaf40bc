package symbolic

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// panicsWith reports whether some path panics with kind and has a test.
func panicsWith(paths []*machine.PathEnd, kind machine.PanicKind) bool {
	return slices.ContainsFunc(paths, func(p *machine.PathEnd) bool {
		return p.Kind == machine.EndPanic && p.Panic == kind && p.Test != nil && p.Test.Panics
	})
}

func TestNilInputOnlyWhereTheCodeComparesIt(t *testing.T) {
	for _, c := range []struct {
		name string
		kind machine.PanicKind
	}{
		{"panics.Deref", machine.PanicNilDeref},  // *p
		{"funcs.Apply", machine.PanicNilFunc},    // f(x)
		{"ifaces.AreaOf", machine.PanicNilDeref}, // s.Area() on a nil interface
	} {
		_, paths := explore(t, c.name, machine.Config{})
		if panicsWith(paths, c.kind) {
			t.Errorf("%s: a path panics with %v on a nil input the code never compares with nil", c.name, c.kind)
		}
		if !slices.ContainsFunc(paths, func(p *machine.PathEnd) bool { return p.Kind == machine.EndReturn }) {
			t.Errorf("%s: no path returns", c.name)
		}
		_, paths = explore(t, c.name, machine.Config{NilAnywhere: true})
		if !panicsWith(paths, c.kind) {
			t.Errorf("%s with NilAnywhere: no path panics with %v", c.name, c.kind)
		}
	}
}

// TestNilInputAssumedIsALimitWhereItHidesCode: assuming p is not nil
// hides no code of Deref, whose nil path would only panic out of it, so
// Deref is still explored in full; DerefOrMinus runs code on that panic,
// in its deferred call, so the assumption is a limit there and the
// recovering block, which only a nil p reaches, is claimed by nothing.
func TestNilInputAssumedIsALimitWhereItHidesCode(t *testing.T) {
	if sum, _ := explore(t, "panics.Deref", machine.Config{}); !sum.Exhausted {
		t.Errorf("Deref is not exhausted: assuming p is not nil hides no code of it")
	}
	sum, paths := explore(t, "panics.DerefOrMinus", machine.Config{})
	if sum.Exhausted {
		t.Errorf("DerefOrMinus is exhausted, though only a nil p reaches its recovering code")
	}
	limited := slices.ContainsFunc(paths, func(p *machine.PathEnd) bool {
		return slices.ContainsFunc(p.Concretized, func(l string) bool { return strings.Contains(l, "p is not nil") })
	})
	if !limited {
		t.Errorf("no path of DerefOrMinus records that it assumed p is not nil")
	}
}

func TestNilComparedThenDereferencedIsAFinding(t *testing.T) {
	_, paths := explore(t, "panics.DerefChecked", machine.Config{})
	if !panicsWith(paths, machine.PanicNilDeref) {
		t.Errorf("DerefChecked: no path panics on the nil p the code compared and then dereferenced; outcomes %v", outcomes(paths))
	}
	_, paths = explore(t, "ifaces.Measure", machine.Config{})
	if !slices.Contains(outcomes(paths), "[-1]") {
		t.Errorf("Measure compares s with nil, yet no path takes a nil s: outcomes %v", outcomes(paths))
	}
}

func TestNilAtTheNestingBoundEndsThePath(t *testing.T) {
	cfg := machine.Config{Bounds: machine.Bounds{MaxDepth: 2}}
	_, paths := explore(t, "panics.Third", cfg)
	if panicsWith(paths, machine.PanicNilDeref) {
		t.Errorf("Third: a path panics on a pointer the nesting bound left nil")
	}
	if !slices.ContainsFunc(paths, func(p *machine.PathEnd) bool { return p.Kind == machine.EndDepth }) {
		t.Errorf("Third: no path ends at the nesting bound; ends %v", endKinds(paths))
	}
	cfg.NilAnywhere = true
	_, paths = explore(t, "panics.Third", cfg)
	if !panicsWith(paths, machine.PanicNilDeref) {
		t.Errorf("Third with NilAnywhere: no nil dereference")
	}
}

func endKinds(paths []*machine.PathEnd) []string {
	var kinds []string
	for _, p := range paths {
		kinds = append(kinds, p.Kind.String())
	}
	return kinds
}
