package machine

import "github.com/gosymtest/gosymtest/symbolic/concrete"

// A Tester turns a path that returned or panicked into its concrete
// test: a model of the path's condition gives the inputs, and a replay
// on them the outcome (testcase.go). The machine asks it at each such
// path's end, and counts the work it takes apart from the exploration's
// (testwork.go).
type Tester interface {
	// Test is the test of the ended path s, or nil when it has none.
	Test(s *State) *concrete.Test
	// Pruned is told that the Pruner dropped t as redundant, and reports
	// whether it made a test of the blocks t entered.
	Pruned(t *State) (tested bool)
}
