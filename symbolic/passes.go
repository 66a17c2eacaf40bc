package symbolic

import (
	"context"

	"golang.org/x/tools/go/ssa"
)

// An afterPass runs once a function's exploration has ended. It makes
// extra cases from what the exploration found, and hands them to the
// Sink like the paths. A pass is bounded by counts and by work, not by
// the function's budget, so that a run gives the same cases every time;
// ctx is the caller's, so an interrupt still stops it.
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
