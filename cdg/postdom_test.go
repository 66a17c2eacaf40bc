package cdg

import (
	"math/rand"
	"slices"
	"testing"
)

// randomGraph makes a control-flow graph of n ordinary nodes plus the exit
// (node n). Some nodes fall into the exit, some branch, some loop back,
// so infinite loops and unreachable nodes occur.
func randomGraph(r *rand.Rand, n int) *flowGraph {
	g := &flowGraph{succs: make([][]int, n+1), entry: 0, exit: n}
	for v := 0; v < n; v++ {
		k := 1 + r.Intn(3) // 1..3 successors
		if r.Intn(8) == 0 {
			k = 0 // dead end would be a bug in SSA; give it the exit
		}
		for i := 0; i < k; i++ {
			var s int
			switch x := r.Intn(10); {
			case x == 0:
				s = n // exit
			case x < 3:
				s = r.Intn(n) // anywhere, including back edges
			default:
				s = v + 1 + r.Intn(3) // mostly forward
				if s > n {
					s = n
				}
			}
			g.succs[v] = append(g.succs[v], s)
		}
		if len(g.succs[v]) == 0 {
			g.succs[v] = []int{n}
		}
	}
	return g
}

// naivePostDom computes the sets of post-dominators by iterative dataflow
// over the graph augmented with pd's fake edges, and from them the
// immediate post-dominators.
func naivePostDom(g *flowGraph, pd *postDom) []int {
	n := len(g.succs)
	reach := make([]bool, n)
	for _, v := range pd.order {
		reach[v] = true
	}
	succs := make([][]int, n)
	for v := range g.succs {
		succs[v] = slices.Clone(g.succs[v])
	}
	for _, v := range pd.fake {
		succs[v] = append(succs[v], g.exit)
	}
	full := func() []bool {
		s := make([]bool, n)
		for i := range s {
			s[i] = true
		}
		return s
	}
	sets := make([][]bool, n)
	for v := range sets {
		sets[v] = full()
	}
	sets[g.exit] = make([]bool, n)
	sets[g.exit][g.exit] = true
	for changed := true; changed; {
		changed = false
		for v := 0; v < n; v++ {
			if v == g.exit || !reach[v] {
				continue
			}
			next := full()
			for _, s := range succs[v] {
				for i := range next {
					next[i] = next[i] && sets[s][i]
				}
			}
			next[v] = true
			if !slices.Equal(next, sets[v]) {
				sets[v] = next
				changed = true
			}
		}
	}
	count := func(s []bool) int {
		c := 0
		for _, b := range s {
			if b {
				c++
			}
		}
		return c
	}
	ipdom := make([]int, n)
	for v := range ipdom {
		ipdom[v] = -1
		if v == g.exit || !reach[v] {
			continue
		}
		// The immediate post-dominator is the strict post-dominator
		// that is post-dominated by all the others: its set is one
		// smaller than v's.
		for d := 0; d < n; d++ {
			if d != v && sets[v][d] && count(sets[d]) == count(sets[v])-1 {
				ipdom[v] = d
			}
		}
	}
	return ipdom
}

func TestPostDominatorsRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + r.Intn(25)
		g := randomGraph(r, n)
		pd := postDominators(g)
		want := naivePostDom(g, pd)
		if !slices.Equal(pd.ipdom, want) {
			t.Fatalf("graph %v: ipdom = %v, naive = %v (fake %v)", g.succs, pd.ipdom, want, pd.fake)
		}
		checkFakeEdges(t, g, pd)
		checkControlDependence(t, g, pd)
	}
}

// checkFakeEdges checks that fake edges leave only nodes that could not
// reach the exit, and that afterwards every reachable node reaches it.
func checkFakeEdges(t *testing.T, g *flowGraph, pd *postDom) {
	t.Helper()
	reachesExit := func(extra []int) []bool {
		n := len(g.succs)
		r := make([]bool, n)
		r[g.exit] = true
		for changed := true; changed; {
			changed = false
			for v := 0; v < n; v++ {
				if r[v] {
					continue
				}
				ok := slices.Contains(extra, v)
				for _, s := range g.succs[v] {
					ok = ok || r[s]
				}
				if ok {
					r[v], changed = true, true
				}
			}
		}
		return r
	}
	before := reachesExit(nil)
	for _, v := range pd.fake {
		if before[v] {
			t.Fatalf("graph %v: fake edge from %d, which reaches the exit", g.succs, v)
		}
	}
	after := reachesExit(pd.fake)
	for _, v := range pd.order {
		if !after[v] {
			t.Fatalf("graph %v: %d still cannot reach the exit (fake %v)", g.succs, v, pd.fake)
		}
	}
}

// checkControlDependence compares edgeDeps with the definition: Y is
// control dependent on edge A→B iff Y post-dominates B and Y does not
// strictly post-dominate A.
func checkControlDependence(t *testing.T, g *flowGraph, pd *postDom) {
	t.Helper()
	pdoms := func(y, x int) bool { // y post-dominates x (reflexive)
		for ; x != -1; x = pd.ipdom[x] {
			if x == y {
				return true
			}
		}
		return false
	}
	deps := edgeDeps(g, pd)
	for _, a := range pd.order {
		if len(g.succs[a]) < 2 {
			continue
		}
		for k, b := range g.succs[a] {
			var want []int
			for _, y := range pd.order {
				if pdoms(y, b) && !(y != a && pdoms(y, a)) {
					want = append(want, y)
				}
			}
			got := slices.Clone(deps[a][k])
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("graph %v: deps of edge %d→%d = %v, want %v", g.succs, a, b, got, want)
			}
		}
	}
}

// TestInfiniteLoopHeader checks which node gets the fake edge: the loop
// header, so that the loop body depends on the header's branch.
func TestInfiniteLoopHeader(t *testing.T) {
	// 0 → 1; 1 → 2 | 3; 2 → 1; 3 → 1: "for { if c { .. } else { .. } }"
	g := &flowGraph{succs: [][]int{{1}, {2, 3}, {1}, {1}, nil}, entry: 0, exit: 4}
	pd := postDominators(g)
	if !slices.Equal(pd.fake, []int{1}) {
		t.Fatalf("fake = %v, want [1]", pd.fake)
	}
	if want := []int{1, 4, 1, 1, -1}; !slices.Equal(pd.ipdom, want) {
		t.Fatalf("ipdom = %v, want %v", pd.ipdom, want)
	}
	deps := edgeDeps(g, pd)
	if !slices.Equal(deps[1][0], []int{2, 1}) || !slices.Equal(deps[1][1], []int{3, 1}) {
		t.Fatalf("deps of node 1 = %v", deps[1])
	}
}
