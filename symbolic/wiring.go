package symbolic

import (
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// The engine's own clients, plugged into the machine's contracts: the
// watchers of its events and the tester (machine's observe.go and
// tester.go); and its test-case code, as package outside needs it.
// NewEngine installs them.

// engineWatchers are the features of the engine e that watch its paths,
// and then extra, in the order they hear an event.
func engineWatchers(e *Engine, extra ...any) machine.Watchers {
	return machine.NewWatchers(append([]any{
		sourceWatch{e},    // srccond.go
		boundaryWatch{e},  // boundary.go
		infectionWatch{e}, // infection.go
		runToEndWatch{e},  // runtoend.go
		wordWatch{e},      // wordcases.go
	}, extra...)...)
}

// engineCases is the engine's test-case code, as the outside needs it
// (outside.Cases).
type engineCases struct{ e *Engine }

func (c engineCases) Readable(cond []expr.Expr) solver.Response { return c.e.picker().Readable(cond) }

func (c engineCases) RunToEnd(s *machine.State) { c.e.runToEnd(s) }

func (c engineCases) RecordOutcome(t *concrete.Test, replay *machine.State) bool {
	return c.e.recordOutcome(t, replay)
}

// engineTester is the engine's own path-to-test-case.
type engineTester struct{ e *Engine }

func (t engineTester) Test(s *machine.State) *concrete.Test { return t.e.makeTest(s) }

// Pruned runs a pruned state's inputs concretely to the end when it
// entered a block that no test enters yet, as Bugrara and Engler compute
// test inputs for a pruned state (Algorithm 1, line 21): the rest of the
// run then goes where a path of the snapshot that matched went, and the
// blocks before the match get their test.
func (t engineTester) Pruned(p *machine.State) (tested bool) {
	e := t.e
	e.noteBoundaryPrefix(p)
	if e.entersUntested(p) {
		// Its steps count as work as they run (step), as a test's do.
		e.MakingTests(func() { tested, _ = e.runOneToEnd(e.Summary.Func, p, e.Cfg.Bounds.MaxSteps, prunedNote) })
	}
	return tested
}

// prunedNote ends the pins of a pruned state's run to the end.
const prunedNote = "then run concretely to the end: the rest of the path repeats one explored before"
