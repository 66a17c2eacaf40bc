package machine

import (
	"time"

	"golang.org/x/tools/go/ssa"
)

// timedPruner is the engine's Pruner with the time of its calls added to
// the summary's PruneTime: the detector's overhead is wherever it works,
// and its slicing happens mostly when paths end. Stepped passes through
// untimed, since afterStep times it together with describing the step.
type timedPruner struct {
	p Pruner
	e *Machine
}

func (t timedPruner) since(start time.Time) { t.e.Summary.PruneTime += time.Since(start) }

func (t timedPruner) Prepare(fn *ssa.Function) {
	defer t.since(time.Now())
	t.p.Prepare(fn)
}

func (t timedPruner) Begin(fn *ssa.Function) {
	defer t.since(time.Now())
	t.p.Begin(fn)
}

func (t timedPruner) Root(s *State) {
	defer t.since(time.Now())
	t.p.Root(s)
}

func (t timedPruner) Forked(parent, child *State) {
	defer t.since(time.Now())
	t.p.Forked(parent, child)
}

func (t timedPruner) Stepped(s *State, evs []Event) Verdict { return t.p.Stepped(s, evs) }

// Hurry passes through untimed: hurryFunc times the calls of a pick
// together.
func (t timedPruner) Hurry(s *State) bool { return t.p.Hurry(s) }

func (t timedPruner) Recheck(s *State) Verdict {
	defer t.since(time.Now())
	return t.p.Recheck(s)
}

func (t timedPruner) Ended(s *State, kind EndKind, tested bool) {
	defer t.since(time.Now())
	t.p.Ended(s, kind, tested)
}
