package detector

import (
	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic"
)

// States that can reach nothing left uncovered (Options.Reach). Bugrara and Engler's
// detector drops the states that cannot reach code not yet covered; a
// snapshot shows that of a state only once a subtree like it has ended.
// Often no such subtree ends within the budget: a state deep in a
// library call (fmt.Sprintf formatting an error, a loop of bufio) keeps
// forking long after the function's own code is all covered. Such a
// state is redundant whatever its values, and the flow graph of cdg
// tells so directly: from where each of its frames goes on, no code of
// the package that no test covers yet is reachable, and no call whose
// callee is unknown. It is pruned like a matched state (run to its end
// concretely when it entered untested code), and its path ends with
// nothing relevant ahead (slicing's Unreaching). Coverage only grows, so
// the verdict never needs taking back.

// canCover reports whether a state at ctx may still run code that counts
// and is not covered yet.
func (d *detector) canCover(ctx symbolic.Context) bool {
	stack := make([]cdg.Resume, ctx.Depth())
	for i := range stack {
		last, defers := ctx.Resumes(i)
		seg, ok := d.cdg.Func(ctx.Func(i)).SegmentOf(last)
		if !ok {
			return true
		}
		stack[i] = cdg.Resume{At: seg, Defers: defers > 0}
	}
	return d.rel.CanCover(stack)
}
