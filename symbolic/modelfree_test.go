package symbolic

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestPathsDoNotDependOnModels explores a function that a work limit cuts
// short twice, with Z3's models and with other ones, and requires the
// same paths in the same order. The values of a symbolic slice index are
// forked in their order, not in the order the models gave them, and the
// work of making a test, which depends on its model (the search for
// readable bytes asks more when the first model's are not), does not
// count against the limit.
func TestPathsDoNotDependOnModels(t *testing.T) {
	fn := target(t, "modelfree.Score")
	cfg := machine.Config{MaxWork: 150_000}
	render := func(s solver.Solver) (string, *machine.Summary) {
		cfg := cfg
		cfg.Solver = s
		sum, paths := exploreIn(t, fixtures(t).SSA, fn, cfg)
		var b strings.Builder
		for _, p := range paths {
			fmt.Fprintf(&b, "%v %v\n", p.Kind, p.Pins)
		}
		return b.String(), sum
	}
	own, ownSum := render(z3test.New(t))
	other, otherSum := render(z3test.OtherModels{Solver: z3test.New(t)})
	if own != other {
		t.Errorf("the paths differ with other models:\n%s\n--- with Z3's own models:\n%s", other, own)
	}
	if ownSum.Ends[machine.EndBudget] == 0 || ownSum.Exhausted {
		t.Errorf("MaxWork %d did not cut the exploration (%d paths): the test needs it to", cfg.MaxWork, ownSum.Paths)
	}
	if ownSum.TestWork == 0 || ownSum.TestWork == otherSum.TestWork {
		t.Errorf("making the tests cost %d work with Z3's models and %d with others: the test needs it to differ", ownSum.TestWork, otherSum.TestWork)
	}
}
