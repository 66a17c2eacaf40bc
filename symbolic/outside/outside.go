package outside

import (
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/inputs"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Outside is the outside of one engine's runs: its models, and the
// ranges of the values a test cannot set. It embeds the machine it is
// the outside of.
type Outside struct {
	*machine.Machine
	// in builds the inputs the environment's models make.
	in *inputs.Builder
	// cases is the test-case code of the engine (Cases).
	cases Cases
	// unc knows the ranges of the values a test cannot set (uncontrolled.go).
	unc uncontrolledVars
}

// Cases is what the outside needs of the engine's test-case code, to
// check a test of a path that made uncontrolled calls at both ends of
// their ranges.
type Cases interface {
	// Readable is the readable model of cond.
	Readable(cond []expr.Expr) solver.Response
	// RunToEnd steps a replay state until it ends.
	RunToEnd(s *machine.State)
	// RecordOutcome sets t's results or panic from a finished replay, and
	// returns false when the replay neither returned nor panicked.
	RecordOutcome(t *concrete.Test, replay *machine.State) bool
}

// New makes the Outside of m, whose inputs in builds, and sets it as m's
// outside.
func New(m *machine.Machine, in *inputs.Builder, cases Cases) *Outside {
	o := &Outside{Machine: m, in: in, cases: cases}
	m.Outside = o
	return o
}

// The machine's contract (machine.Outside).

// StandIn seeds the standard streams (osstreams.go).
func (e *Outside) StandIn(s *machine.State, g *ssa.Global) bool { return e.seedStream(s, g) }

// PinForBranch pins the values no test can set (uncontrolled.go).
func (e *Outside) PinForBranch(s *machine.State, cond expr.Expr) bool {
	return e.pinUncontrolled(s, cond)
}

// Ending notes a path that branched on values a test cannot set.
func (e *Outside) Ending(s *machine.State) { e.noteUncontrolledBranch(s) }
