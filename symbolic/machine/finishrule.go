package machine

import (
	"time"

	"golang.org/x/tools/go/ssa"
)

// The finish rule. A function's coverage usually stops growing long
// before its budget ends: the states left run loops whose code every
// test already enters. The search of a round ends early when no pending
// state may still give a test that would be kept, as the Pruner's
// Finisher judges from where each state's frames go on (the detector
// asks the control-flow graph across calls: package cdg). The states
// left end as cut by the rule (EndBudget, with FinishedEarlyReason), so
// that the runs to the end still test the blocks they entered, and the
// exploration is not exhausted: only a search whose every path ended is.
//
// The rule applies once the search has spent an eighth of its work
// bound (finishMayApply), and is then asked after each pick in which a
// path ended, and only then: it looks at every pending state, and what
// those may still add changes only when a path ends (its test covers
// code, or it was the last state that could reach some).

// Finisher is a Pruner that can tell whether a state may still give a
// test worth keeping: one that enters code no test covers or takes a
// branch edge no test took, given where its frames go on from
// (State.Resumes). A Pruner that is no Finisher never ends a search
// early.
type Finisher interface {
	MayAdd(s *State) bool
}

// StateLister is a Searcher that can list its pending states, which the
// finish rule looks through, and hand them all over at once (EndPending).
type StateLister interface {
	States() []*State
	// Drain removes every pending state and returns them in the order
	// the searcher held them.
	Drain() []*State
}

// FinishedEarlyReason is the end reason of the states the rule cut.
const FinishedEarlyReason = "finished early: no state left could reach code or a branch edge that no test covers"

// finishDue reports whether the finish rule ends the round's search now:
// the rule is on, a path ended since the last check (ended counts the
// paths that had ended then, and is brought up to date), and no pending
// state may add a test.
func (e *Machine) finishDue(ended *int) bool {
	f := e.finisher
	if e.Cfg.NoFinishEarly || f == nil || !e.Pruning || !e.finishMayApply() || e.Summary.Paths+e.Summary.Pruned == *ended {
		return false
	}
	*ended = e.Summary.Paths + e.Summary.Pruned
	l, ok := e.Searcher.(StateLister)
	if !ok {
		return false
	}
	start := time.Now()
	defer func() { e.Summary.PruneTime += time.Since(start) }()
	for _, s := range l.States() {
		if s.Panicked != nil || f.MayAdd(s) {
			return false
		}
	}
	return true
}

// finishShare is the share of a function's work bound (or, without one,
// of its budget) that its search spends before the rule applies. A
// search that ends on its own within it is exhausted, as without the
// rule: the rule cuts states that would have ended, and a cut search
// claims no dead code. Most functions that end at all end well within
// it; those the rule is for run to the bound.
const finishShare = 8

// finishMayApply reports whether the search has spent its share before
// the rule applies: work when the work is bounded, which falls at the
// same point on every run, and time otherwise.
func (e *Machine) finishMayApply() bool {
	if e.Cfg.MaxWork > 0 {
		return e.Summary.ExplorationWork() >= e.Cfg.MaxWork/finishShare
	}
	return e.Cfg.Budget <= 0 || time.Since(e.Started) >= e.Cfg.Budget/finishShare
}

// FinishRest ends the states the finish rule left pending.
func (e *Machine) FinishRest() { e.EndPending(EndBudget, FinishedEarlyReason) }

// EndPending ends every pending state with kind and reason, in the order
// the searcher holds them. Taking them one at a time with Select would
// weigh all the states left at each pick, which costs the square of
// their number: html's unescapeEntity left 2,160 states at its budget,
// and selecting them took 1.3 s after the budget had run out.
func (e *Machine) EndPending(kind EndKind, reason string) {
	if l, ok := e.Searcher.(StateLister); ok {
		for _, s := range l.Drain() {
			e.Finish(s, kind, 0, reason)
		}
		return
	}
	for e.Searcher.Len() > 0 {
		e.Finish(e.Searcher.Select(), kind, 0, reason)
	}
}

// Resume is where one frame of a state goes on from: the last
// instruction it ran (the first of its block when it ran none there; for
// a frame below the top, the call it waits on), and the deferred calls
// it has pending.
type Resume struct {
	Last   ssa.Instruction
	Defers int
}

// Resumes lists where each frame of s goes on from, outermost first; ok
// is false while a panic unwinds s's stack.
func (s *State) Resumes() (stack []Resume, ok bool) {
	stack = make([]Resume, len(s.Stack))
	for i, f := range s.Stack {
		if f.Unwinding {
			return nil, false
		}
		stack[i] = Resume{Last: resumeInstr(f.Block, f.Next), Defers: len(f.defers)}
	}
	return stack, true
}
