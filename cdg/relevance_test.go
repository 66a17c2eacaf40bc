package cdg

import (
	"math/rand"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// setup analyses fixture package name and returns its functions.
func setup(t *testing.T, name string) (*Analysis, map[string]*ssa.Function) {
	t.Helper()
	p := fixture(t, name)
	a := New(p.SSA.Prog, Options{NoImplicitBranches: hasOption(t, p, "noimplicit")})
	return a, functions(p.SSA)
}

func block(fn *ssa.Function, i int) Segment { return Segment{Block: fn.Blocks[i]} }

func branchOf(fn *ssa.Function, blk int) Branch {
	b := fn.Blocks[blk]
	return Branch{Block: b, Index: len(b.Instrs) - 1}
}

// Caller's branch controls leaf's blocks through the call.
func TestRelevanceCall(t *testing.T) {
	a, fns := setup(t, "inter")
	caller, leaf := fns["Caller"], fns["leaf"]
	r := NewRelevance(a.Graph(caller))
	if !r.Relevant(branchOf(caller, 0)) || !r.Relevant(branchOf(leaf, 0)) {
		t.Fatal("at the start every branch should be relevant")
	}
	for _, s := range []Segment{block(caller, 0), block(caller, 1), block(caller, 2), block(leaf, 0), block(leaf, 1)} {
		if got := r.Cover(s); len(got) != 0 {
			t.Fatalf("Cover(%s) dropped %v while leaf.b2 is uncovered", s, got)
		}
	}
	if !r.Relevant(branchOf(caller, 0)) {
		t.Fatal("Caller.b0 decides whether leaf runs, and leaf.b2 is uncovered")
	}
	got := r.Cover(block(leaf, 2))
	want := []Branch{branchOf(caller, 0), branchOf(leaf, 0)}
	if !slices.Equal(got, want) {
		t.Fatalf("Cover(leaf.b2) = %v, want %v", got, want)
	}
	if r.Relevant(branchOf(caller, 0)) || len(r.RelevantBranches()) != 0 {
		t.Fatalf("still relevant: %v", r.RelevantBranches())
	}
	if got := r.Cover(block(leaf, 2)); got != nil {
		t.Fatalf("covering twice dropped %v", got)
	}
}

// checkArg's branch decides whether os.Exit halts the program, so it
// controls what runs after the call in Main (embedded halt).
func TestRelevanceHalt(t *testing.T) {
	for _, tc := range []struct{ pkg, callee, caller string }{
		{"inter", "checkArg", "Main"},            // no implicit branches
		{"implicit", "validate", "UsesValidate"}, // implicit branches
	} {
		t.Run(tc.pkg, func(t *testing.T) {
			a, fns := setup(t, tc.pkg)
			callee, caller := fns[tc.callee], fns[tc.caller]
			g := a.Graph(caller)
			r := NewRelevance(g)
			// Cover everything but the caller's last block, the callees of
			// the callee (os.Exit's body) included.
			last := block(caller, 2)
			for _, fn := range g.Funcs() {
				for _, s := range a.Func(fn).Segments() {
					if s != last {
						r.Cover(s)
					}
				}
			}
			if !r.Relevant(branchOf(callee, 0)) {
				t.Fatalf("%s.b0 decides a halt and %s.b2 is uncovered: it must stay relevant", tc.callee, tc.caller)
			}
			got := r.Cover(last)
			if !slices.Contains(got, branchOf(callee, 0)) || !slices.Contains(got, branchOf(caller, 0)) {
				t.Fatalf("Cover(%s.b2) = %v, want %s.b0 and %s.b0 among them", tc.caller, got, tc.callee, tc.caller)
			}
		})
	}
}

// The default resolver finds both implementations of Shape.
func TestDefaultCallees(t *testing.T) {
	a, fns := setup(t, "inter")
	g := a.Graph(fns["Total"])
	for _, name := range []string{"(*Rect).Area", "(Square).Area"} {
		fn := fns[name]
		if fn == nil {
			t.Fatalf("no function %s", name)
		}
		if !slices.Contains(g.Funcs(), fn) {
			t.Errorf("graph of Total lacks %s: %v", name, g.Funcs())
		}
	}
	// A custom resolver replaces it.
	b := New(a.Program(), Options{NoImplicitBranches: true, Callees: func(ssa.CallInstruction) []*ssa.Function { return nil }})
	if got := b.Graph(fns["Total"]).Funcs(); len(got) != 1 {
		t.Errorf("with a resolver that finds nothing, graph functions = %v", got)
	}
}

// naiveRelevant recomputes the relevant outcomes from scratch: the
// vertices from which an uncovered segment can be reached.
func naiveRelevant(r *Relevance) map[Branch]bool {
	g := r.g
	preds := make([][]int, len(g.verts))
	for v, ws := range g.succ {
		for _, w := range ws {
			preds[w] = append(preds[w], v)
		}
	}
	reach := make([]bool, len(g.verts))
	var work []int
	for v, x := range g.verts {
		if x.kind == vSegment && !r.covered[v] {
			work = append(work, v)
		}
	}
	// Reaching an uncovered segment by one or more edges.
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range preds[v] {
			if !reach[p] {
				reach[p] = true
				work = append(work, p)
			}
		}
	}
	out := map[Branch]bool{}
	for o, v := range g.out {
		if reach[v] {
			out[o.Branch] = true
		}
	}
	return out
}

