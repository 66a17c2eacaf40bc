package slicing

import (
	"github.com/gosymtest/gosymtest/symbolic"
	"golang.org/x/tools/go/ssa"
)

// backState is what the backward slice carries at one position of a path
// (§3.2.2): the relevant locations L, the relevant control set C (dynamic
// branch instances, by event id), and the pending φ markers: per
// activation, blocks whose latest entry ends the stretch of branches that
// chose a relevant φ's incoming edge. top says L is unusable (an opaque
// event reads everything).
type backState struct {
	top   bool
	L     map[symbolic.Loc]struct{}
	C     map[int64]struct{}
	marks map[int32]map[*ssa.BasicBlock]struct{}
	// loops are the registers of L defined in a cycle, with the block
	// that defines them (loops.go).
	loops map[symbolic.Loc]*ssa.BasicBlock
	// mem counts the locations of L that are no registers.
	mem int
}

func newBackState() backState {
	return backState{L: map[symbolic.Loc]struct{}{}, C: map[int64]struct{}{}, marks: map[int32]map[*ssa.BasicBlock]struct{}{},
		loops: map[symbolic.Loc]*ssa.BasicBlock{}}
}

// merge adds o to s: the union of steps 1 and 2 at a fork.
func (s *backState) merge(o backState) {
	if s.L == nil {
		*s = o
		return
	}
	s.top = s.top || o.top
	for l := range o.L {
		s.add(l)
	}
	for c := range o.C {
		s.C[c] = struct{}{}
	}
	for l, b := range o.loops {
		s.loops[l] = b
	}
	for act, bs := range o.marks {
		m := s.marks[act]
		if m == nil {
			m = map[*ssa.BasicBlock]struct{}{}
			s.marks[act] = m
		}
		for b := range bs {
			m[b] = struct{}{}
		}
	}
}

// hasMem reports whether L holds a location other than a register: only
// those can be written on a branch outcome the path did not take (SSA
// registers are assigned once; φs and loops.go stand for the rest).
func (s *backState) hasMem() bool { return s.mem > 0 }

// add puts l into L.
func (s *backState) add(l symbolic.Loc) {
	if _, ok := s.L[l]; ok {
		return
	}
	s.L[l] = struct{}{}
	if l.Kind != symbolic.LocReg {
		s.mem++
	}
}

// del takes l out of L.
func (s *backState) del(l symbolic.Loc) {
	if _, ok := s.L[l]; !ok {
		return
	}
	delete(s.L, l)
	delete(s.loops, l)
	if l.Kind != symbolic.LocReg {
		s.mem--
	}
}

func (s *backState) mark(act int32, b *ssa.BasicBlock) {
	m := s.marks[act]
	if m == nil {
		m = map[*ssa.BasicBlock]struct{}{}
		s.marks[act] = m
	}
	m[b] = struct{}{}
}
