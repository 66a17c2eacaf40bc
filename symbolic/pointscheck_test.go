package symbolic

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/pointer"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic/machine"
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
		z3, err := z3.New(z3.Options{ResourceLimit: fixtureQueryLimit})
		if err != nil {
			t.Fatal(err)
		}
		sum, _ := exploreIn(t, prog.SSA, fn, machine.Config{Solver: z3, PointsTo: result, MaxWork: 150_000, Bounds: machine.Bounds{MaxElems: 3, MaxLen: 4}})
		z3.Close()
		checked++
		var violations []string
		for _, v := range sum.PointsToViolations {
			if knownHole(fn, v) {
				t.Logf("known hole, not yet fixed: %s: %s", fn, v)
				continue
			}
			violations = append(violations, v)
		}
		if len(violations) > 0 {
			t.Errorf("%s:\n\t%s", fn, strings.Join(violations, "\n\t"))
		}
	}
	t.Logf("%d functions checked", checked)
	if checked < 150 {
		t.Errorf("only %d functions checked", checked)
	}
}

// fixtureQueryLimit bounds each solver check of
// TestPointsToIsSoundOnFixtures, in Z3's resource units. MaxWork counts a
// query as QueryWork however long Z3 takes, and math/big's products of
// 64-bit words (loadtags/bigdep.Square) give queries that Z3 does not
// decide for minutes: unbounded, that one function held the test for more
// than half an hour. At this limit it is the only function with a path
// that ends undecided (10 paths), and the test takes about 2 minutes.
// A resource limit, unlike a timeout, ends the same checks on every
// machine.
const fixtureQueryLimit = 2_000_000

// knownHoles are the violations the check finds today that the analysis
// has not been fixed for. Each must be fixed before the redundant-state
// detector relies on the points-to sets and mod sets:
//   - an error input nested in a struct receiver (stdlib.wrapped's err)
//     whose dynamic type is *fs.PathError reaches (*fs.PathError).Error,
//     yet the receiver's points-to set there holds only the PathError
//     objects of parameters named err. Both analyses agree on it in a
//     program of the stdlib fixture alone; with all of testdata it
//     appears, so it is a propagation fault of the solver;
//   - reflection: the executor's models of reflect.Value (models/eface.go,
//     models/reflectvalue.go) store through Value.Set (errors.As fills its
//     target) and load through a Value's data word (fmt's %v of a
//     struct), which the analysis, reading reflect's unsafe bodies, does
//     not follow.
var knownHoles = []struct{ fn, violation string }{
	{"(github.com/gosymtest/gosymtest/testdata/exec/stdlib.wrapped).Error", "(*io/fs.PathError).Error"},
	{"github.com/gosymtest/gosymtest/testdata/exec/efaceview.Code", "efaceview.go:56:26, not in its points-to set []"},
	{"github.com/gosymtest/gosymtest/testdata/exec/efaceview.Show", "((reflect.Value).Int) reached t5 at"},
}

// knownHole reports whether violation, found in fn, is one of knownHoles.
func knownHole(fn *ssa.Function, violation string) bool {
	for _, h := range knownHoles {
		if fn.String() == h.fn && strings.Contains(violation, h.violation) {
			return true
		}
	}
	return false
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
	sum, _ := exploreIn(t, prog.SSA, fn, machine.Config{PointsTo: result})
	if len(sum.PointsToViolations) == 0 {
		t.Error("no violation reported for an analysis that never saw Pop's inputs")
	}
}