// wholeGraph is the graph of every function of fixture package pkg, and
// its segments in the order of their vertices.
func wholeGraph(t *testing.T, pkg string) (*Graph, []Segment) {
	a, fns := setup(t, pkg)
	var roots []*ssa.Function
	for _, fn := range fns {
		if fn.Pkg != nil && fn.Synthetic == "" {
			roots = append(roots, fn)
		}
	}
	slices.SortFunc(roots, func(x, y *ssa.Function) int { return int(x.Pos() - y.Pos()) })
	g := a.Graph(roots...)
	var segs []Segment
	for s := range g.seg {
		segs = append(segs, s)
	}
	slices.SortFunc(segs, func(x, y Segment) int { return g.seg[x] - g.seg[y] })
	return g, segs
}

// Incremental relevance agrees with recomputation from scratch, and Cover
// returns exactly the branches that dropped, over random cover orders.
func TestRelevanceIncremental(t *testing.T) {
	for _, pkg := range []string{"intra", "implicit", "inter"} {
		g, segs := wholeGraph(t, pkg)
		t.Logf("%s: %d functions, %d vertices, %d segments", pkg, len(g.Funcs()), len(g.verts), len(segs))
		rng := rand.New(rand.NewSource(int64(len(pkg))))
		for round := 0; round < 3; round++ {
			r := NewRelevance(g)
			rng.Shuffle(len(segs), func(i, j int) { segs[i], segs[j] = segs[j], segs[i] })
			before := naiveRelevant(r)
			check := func(step int) {
				want := naiveRelevant(r)
				for b := range want {
					if !r.Relevant(b) {
						t.Fatalf("%s step %d: %s.%s relevant by recomputation only", pkg, step, b.Func(), b)
					}
				}
				for _, b := range r.RelevantBranches() {
					if !want[b] {
						t.Fatalf("%s step %d: %s.%s relevant incrementally only", pkg, step, b.Func(), b)
					}
				}
			}
			check(0)
			// Check often at the start and end, where few things change,
			// sparsely in between: the graph has thousands of vertices.
			for i, s := range segs {
				dropped := r.Cover(s)
				if i < 50 || i > len(segs)-200 || i%97 == 0 {
					after := naiveRelevant(r)
					for _, b := range dropped {
						if !before[b] || after[b] {
							t.Fatalf("%s: Cover(%s) reported %s as dropped", pkg, s, b)
						}
					}
					for b := range before {
						if !after[b] && !slices.Contains(dropped, b) && i < 50 {
							t.Fatalf("%s: Cover(%s) did not report %s.%s", pkg, s, b.Func(), b)
						}
					}
					check(i + 1)
					before = after
				}
			}
			if got := r.RelevantBranches(); len(got) != 0 {
				t.Fatalf("%s: all covered, still relevant: %v", pkg, got)
			}
		}
	}
}
