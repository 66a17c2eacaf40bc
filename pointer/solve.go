package pointer

import (
	"golang.org/x/tools/container/intsets"
)

// nodeid names a node: a points-to variable. Node 0 is unused so that 0
// can mean "no node" (values that cannot hold pointers have none).
// Object cells are nodes too, and their ids double as the labels that
// points-to sets contain: a points-to set is a set of cell addresses.
type nodeid uint32

type node struct {
	obj  *Object // the object this node is a cell of; nil for SSA values
	rep  nodeid  // union-find parent; a node is its own representative
	pts  intsets.Sparse
	prev intsets.Sparse // the part of pts already propagated (difference propagation)
	succ intsets.Sparse // copy edges: pts(n) ⊆ pts(succ)
	cons []constraint   // complex constraints triggered by new labels of n
	// queued is set while the node is on the worklist.
	queued bool
}

// A constraint reacts to labels newly added to a node's points-to set.
type constraint interface {
	solve(a *analysis, delta []int)
}

// newNodes appends n fresh nodes and returns the first.
func (a *analysis) newNodes(n int, obj *Object) nodeid {
	id := nodeid(len(a.nodes))
	for i := 0; i < n; i++ {
		a.nodes = append(a.nodes, &node{obj: obj, rep: id + nodeid(i)})
	}
	return id
}

// find returns the representative of n's equivalence class, halving
// paths as it goes.
func (a *analysis) find(n nodeid) nodeid {
	for {
		p := a.nodes[n].rep
		if p == n {
			return n
		}
		gp := a.nodes[p].rep
		a.nodes[n].rep = gp
		n = gp
	}
}

func (a *analysis) push(n nodeid) {
	nd := a.nodes[n]
	if !nd.queued {
		nd.queued = true
		a.work = append(a.work, n)
	}
}

// addLabel records that n points to cell l.
func (a *analysis) addLabel(n, l nodeid) {
	n = a.find(n)
	if a.nodes[n].pts.Insert(int(l)) {
		a.push(n)
	}
}

// addCopy adds pts(src) ⊆ pts(dst). What src already holds is copied at
// once; later additions flow through the edge.
func (a *analysis) addCopy(dst, src nodeid) {
	if dst == 0 || src == 0 {
		return
	}
	src, dst = a.find(src), a.find(dst)
	if src == dst {
		return
	}
	if !a.nodes[src].succ.Insert(int(dst)) {
		return
	}
	if a.nodes[dst].pts.UnionWith(&a.nodes[src].pts) {
		a.push(dst)
	}
}

// addCopyN copies a block of n consecutive nodes.
func (a *analysis) addCopyN(dst, src nodeid, n int) {
	if dst == 0 || src == 0 {
		return
	}
	for i := 0; i < n; i++ {
		a.addCopy(dst+nodeid(i), src+nodeid(i))
	}
}

// addConstraint attaches c to n and applies it to the labels n already
// propagated; newer labels reach it when n is next processed.
func (a *analysis) addConstraint(n nodeid, c constraint) {
	if n == 0 {
		return
	}
	n = a.find(n)
	nd := a.nodes[n]
	nd.cons = append(nd.cons, c)
	if !nd.prev.IsEmpty() {
		c.solve(a, nd.prev.AppendTo(nil))
	}
}

// solve runs the worklist to a fixed point.
func (a *analysis) solve() {
	var delta intsets.Sparse
	var labels []int
	for len(a.work) > 0 {
		n := a.work[0]
		a.work = a.work[1:]
		if len(a.work) == 0 {
			a.work = a.work[:0:0] // let the backing array go
		}
		a.nodes[n].queued = false
		if a.find(n) != n {
			continue // merged; its representative was queued
		}
		nd := a.nodes[n]
		delta.Difference(&nd.pts, &nd.prev)
		if delta.IsEmpty() {
			continue
		}
		nd.prev.UnionWith(&delta)
		labels = delta.AppendTo(labels[:0])
		// Constraints may add nodes, edges and constraints (new
		// reachable functions), so iterate by index over a snapshot.
		cons := nd.cons
		for _, c := range cons {
			c.solve(a, labels)
		}
		a.propagate(n, &delta)
	}
}

