package detector

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// condSets keeps each running state's path condition as a set, for the
// subset test of matching (§3.3). A state's condition only grows, so its
// set grows with it; a forked state starts a set of its own.
type condSets map[int]*condSet

type condSet struct {
	n   int
	set map[expr.Expr]bool
}

// of is s's path condition as a set.
func (c condSets) of(s *machine.State) map[expr.Expr]bool {
	cond := s.Cond()
	cs := c[s.ID()]
	if cs == nil || cs.n > len(cond) {
		cs = &condSet{set: make(map[expr.Expr]bool, len(cond))}
		c[s.ID()] = cs
	}
	for _, x := range cond[cs.n:] {
		cs.set[x] = true
	}
	cs.n = len(cond)
	return cs.set
}

func (c condSets) drop(id int) { delete(c, id) }
