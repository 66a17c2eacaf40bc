package symbolic

import (
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// A path's decisions in source terms (package source reads them): the
// file and line of the condition, the condition as written for the side
// taken, and the function it is in when that is not the one under test.

// sourceWatch records each decision in source terms.
type sourceWatch struct{ e *Engine }

func (w sourceWatch) Decided(s *machine.State, in *ssa.If, side int) { w.e.noteBranch(s, in, side) }

// noteBranch records on s the source reading of the side it took of the
// If in: side 0 is the then side (Succs[0]), 1 the else side.
func (e *Engine) noteBranch(s *machine.State, in *ssa.If, side int) {
	sc := e.Src.Cond(in)
	if !sc.OK {
		return
	}
	b := in.Block()
	to := b.Succs[side]
	s.Branches = append(s.Branches, concrete.Branch{
		Pos:  sc.Pos,
		Cond: sc.Sides[side],
		Func: e.FuncLabel(b.Parent()),
		Edge: concrete.BlockID{Func: to.Parent(), Index: to.Index, From: b.Index + 1},
		Hex:  sc.Hex,
	})
}