// propagate pushes delta along n's copy edges, and looks for a cycle
// when an edge turns out to join two equal sets (lazy cycle detection,
// Hardekopf & Lin 2007): nodes on a cycle always end up with equal sets,
// so they are merged into one.
func (a *analysis) propagate(n nodeid, delta *intsets.Sparse) {
	nd := a.nodes[n]
	var succs []int
	succs = nd.succ.AppendTo(succs)
	for _, s := range succs {
		t := a.find(nodeid(s))
		if t == n {
			continue
		}
		tn := a.nodes[t]
		if tn.pts.UnionWith(delta) {
			a.push(t)
		}
		if a.nodes[n].rep != n {
			return // merged by a cycle found meanwhile
		}
		if !a.lcdDone[edge{n, t}] && tn.pts.Len() == nd.pts.Len() && tn.pts.Equals(&nd.pts) {
			a.lcdDone[edge{n, t}] = true
			a.collapseCycles(t)
			if a.find(n) != n {
				return
			}
		}
	}
}

type edge struct{ from, to nodeid }

// collapseCycles finds the strongly connected components of the copy
// graph reachable from root (Tarjan) and merges each into one node.
// The bookkeeping lives in slices indexed by node, stamped per search,
// so that a search costs only what it visits.
func (a *analysis) collapseCycles(root nodeid) {
	t := &a.tarjan
	if len(t.stamp) < len(a.nodes) {
		n := len(a.nodes) + len(a.nodes)/2
		t.stamp = append(t.stamp, make([]uint32, n-len(t.stamp))...)
		t.index = append(t.index, make([]int32, n-len(t.index))...)
		t.low = append(t.low, make([]int32, n-len(t.low))...)
		t.onStack = append(t.onStack, make([]bool, n-len(t.onStack))...)
	}
	t.gen++
	gen := t.gen
	stack := t.stack[:0]
	frames := t.frames[:0]
	next := int32(0)
	enter := func(n nodeid) {
		t.stamp[n] = gen
		t.index[n], t.low[n] = next, next
		next++
		stack = append(stack, n)
		t.onStack[n] = true
		frames = append(frames, tarjanFrame{n: n, succs: a.nodes[n].succ.AppendTo(nil)})
	}
	enter(root)
	for len(frames) > 0 {
		f := &frames[len(frames)-1]
		if f.i < len(f.succs) {
			s := a.find(nodeid(f.succs[f.i]))
			f.i++
			if int(s) >= len(t.stamp) {
				continue // created during this search
			}
			if t.stamp[s] != gen {
				if next > 50000 {
					continue // bound one search; later searches find the rest
				}
				enter(s)
			} else if t.onStack[s] && t.index[s] < t.low[f.n] {
				t.low[f.n] = t.index[s]
			}
			continue
		}
		n := f.n
		frames = frames[:len(frames)-1]
		if len(frames) > 0 {
			p := frames[len(frames)-1].n
			if t.low[n] < t.low[p] {
				t.low[p] = t.low[n]
			}
		}
		if t.low[n] == t.index[n] {
			i := len(stack) - 1
			for stack[i] != n {
				i--
			}
			scc := stack[i:]
			for _, m := range scc {
				t.onStack[m] = false
			}
			for _, m := range scc[1:] {
				a.unite(scc[0], m)
			}
			stack = stack[:i]
		}
	}
	t.stack, t.frames = stack, frames
}

type tarjanFrame struct {
	n     nodeid
	succs []int
	i     int
}

// tarjanState is reused across cycle searches.
type tarjanState struct {
	gen     uint32
	stamp   []uint32
	index   []int32
	low     []int32
	onStack []bool
	stack   []nodeid
	frames  []tarjanFrame
}

// unite merges node m into n. The merged node has not propagated the
// union to anything yet, so prev is reset and the node queued.
func (a *analysis) unite(n, m nodeid) {
	n, m = a.find(n), a.find(m)
	if n == m {
		return
	}
	nn, mn := a.nodes[n], a.nodes[m]
	mn.rep = n
	nn.pts.UnionWith(&mn.pts)
	nn.succ.UnionWith(&mn.succ)
	nn.succ.Remove(int(n))
	nn.succ.Remove(int(m))
	nn.cons = append(nn.cons, mn.cons...)
	nn.prev.Clear()
	mn.pts.Clear()
	mn.prev.Clear()
	mn.succ.Clear()
	mn.cons = nil
	a.merged++
	a.push(n)
}

// inObject reports whether label l plus off, n cells, stays inside the
// object of l. Offsets leave an object only when unsafe code reinterprets
// memory; those accesses are dropped (with a warning at the conversion).
func (a *analysis) inObject(l nodeid, off, n int) bool {
	o := a.nodes[l].obj
	if o == nil {
		return false
	}
	end := int(o.id) + len(o.layout)
	return int(l)+off >= int(o.id) && int(l)+off+n <= end
}
