package report

import (
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestUnknownIsBudgetOnlyWhenTheClockRanOut checks which stop makes a
// solver-unknown answer a budget gap: the clock, which interrupts the
// solver, does; the work and path budgets, which stop the exploration
// between steps, do not, so the unknown was the solver's own.
func TestUnknownIsBudgetOnlyWhenTheClockRanOut(t *testing.T) {
	unknown := &machine.PathEnd{Kind: machine.EndSolverUnknown}
	for _, c := range []struct {
		name   string
		in     Input
		sum    machine.Summary
		budget bool   // the unknown path ranks as budget
		detail string // the budget detail
	}{
		{"clock", Input{Budget: time.Second, MaxWork: 1000},
			machine.Summary{Paths: 2, Work: 10, Elapsed: time.Second, Ends: map[machine.EndKind]int{machine.EndBudget: 1}},
			true, "time budget 1s"},
		{"work", Input{Budget: time.Second, MaxWork: 1000},
			machine.Summary{Paths: 2, Work: 1000, Elapsed: time.Millisecond, Ends: map[machine.EndKind]int{machine.EndBudget: 1}},
			false, "work budget 1000 (-max-work)"},
		{"paths", Input{Budget: time.Second, MaxPaths: 2},
			machine.Summary{Paths: 2, Work: 10, Elapsed: time.Millisecond, Ends: map[machine.EndKind]int{machine.EndBudget: 1}},
			false, "path budget 2"},
	} {
		sum := c.sum
		w := newWhy(c.in, &Func{Summary: &sum, Paths: []*machine.PathEnd{unknown}}, nil, nil)
		if got := len(w.byRank[rankBudget]) == 1; got != c.budget {
			t.Errorf("%s: the unknown path ranks as budget: %v, want %v", c.name, got, c.budget)
		}
		if got := w.budgetDetail(); got != c.detail {
			t.Errorf("%s: budget detail %q, want %q", c.name, got, c.detail)
		}
	}
}

// A search the finish rule ended is not out of its budget: its gaps say
// it finished, and send no one to -budget or -max-work.
func TestFinishedSearchIsNoBudgetGap(t *testing.T) {
	cut := &machine.PathEnd{Kind: machine.EndBudget, Reason: machine.FinishedEarlyReason}
	sum := machine.Summary{Paths: 2, Work: 10, FinishedEarly: 1, SearchTime: time.Millisecond, Ends: map[machine.EndKind]int{machine.EndBudget: 1}}
	in := Input{Budget: time.Second, MaxWork: 1000}
	w := newWhy(in, &Func{Summary: &sum, Paths: []*machine.PathEnd{cut}}, nil, nil)
	if w.outOfTime {
		t.Error("the rule's cut counts as the clock's")
	}
	if reason, detail := w.functionReason(); reason != "finished" || detail != finishedDetail {
		t.Errorf("function reason %q (%q), want finished", reason, detail)
	}
	w = newWhy(in, &Func{Summary: &sum}, nil, nil)
	if reason, _ := w.functionReason(); reason != "finished" {
		t.Errorf("with no path left to blame: reason %q, want finished", reason)
	}
}
