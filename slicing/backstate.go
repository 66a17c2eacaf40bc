package slicing

import (
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// backState is what the backward slice carries at one position of a path
// (§3.2.2): the relevant locations L, the relevant control set C (dynamic
// branch instances, by event id), and the pending φ markers: per
// activation, blocks whose latest entry ends the stretch of branches that
// chose a relevant φ's incoming edge. Each entry carries its provenance
// (prov.go). top says L is unusable (an opaque event reads everything).
type backState struct {
	top   bool
	provs *provTable
	L     map[machine.Loc]prov
	C     map[int64]prov
	marks map[int32]map[*ssa.BasicBlock]prov
	// loops are the registers of L defined in a cycle, with the block
	// that defines them (loops.go).
	loops map[machine.Loc]*ssa.BasicBlock
	// mem counts the locations of L that are no registers.
	mem int
	// parts lists, per whole register, the parts of it in L (0: the
	// whole), so that a write of the register finds them all.
	parts map[machine.Loc][]int32
}

func newBackState(provs *provTable) backState {
	return backState{provs: provs, L: map[machine.Loc]prov{}, C: map[int64]prov{}, marks: map[int32]map[*ssa.BasicBlock]prov{},
		loops: map[machine.Loc]*ssa.BasicBlock{}, parts: map[machine.Loc][]int32{}}
}

// clone is a copy of s that shares nothing with it.
func (s backState) clone() backState {
	c := newBackState(s.provs)
	c.merge(s)
	return c
}

// merge adds o to s: the union of steps 1 and 2 at a fork.
func (s *backState) merge(o backState) {
	if s.L == nil {
		*s = o
		return
	}
	s.top = s.top || o.top
	for l, p := range o.L {
		s.add(l, p)
	}
	for c, p := range o.C {
		s.control(c, p)
	}
	for l, b := range o.loops {
		s.loops[l] = b
	}
	for act, bs := range o.marks {
		for b, p := range bs {
			s.mark(act, b, p)
		}
	}
}

// hasMem reports whether L holds a location other than a register: only
// those can be written on a branch outcome the path did not take (SSA
// registers are assigned once; φs and loops.go stand for the rest).
func (s *backState) hasMem() bool { return s.mem > 0 }

// memProv is the provenance of L's locations that are no registers.
func (s *backState) memProv() prov {
	p := provNone
	for l, lp := range s.L {
		if l.Kind != machine.LocReg {
			p = s.provs.union(p, lp)
		}
	}
	return p
}

// add puts l into L, for the reasons p.
func (s *backState) add(l machine.Loc, p prov) {
	old, ok := s.L[l]
	if !ok {
		if l.Kind != machine.LocReg {
			s.mem++
		}
		w := l.Whole()
		s.parts[w] = append(s.parts[w], l.Part)
	}
	s.L[l] = s.provs.union(old, p)
}

// control puts branch instance c into C, for the reasons p.
func (s *backState) control(c int64, p prov) {
	s.C[c] = s.provs.union(s.C[c], p)
}

// del takes l out of L.
func (s *backState) del(l machine.Loc) {
	if _, ok := s.L[l]; !ok {
		return
	}
	delete(s.L, l)
	delete(s.loops, l)
	if l.Kind != machine.LocReg {
		s.mem--
	}
	w := l.Whole()
	ps := s.parts[w]
	for i, p := range ps {
		if p == l.Part {
			ps = append(ps[:i:i], ps[i+1:]...)
			break
		}
	}
	if len(ps) == 0 {
		delete(s.parts, w)
	} else {
		s.parts[w] = ps
	}
}

// within lists the locations of L that are w or a part of it.
func (s *backState) within(w machine.Loc) []machine.Loc {
	var out []machine.Loc
	for _, p := range s.parts[w] {
		l := w
		l.Part = p
		out = append(out, l)
	}
	return out
}

func (s *backState) mark(act int32, b *ssa.BasicBlock, p prov) {
	m := s.marks[act]
	if m == nil {
		m = map[*ssa.BasicBlock]prov{}
		s.marks[act] = m
	}
	m[b] = s.provs.union(m[b], p)
}
