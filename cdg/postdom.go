package cdg

// This file computes post-dominators on an abstract control-flow graph
// whose nodes are small integers, so that the algorithm can be tested on
// random graphs independently of SSA.

// flowGraph is a control-flow graph: nodes 0..len(succs)-1, of which exit
// is the virtual exit (it has no successors) and entry the entry node.
// succs holds the real edges only; parallel edges are allowed.
type flowGraph struct {
	succs [][]int
	entry int
	exit  int
}

// postDom is the result of postDominators.
type postDom struct {
	// ipdom[n] is the immediate post-dominator of n; -1 for the exit and
	// for the nodes that entry cannot reach.
	ipdom []int
	// fake lists the nodes that were given an extra edge to the exit
	// because no path led from them to it (infinite loops). The edges
	// count for post-dominance only: they are not branch outcomes.
	fake []int
	// order is the forward depth-first preorder from entry: exactly the
	// reachable nodes.
	order []int
}

// postDominators computes the post-dominator tree of g with the algorithm
// of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm")
// run on the reversed graph, rooted at the exit.
//
// Nodes that entry reaches but from which the exit cannot be reached
// (the bodies of infinite loops, "for {}" and the like) would have no
// post-dominator. They are handled as LLVM does: the first such node in
// forward depth-first preorder, which is where control enters the
// endless region (typically its loop header), gets a fake edge to the
// exit, and this repeats until every reachable node reaches the exit.
// With the header connected, the blocks of an endless loop are control
// dependent on the loop's branches just like those of an ordinary loop.
func postDominators(g *flowGraph) *postDom {
	n := len(g.succs)
	res := &postDom{ipdom: make([]int, n)}

	// Forward reachability from entry, in preorder.
	// A node is a candidate for a fake edge if it is the target of a
	// back edge (a loop header) or has no successors at all.
	seen := make([]bool, n)
	onStack := make([]bool, n)
	candidate := make([]bool, n)
	var fwd func(int)
	fwd = func(v int) {
		seen[v], onStack[v] = true, true
		res.order = append(res.order, v)
		candidate[v] = len(g.succs[v]) == 0 && v != g.exit
		for _, s := range g.succs[v] {
			if onStack[s] {
				candidate[s] = true
			}
			if !seen[s] {
				fwd(s)
			}
		}
		onStack[v] = false
	}
	fwd(g.entry)
	if !seen[g.exit] {
		// Nothing reaches the exit; it still roots the tree.
		seen[g.exit] = true
	}

	// preds over reachable nodes; fake edges are added below.
	preds := make([][]int, n)
	for _, v := range res.order {
		for _, s := range g.succs[v] {
			preds[s] = append(preds[s], v)
		}
	}

	// Which reachable nodes reach the exit? Connect those that do not.
	reaches := make([]bool, n)
	var back func(int)
	back = func(v int) {
		reaches[v] = true
		for _, p := range preds[v] {
			if !reaches[p] {
				back(p)
			}
		}
	}
	back(g.exit)
	// Every node that cannot reach the exit leads to a cycle (or a dead
	// end) of such nodes, whose first node in preorder is a candidate;
	// so while any remain, a candidate remains.
	for _, v := range res.order {
		if !reaches[v] && candidate[v] {
			res.fake = append(res.fake, v)
			preds[g.exit] = append(preds[g.exit], v)
			back(v)
		}
	}
	isFake := make([]bool, n)
	for _, v := range res.fake {
		isFake[v] = true
	}

	// Postorder of the reversed graph from the exit.
	post := make([]int, n) // postorder number + 1; 0 = not visited
	var rpo []int          // reversed-graph nodes in postorder
	var rdfs func(int)
	rdfs = func(v int) {
		post[v] = -1 // on stack
		for _, p := range preds[v] {
			if post[p] == 0 {
				rdfs(p)
			}
		}
		rpo = append(rpo, v)
		post[v] = len(rpo)
	}
	rdfs(g.exit)

	for i := range res.ipdom {
		res.ipdom[i] = -1
	}
	idom := res.ipdom
	idom[g.exit] = g.exit
	intersect := func(a, b int) int {
		for a != b {
			for post[a] < post[b] {
				a = idom[a]
			}
			for post[b] < post[a] {
				b = idom[b]
			}
		}
		return a
	}
	// In the reversed graph the predecessors of v are its forward
	// successors, plus the exit for fake edges.
	for changed := true; changed; {
		changed = false
		for i := len(rpo) - 2; i >= 0; i-- { // reverse postorder, root (last) skipped
			v := rpo[i]
			newIdom := -1
			visit := func(s int) {
				if post[s] <= 0 || idom[s] == -1 {
					return // not processed yet
				}
				if newIdom == -1 {
					newIdom = s
				} else {
					newIdom = intersect(s, newIdom)
				}
			}
			for _, s := range g.succs[v] {
				visit(s)
			}
			if isFake[v] {
				visit(g.exit)
			}
			if newIdom != idom[v] {
				idom[v] = newIdom
				changed = true
			}
		}
	}
	idom[g.exit] = -1
	return res
}
