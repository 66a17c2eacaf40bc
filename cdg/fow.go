package cdg

// edgeDeps computes control dependence by the method of Ferrante,
// Ottenstein and Warren: for every edge A→B out of a node with two or
// more real successors, the nodes on the post-dominator tree path from B
// up to, but excluding, ipdom(A) are control dependent on that edge.
//
// The result is indexed like g.succs: deps[a][k] lists the nodes control
// dependent on the k-th edge out of a (nil for nodes with one successor).
// Fake edges to the exit added by postDominators are not edges here: a
// node whose only real successor is joined by a fake edge decides nothing.
func edgeDeps(g *flowGraph, pd *postDom) [][][]int {
	deps := make([][][]int, len(g.succs))
	for _, a := range pd.order {
		out := g.succs[a]
		if len(out) < 2 {
			continue
		}
		deps[a] = make([][]int, len(out))
		stop := pd.ipdom[a]
		for k, b := range out {
			for r := b; r != stop && r != -1 && r != g.exit; r = pd.ipdom[r] {
				deps[a][k] = append(deps[a][k], r)
			}
		}
	}
	return deps
}
