package cdg

import (
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Relevance tracks the relevant static branches of Bugrara and Engler
// (§3.1): a branch is relevant while a control dependence path leads from
// one of its outcomes to a segment not yet covered. At the start every
// reachable segment is uncovered.
//
// Coverage only grows, so relevance only goes away. The graph is
// condensed once into strongly connected components (loops and recursion
// make cycles); each component keeps the number of its uncovered segments
// and the number of its relevant successor components, and is relevant
// while either is non-zero. Covering a segment decrements a count; a
// component that drops to irrelevant decrements its predecessors, and so
// on. Each component becomes irrelevant once and each condensed edge is
// followed once, so the whole run costs O(graph), and each Cover costs in
// proportion to what it changes.
//
// Relevance is not safe for concurrent use.
type Relevance struct {
	g         *Graph
	comp      []int32   // vertex -> component
	preds     [][]int32 // component -> distinct predecessor components
	uncovered []int32   // component -> uncovered segments in it
	relSuccs  []int32   // component -> relevant distinct successors
	covered   []bool    // vertex -> covered (segments only)
	members   [][]int32 // component -> outcome vertices in it
}

// NewRelevance starts with every segment of g uncovered.
func NewRelevance(g *Graph) *Relevance {
	r := &Relevance{g: g, covered: make([]bool, len(g.verts))}
	order := r.condense() // components in reverse topological order
	nc := len(order)
	succs := make([][]int32, nc)
	r.preds = make([][]int32, nc)
	r.uncovered = make([]int32, nc)
	r.relSuccs = make([]int32, nc)
	r.members = make([][]int32, nc)
	mark := make([]int32, nc)
	for i := range mark {
		mark[i] = -1
	}
	for _, vs := range order {
		c := r.comp[vs[0]]
		for _, v := range vs {
			switch g.verts[v].kind {
			case vSegment:
				r.uncovered[c]++
			case vOutcome:
				r.members[c] = append(r.members[c], v)
			}
			for _, w := range g.succ[v] {
				d := r.comp[w]
				if d != c && mark[d] != c {
					mark[d] = c
					succs[c] = append(succs[c], d)
					r.preds[d] = append(r.preds[d], c)
				}
			}
		}
	}
	// Successors come first in order, so their relevance is known.
	for _, vs := range order {
		c := r.comp[vs[0]]
		for _, d := range succs[c] {
			if r.relevant(d) {
				r.relSuccs[c]++
			}
		}
	}
	return r
}

func (r *Relevance) relevant(c int32) bool { return r.uncovered[c] > 0 || r.relSuccs[c] > 0 }

// condense computes strongly connected components with Tarjan's
// algorithm (iteratively: the graph can be deep) and returns them in the
// order found, which is reverse topological: sinks first.
func (r *Relevance) condense() [][]int32 {
	g := r.g
	n := len(g.verts)
	r.comp = make([]int32, n)
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int32
	var comps [][]int32
	next := int32(0)
	type frame struct {
		v int32
		i int // next successor to look at
	}
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		call := []frame{{int32(root), 0}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, int32(root))
		onStack[root] = true
		for len(call) > 0 {
			top := &call[len(call)-1]
			v := top.v
			if top.i < len(g.succ[v]) {
				w := g.succ[v][top.i]
				top.i++
				if index[w] < 0 {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{w, 0})
				} else if onStack[w] {
					low[v] = min(low[v], index[w])
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				var comp []int32
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					r.comp[w] = int32(len(comps))
					comp = append(comp, w)
					if w == v {
						break
					}
				}
				comps = append(comps, comp)
			}
		}
	}
	return comps
}

// Cover records that segment s ran and returns the branches that stopped
// being relevant because of it, sorted. Covering a segment twice, or one
// outside the graph, changes nothing.
func (r *Relevance) Cover(s Segment) []Branch {
	v, ok := r.g.seg[s]
	if !ok || r.covered[v] {
		return nil
	}
	r.covered[v] = true
	c := r.comp[v]
	r.uncovered[c]--
	if r.relevant(c) {
		return nil
	}
	// c just became irrelevant: tell its predecessors.
	dropped := []int32{c}
	for work := []int32{c}; len(work) > 0; {
		d := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range r.preds[d] {
			r.relSuccs[p]--
			if !r.relevant(p) {
				dropped = append(dropped, p)
				work = append(work, p)
			}
		}
	}
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
	v, ok := r.g.seg[s]
	return ok && r.covered[v]
}

// RelevantOutcome reports whether an uncovered segment depends on o,
// directly or through a chain of control dependences. An outcome the
// graph does not know (its function is not in the graph) is relevant:
// nothing is known against it.
func (r *Relevance) RelevantOutcome(o Outcome) bool {
	v, ok := r.g.out[o]
	if !ok {
		return true
	}
	return r.relevant(r.comp[v])
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
		if !seen[o.Branch] && r.relevant(r.comp[v]) {
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
