package symbolic

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestRunsToTheEndDoNotDependOnModels explores functions that a work
// limit cuts short, with Z3's models and with other ones, and requires
// the runs to the end of their cut paths to be the same: the same
// inputs, hence the same blocks. Before canonical models, the inputs
// were a readable search's, which starts from the model and keeps any
// value its preference allows: in modelfree.Twice, any n from 6 to 9.
func TestRunsToTheEndDoNotDependOnModels(t *testing.T) {
	for name, work := range map[string]int64{"modelfree.Score": 150_000, "modelfree.Twice": 20_000} {
		t.Run(name, func(t *testing.T) { runsToTheEndAlike(t, name, work) })
	}
}

func runsToTheEndAlike(t *testing.T, name string, work int64) {
	fn := target(t, name)
	render := func(s solver.Solver) string {
		_, paths := exploreIn(t, fixtures(t).SSA, fn, machine.Config{MaxWork: work, Solver: s})
		var b strings.Builder
		for _, p := range paths {
			if p.Test == nil || !slices.Contains(p.Pins, cutNote) {
				continue
			}
			fmt.Fprintf(&b, "%v", p.Kind)
			for _, a := range p.Test.Args {
				fmt.Fprintf(&b, " %v", a)
			}
			fmt.Fprintf(&b, " blocks %d\n", len(p.Blocks))
		}
		return b.String()
	}
	own := render(z3test.New(t))
	if own == "" {
		t.Fatal("no cut path was run to the end: the test needs one")
	}
	if other := render(z3test.OtherModels{Solver: z3test.New(t)}); other != own {
		t.Errorf("the runs to the end differ with other models:\n%s--- with Z3's own models:\n%s", other, own)
	}
}

// TestAFunctionWhoseTestsAllFailIsRunToASuccess: at two decisions a
// path, Checksum's exploration ends only its failures (too short, a zero
// prefix); the path cut inside the loop enters no block they do not, so
// no run for coverage takes it. As every test fails, it is run to the
// end, and returns a checksum.
func TestAFunctionWhoseTestsAllFailIsRunToASuccess(t *testing.T) {
	fn := target(t, "strs.Checksum")
	_, paths := exploreIn(t, fixtures(t).SSA, fn, machine.Config{NoBoundaries: true, NoMutants: true, Bounds: machine.Bounds{MaxLen: 4, MaxDecisions: 2}})
	var explored, successes int
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		switch {
		case !slices.Contains(p.Pins, cutNote):
			explored++
			if succeeds(p) {
				t.Errorf("explored path %v succeeds: the fixture no longer needs the run", p.Pins)
			}
		case succeeds(p):
			successes++
		}
	}
	if explored == 0 || successes != 1 {
		t.Errorf("%d explored tests and %d successes run to the end, want some and 1", explored, successes)
	}
}
