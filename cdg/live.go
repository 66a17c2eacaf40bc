package cdg

import "slices"

// live answers, over a directed graph, which vertices reach (in zero or
// more edges) a target vertex not yet covered, as targets get covered.
// Relevance keeps two: one over the control dependence graph (relevant
// branches) and one over the flow graph (code a state can still reach).
//
// The graph is condensed once into strongly connected components (loops
// and recursion make cycles); each component keeps the number of its
// uncovered targets and the number of its live successor components, and
// is live while either is non-zero. Covering a target decrements a count;
// a component that drops to dead decrements its predecessors, and so on.
// Each component dies once and each condensed edge is followed once, so
// the whole run costs O(graph), and each cover costs in proportion to
// what it changes.
//
// A live may count only part of the graph (the vertices a mask holds, as
// if the others were not there), and a live whose part is closed under
// successors can be cloned: the clone shares the condensation and starts
// from the same counts (closure.go).
type live struct {
	comp      []int32   // vertex -> component; -1 outside the mask
	preds     [][]int32 // component -> distinct predecessor components
	uncovered []int32   // component -> uncovered targets in it
	liveSuccs []int32   // component -> live distinct successors
	target    []bool    // vertex -> a target not covered yet
}

// newLive condenses the graph succ, restricted to the vertices that the
// mask in holds (all of them when in is nil), and counts the targets in
// it. order is the components, as vertex lists, in reverse topological
// order.
func newLive(succ [][]int32, target func(v int) bool, in []bool) (l *live, order [][]int32) {
	l = &live{target: make([]bool, len(succ))}
	l.comp, order = condense(succ, in)
	nc := len(order)
	succs := make([][]int32, nc)
	l.preds = make([][]int32, nc)
	l.uncovered = make([]int32, nc)
	l.liveSuccs = make([]int32, nc)
	mark := make([]int32, nc)
	for i := range mark {
		mark[i] = -1
	}
	for _, vs := range order {
		c := l.comp[vs[0]]
		for _, v := range vs {
			if target(int(v)) {
				l.target[v] = true
				l.uncovered[c]++
			}
			for _, w := range succ[v] {
				d := l.comp[w]
				if d >= 0 && d != c && mark[d] != c {
					mark[d] = c
					succs[c] = append(succs[c], d)
					l.preds[d] = append(l.preds[d], c)
				}
			}
		}
	}
	// Successors come first in order, so their liveness is known.
	for _, vs := range order {
		c := l.comp[vs[0]]
		for _, d := range succs[c] {
			if l.alive(d) {
				l.liveSuccs[c]++
			}
		}
	}
	return l, order
}

// clone returns a live with l's condensation and l's counts as they are
// now, which the covers of either no longer change in the other.
func (l *live) clone() *live {
	return &live{
		comp:      l.comp,
		preds:     l.preds,
		uncovered: slices.Clone(l.uncovered),
		liveSuccs: slices.Clone(l.liveSuccs),
		target:    slices.Clone(l.target),
	}
}

// alive reports whether component c reaches an uncovered target.
func (l *live) alive(c int32) bool { return l.uncovered[c] > 0 || l.liveSuccs[c] > 0 }

// reaches reports whether vertex v, which the mask holds, reaches an
// uncovered target.
func (l *live) reaches(v int) bool { return l.alive(l.comp[v]) }

// cover covers vertex v, if it is a target not covered yet, and returns
// the components that died because of it.
func (l *live) cover(v int) []int32 {
	if !l.target[v] {
		return nil
	}
	l.target[v] = false
	c := l.comp[v]
	l.uncovered[c]--
	if l.alive(c) {
		return nil
	}
	dead := []int32{c}
	for work := []int32{c}; len(work) > 0; {
		d := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range l.preds[d] {
			l.liveSuccs[p]--
			if !l.alive(p) {
				dead = append(dead, p)
				work = append(work, p)
			}
		}
	}
	return dead
}

// condense computes the strongly connected components of succ, restricted
// to the vertices that the mask in holds (all when in is nil), with
// Tarjan's algorithm (iteratively: the graph can be deep). It returns
// each vertex's component (-1 for those left out) and the components in
// the order found, which is reverse topological: sinks first.
func condense(succ [][]int32, in []bool) (comp []int32, comps [][]int32) {
	n := len(succ)
	comp = make([]int32, n)
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
		comp[i] = -1
	}
	held := func(v int32) bool { return in == nil || in[v] }
	var stack []int32
	next := int32(0)
	type frame struct {
		v int32
		i int // next successor to look at
	}
	for root := 0; root < n; root++ {
		if index[root] >= 0 || !held(int32(root)) {
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
			if top.i < len(succ[v]) {
				w := succ[v][top.i]
				top.i++
				if !held(w) {
					continue
				}
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
				var vs []int32
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = int32(len(comps))
					vs = append(vs, w)
					if w == v {
						break
					}
				}
				comps = append(comps, vs)
			}
		}
	}
	return comp, comps
}
