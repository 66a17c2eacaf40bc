package cdg

import (
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Relevance tracks the relevant static branches of Bugrara and Engler
// (§3.1): a branch is relevant while a control dependence path leads from
// one of its outcomes to a segment not yet covered. At the start every
// reachable segment is uncovered. Coverage only grows, so relevance only
// goes away, and each Cover costs in proportion to what it changes
// (live.go).
//
// It also tracks, on the graph's flow edges, which segments can still
// lead to code not yet covered, for CanCover.
//
// Relevance is not safe for concurrent use.
type Relevance struct {
	g *Graph
	// in holds the vertices of g this Relevance is about (nil: all):
	// those of one root's part of a package's graph (closure.go).
	in   []bool
	cd   *live // over the control dependence edges: relevance
	flow *live // over the flow edges: CanCover
	// open is a second count over the flow edges, for MayOpen: a
	// segment ending in an If stays a target there until both its
	// edges are taken too; edges holds the If edges tests took
	// (finish.go).
	open  *live
	edges map[[2]*ssa.BasicBlock]bool
	// focused tells that Focus has covered, in open, every target
	// outside the root's part of the graph.
	focused bool
	covered []bool    // vertex -> covered (segments only)
	members [][]int32 // cd component -> outcome vertices in it
}

// NewRelevance starts with every segment of g uncovered.
func NewRelevance(g *Graph) *Relevance {
	r := newRelevance(g, nil)
	r.flow, _ = newLive(g.flow, g.counts, nil)
	r.open = r.flow.clone()
	return r
}

// newRelevance starts with every segment that the mask in holds
// uncovered, and leaves the flow counts to its caller.
func newRelevance(g *Graph, in []bool) *Relevance {
	r := &Relevance{g: g, in: in, covered: make([]bool, len(g.verts))}
	var order [][]int32
	r.cd, order = newLive(g.succ, func(v int) bool { return g.verts[v].kind == vSegment }, in)
	r.members = make([][]int32, len(order))
	for c, vs := range order {
		for _, v := range vs {
			if g.verts[v].kind == vOutcome {
				r.members[c] = append(r.members[c], v)
			}
		}
	}
	return r
}

// segment is the vertex of s, if the graph holds it and it is in r's
// part.
func (r *Relevance) segment(s Segment) (int, bool) {
	v, ok := r.g.seg[s]
	return v, ok && r.holds(v)
}

// holds reports whether vertex v is in r's part of the graph.
func (r *Relevance) holds(v int) bool { return r.in == nil || r.in[v] }

// Cover records that segment s ran and returns the branches that stopped
// being relevant because of it, sorted. Covering a segment twice, or one
// outside the graph, changes nothing.
func (r *Relevance) Cover(s Segment) []Branch {
	v, ok := r.segment(s)
	if !ok || r.covered[v] {
		return nil
	}
	r.covered[v] = true
	r.flow.cover(v)
	if !r.openSegment(v) {
		r.open.cover(v)
	}
	dropped := r.cd.cover(v)
	var out []Branch
	seen := map[Branch]bool{}
	for _, d := range dropped {
		for _, ov := range r.members[d] {
			b := r.g.verts[ov].out.Branch
			if !seen[b] && !r.Relevant(b) {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return Outcome{Branch: out[i]}.less(Outcome{Branch: out[j]}) })
	return out
}

// CoverBlock covers the first segment of b: b started running.
func (r *Relevance) CoverBlock(b *ssa.BasicBlock) []Branch {
	return r.Cover(Segment{Block: b})
}

// CoverInstr covers the segment that holds instr: it ran up to instr.
func (r *Relevance) CoverInstr(instr ssa.Instruction) []Branch {
	s, ok := r.g.a.Func(instr.Parent()).SegmentOf(instr)
	if !ok {
		return nil
	}
	return r.Cover(s)
}

// Covered reports whether s has been covered.
func (r *Relevance) Covered(s Segment) bool {
	v, ok := r.segment(s)
	return ok && r.covered[v]
}

// RelevantOutcome reports whether an uncovered segment depends on o,
// directly or through a chain of control dependences. An outcome the
// graph does not know (its function is not in the graph) is relevant:
// nothing is known against it.
func (r *Relevance) RelevantOutcome(o Outcome) bool {
	v, ok := r.g.out[o]
	if !ok || !r.holds(v) {
		return true
	}
	return r.cd.reaches(v)
}

// Relevant reports whether any outcome of b is relevant.
func (r *Relevance) Relevant(b Branch) bool {
	for _, o := range outcomesOf(b) {
		if r.RelevantOutcome(o) {
			return true
		}
	}
	return false
}

// RelevantBranches lists the relevant branches of the graph, sorted.
func (r *Relevance) RelevantBranches() []Branch {
	seen := map[Branch]bool{}
	var out []Branch
	for o, v := range r.g.out {
		if !seen[o.Branch] && r.holds(v) && r.cd.reaches(v) {
			seen[o.Branch] = true
			out = append(out, o.Branch)
		}
	}
	sort.Slice(out, func(i, j int) bool { return Outcome{Branch: out[i]}.less(Outcome{Branch: out[j]}) })
	return out
}

func outcomesOf(b Branch) []Outcome {
	if b.Implicit() {
		return []Outcome{{b, OK}, {b, Panic}}
	}
	return []Outcome{{b, True}, {b, False}}
}
