package cdg

import (
	"golang.org/x/tools/go/ssa"
)

// What may still come of a state: the finish rule. CanCover tells
// whether a state may still run a segment no test covers. A test is
// kept for more than a new segment, though: a branch edge no test took
// is worth a test too (the other way out of an if whose two successors
// other paths entered). Relevance.MayOpen answers for both, over the
// same flow edges as CanCover, with a segment that ends in an If
// counting as a target until it is covered and both of its edges are
// taken (CoverEdge). Every other segment counts as for CanCover.
//
// Nor does it count the code of the other functions the run explores
// (Focus): a test of this function that enters another target's code
// adds to what that target's own tests cover from its own entry, and
// waiting for it would keep every function whose states may call,
// through an interface, any method of the package.
//
// What it does not count either: the panic outcome of an implicit branch
// (an index, a dereference) in code already covered. Nearly every
// segment of a loop can reach an index, and most indexes never panic,
// so counting them would leave the rule nothing to decide; a panic there
// is left to the paths that end before the rule ends the search.

// openSegment reports whether vertex v still counts for MayOpen once it
// is covered: it ends in an If and an edge of it is not taken yet.
func (r *Relevance) openSegment(v int) bool {
	b, ok := r.ifBlock(v)
	if !ok {
		return false
	}
	for _, succ := range b.Succs {
		if !r.edges[[2]*ssa.BasicBlock{b, succ}] {
			return true
		}
	}
	return false
}

// ifBlock is the block whose If terminator ends segment vertex v, if it
// does.
func (r *Relevance) ifBlock(v int) (*ssa.BasicBlock, bool) {
	x := r.g.verts[v]
	if x.kind != vSegment {
		return nil, false
	}
	b := x.seg.Block
	if len(b.Instrs) == 0 {
		return nil, false
	}
	if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); !ok {
		return nil, false
	}
	end, ok := r.g.a.Func(b.Parent()).SegmentOf(b.Instrs[len(b.Instrs)-1])
	return b, ok && end == x.seg
}

// CoverEdge records that a test took the edge from block from to block
// to. Only edges out of an If count; the others change nothing.
func (r *Relevance) CoverEdge(from, to *ssa.BasicBlock) {
	if len(from.Instrs) == 0 {
		return
	}
	last := from.Instrs[len(from.Instrs)-1]
	if _, ok := last.(*ssa.If); !ok {
		return
	}
	key := [2]*ssa.BasicBlock{from, to}
	if r.edges[key] {
		return
	}
	if r.edges == nil {
		r.edges = make(map[[2]*ssa.BasicBlock]bool)
	}
	r.edges[key] = true
	seg, ok := r.g.a.Func(from.Parent()).SegmentOf(last)
	if !ok {
		return
	}
	if v, ok := r.segment(seg); ok && r.covered[v] && !r.openSegment(v) {
		r.open.cover(v)
	}
}

// MayOpen reports whether a state whose call stack stands at stack
// (outermost first) may still run code of the roots' packages that no
// test covers, or take an edge out of an if there that no test took. A
// stack that leaves the graph may. Like CanCover, once false for a
// stack, it stays false.
//
// Once Focus has run, a frame outside the root's part of the graph is
// asked too, rather than taken to reach anything: a constructor's, in
// the prologue that makes an input, or the library code it calls. Focus
// has covered every target outside the part (the root does not reach
// them), and the flow counts span the whole package graph, whose edges
// follow calls: what they say such a frame reaches is code of the part it
// calls into.
func (r *Relevance) MayOpen(stack []Resume) bool { return r.stackReaches(r.open, stack, r.focused) }

// Focus narrows what MayOpen counts to the code of root and of the
// functions it may call short of those for which explored holds: the
// other functions the run explores from their own entries. A call into
// one of those still leads on to what follows it; only its code, and
// what is reachable through it alone, no longer counts.
func (r *Relevance) Focus(root *ssa.Function, explored func(*ssa.Function) bool) {
	g := r.g
	ri, ok := g.index[root]
	if !ok {
		return
	}
	reached, _ := g.funcsFrom(ri, func(f int32) bool { return explored(g.funcs[f]) })
	for v, f := range g.owner {
		if f >= 0 && !reached[f] && r.open.target[v] {
			r.open.cover(v)
		}
	}
	r.focused = true
}
