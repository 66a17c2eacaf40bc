package symbolic

import (
	"context"
	"time"

	"golang.org/x/tools/go/ssa"
)

// An afterPass runs once a function's exploration has ended. It makes
// extra cases from what the exploration found, and hands them to the
// Sink like the paths. A pass is bounded by counts and by work, so that
// a run gives the same cases every time; and, behind them, by the clock:
// the passes together end by the function's budget and PassAllowance
// after its search started, so that no function overruns its budget by
// more, whatever its search left them. ctx is the caller's, so an
// interrupt still stops a pass.
type afterPass struct {
	name string
	run  func(e *Engine, ctx context.Context, fn *ssa.Function)
}

// afterPasses run in this order, because each uses what those before it
// made: the runs to the end test blocks that no path's test entered; the
// dictionary cases are kept for what no test before them entered, and
// what mutants they kill is known before the boundary cases choose
// which comparisons come first; the
// infection cases are made once the boundary cases are, for the mutants
// no test kills yet; the propagation cases for the mutants the tests
// infected and did not kill.
var afterPasses = []afterPass{
	{"run to the end", (*Engine).runToCompletion}, // runtoend.go
	{"dictionary", (*Engine).wordCases},           // wordcases.go
	{"boundaries", (*Engine).boundaryCases},       // boundary.go
	{"infection", (*Engine).infectionCases},       // infection.go
	{"propagation", (*Engine).propagationCases},   // propagation.go
}

// PassAllowance is how long, beyond a function's budget, the passes
// after its search may run when the search spent the whole budget: a
// tenth of the budget, at least 500ms and at most 2s.
func PassAllowance(budget time.Duration) time.Duration {
	return min(max(budget/10, 500*time.Millisecond), 2*time.Second)
}
