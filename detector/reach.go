package detector

import (
	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// States that can reach nothing left uncovered. Bugrara and Engler's
// detector drops the states that cannot reach code not yet covered; a
// snapshot shows that of a state only once a subtree like it has ended.
// Often no such subtree ends within the budget: a state deep in a
// library call (fmt.Sprintf formatting an error, a loop of utf8) keeps
// forking long after the function's own code is all covered. The flow
// graph of cdg tells directly that such a state cannot cover more
// blocks: from where each of its frames goes on, no code of the package
// that no test covers yet is reachable.
//
// By default such a state is only put off (Later, as by the relevant
// search of §3.6): the searcher runs the states that may cover more
// first. It is not dropped, because gosymtest keeps a test for more than
// a new block: a new branch edge (the state may have just taken one)
// and a new kind of panic (a nil io.Writer panics inside io.WriteString
// after the package's code is all covered). With Options.Reach it is
// pruned like a matched state, run to its end concretely when it entered
// untested code, and its path ends with nothing relevant ahead (slicing's
// Unreaching). Coverage only grows, so either verdict holds for good.

// canCover reports whether a state at ctx may still run code that counts
// and is not covered yet. It asks frame by frame, outermost first, and
// stops at the first that may: while the function's own code is not all
// covered, that is the outermost one, and the frames above it need no
// segment looked up.
func (d *detector) canCover(ctx machine.Context) bool {
	return d.someFrame(ctx.Depth(), ctx.Resumes, d.rel.CanCover)
}

// someFrame reports whether reaches holds for one of n frames, asked
// one at a time, outermost first, each where it goes on from (frame:
// its last instruction and pending deferred calls). A frame whose
// segment cdg does not know may reach anything.
func (d *detector) someFrame(n int, frame func(i int) (ssa.Instruction, int), reaches func([]cdg.Resume) bool) bool {
	for i := range n {
		last, defers := frame(i)
		seg, ok := d.cdg.Func(last.Parent()).SegmentOf(last)
		if !ok {
			return true
		}
		at := [1]cdg.Resume{{At: seg, Defers: defers > 0}}
		if reaches(at[:]) {
			return true
		}
	}
	return false
}

// MayAdd reports whether s may still give a test worth keeping: from
// where one of its frames goes on, code of the package that no test
// covers, or an if's edge no test took, is reachable (cdg's MayOpen).
// It makes the detector a machine.Finisher: when no pending state may,
// the search ends. A state with a panic in flight may: the panic it ends
// in may be one no test has.
func (d *detector) MayAdd(s *machine.State) bool {
	stack, ok := s.Resumes()
	if !ok {
		return true
	}
	frame := func(i int) (ssa.Instruction, int) { return stack[i].Last, stack[i].Defers }
	return d.someFrame(len(stack), frame, d.rel.MayOpen)
}
