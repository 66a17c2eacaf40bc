package symbolic

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/pointer"
	"golang.org/x/tools/go/ssa"
)

// TestPointsToIsSoundOnFixtures runs every function of testdata (all its
// packages that load) with the points-to check on: each pointer the
// executor dereferences must reach an object in the static points-to set
// of the SSA value holding it.
func TestPointsToIsSoundOnFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("explores every fixture")
	}
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/..."}})
	if err != nil {
		t.Fatal(err)
	}
	var targets []*ssa.Function
	for _, p := range prog.Packages {
		targets = append(targets, p.Targets...)
	}
	result, err := pointer.Analyze(pointer.Config{Program: prog.SSA, Entries: targets, Mode: pointer.Andersen})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, fn := range targets {
		if SkipReason(fn) != "" {
			continue
		}
		sum, _ := exploreIn(t, prog.SSA, fn, Config{PointsTo: result, MaxWork: 500_000, Bounds: Bounds{MaxElems: 3, MaxLen: 4}})
		checked++
		if len(sum.PointsToViolations) > 0 {
			t.Errorf("%s:\n\t%s", fn, strings.Join(sum.PointsToViolations, "\n\t"))
		}
	}
	t.Logf("%d functions checked", checked)
	if checked < 150 {
		t.Errorf("only %d functions checked", checked)
	}
}

// TestPointsToCheckCatchesAHole makes sure the check can fail: with an
// analysis whose entries leave the function under test out, its input
// objects are unknown to it, and every dereference of an input is flagged.
func TestPointsToCheckCatchesAHole(t *testing.T) {
	prog := fixtures(t)
	fn := target(t, "classic.Stack.Pop")
	result, err := pointer.Analyze(pointer.Config{Program: prog.SSA, Mode: pointer.Andersen})
	if err != nil {
		t.Fatal(err)
	}
	sum, _ := exploreIn(t, prog.SSA, fn, Config{PointsTo: result})
	if len(sum.PointsToViolations) == 0 {
		t.Error("no violation reported for an analysis that never saw Pop's inputs")
	}
}
