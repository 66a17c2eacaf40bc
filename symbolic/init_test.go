package symbolic

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

func TestInitRunsOncePerPackageAcrossEngines(t *testing.T) {
	inits := machine.NewInits(machine.DefaultInitBudget)
	_, paths := explore(t, "initcost.Square", machine.Config{Inits: inits})
	explore(t, "initcost.Twice", machine.Config{Inits: inits})
	if n := inits.Runs(); n != 1 {
		t.Errorf("%d init runs for two engines on one package without imports, want 1", n)
	}
	if f := inits.Failures(); len(f) != 0 {
		t.Errorf("init failed: %v", f)
	}
	// The table the init built is there: Square(i) is i*i.
	found := false
	for _, p := range paths {
		if p.Test == nil || !p.Test.Replayed || p.Test.Results[0].Int < 0 {
			continue
		}
		i := p.Test.Args[0].Int
		if got := p.Test.Results[0].Int; got != i*i {
			t.Errorf("Square(%d) = %d, want %d", i, got, i*i)
		}
		found = true
	}
	if !found {
		t.Error("no path read the table")
	}
}

func TestInitOutOfBudgetStopsWhatNeedsItsPackage(t *testing.T) {
	inits := machine.NewInits(machine.InitBudget{Work: 50})
	_, paths := explore(t, "initcost.Square", machine.Config{Inits: inits})
	f := inits.Failures()
	if len(f) != 1 || !strings.HasSuffix(f[0].Package, "/initcost") || !strings.Contains(f[0].Reason, "budget") {
		t.Fatalf("failures %+v, want initcost's init out of its budget", f)
	}
	stopped := 0
	for _, p := range paths {
		if p.Pins[0] == "i < 0" {
			continue // returns before it reads the table
		}
		stopped++
		if p.Kind != machine.EndUnsupported || !strings.Contains(p.Reason, "init of "+f[0].Package) || !strings.Contains(p.Reason, "budget") {
			t.Errorf("a path of Square ended %v (%q), want unsupported naming the package and its budget", p.Kind, p.Reason)
		}
		if p.Test != nil {
			t.Errorf("a test from a path that read a variable never initialised: %+v", p.Test)
		}
	}
	if stopped == 0 {
		t.Error("no path reached the table")
	}
	// A function that reads no variable of the package is explored as usual.
	sum, _ := explore(t, "initcost.Twice", machine.Config{Inits: inits})
	if !sum.Exhausted || sum.Ends[machine.EndReturn] == 0 {
		t.Errorf("Twice: exhausted=%v, ends %v", sum.Exhausted, sum.Ends)
	}
}

func TestInitThatReadsAFailedPackageIsPartial(t *testing.T) {
	inits := machine.NewInits(machine.InitBudget{Work: 50})
	sum, paths := explore(t, "initdep.Fourth", machine.Config{Inits: inits})
	f := inits.Failures()
	if len(f) != 2 || !strings.HasSuffix(f[0].Package, "/initcost") || f[0].Partial ||
		!strings.HasSuffix(f[1].Package, "/initdep") || !f[1].Partial || !strings.Contains(f[1].Reason, f[0].Package) {
		t.Fatalf("failures %+v, want initcost failed and initdep partial, naming initcost", f)
	}
	if sum.Exhausted {
		t.Error("exhausted, though the path read a variable of a partial init")
	}
	for _, p := range paths {
		if len(p.Concretized) == 0 || !strings.Contains(p.Concretized[0], "init of "+f[1].Package) {
			t.Errorf("path %v records %q, want the partial init of initdep", p.Kind, p.Concretized)
		}
	}
}
