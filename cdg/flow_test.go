package cdg

import (
	"math/rand"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// coverFunc covers every segment of fn.
func coverFunc(r *Relevance, a *Analysis, fn *ssa.Function, except ...Segment) {
	for _, s := range a.Func(fn).Segments() {
		if !slices.Contains(except, s) {
			r.Cover(s)
		}
	}
}

// callSite is the segment of fn holding its n-th call of callee (0
// first).
func callSite(t *testing.T, a *Analysis, fn *ssa.Function, callee string, n int) Segment {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			name := c.Common().Value.Name()
			if c.Common().StaticCallee() != nil {
				name = c.Common().StaticCallee().RelString(fn.Pkg.Pkg)
			}
			if name == callee {
				if n == 0 {
					s, _ := a.Func(fn).SegmentOf(instr)
					return s
				}
				n--
			}
		}
	}
	t.Fatalf("%s has no such call of %s", fn, callee)
	return Segment{}
}

// entry is the stack position at the start of fn.
func entry(fn *ssa.Function) Resume { return Resume{At: Segment{Block: fn.Blocks[0]}} }

// A state inside a library call can cover only what follows the call:
// code of the package before it does not count, and the library cannot
// call back into the package.
func TestCanCoverAfterTheCallOnly(t *testing.T) {
	a, fns := setup(t, "flow")
	count := fns["Count"]
	r := NewRelevance(a.Graph(count))
	lib := fns["Count"].Prog.ImportedPackage("strings").Func("Count")
	inside := []Resume{{At: callSite(t, a, count, "strings.Count", 0)}, entry(lib)}
	if !r.CanCover(inside) {
		t.Fatal("nothing covered yet, and the call's own segment is not: it may cover")
	}
	early := Segment{Block: count.Blocks[1]} // return -1
	coverFunc(r, a, count, early)
	if r.CanCover(inside) {
		t.Fatal("inside strings.Count: only the return after it is left, and it is covered")
	}
	if !r.CanCover([]Resume{entry(count)}) {
		t.Fatal("at Count's entry the early return is still ahead")
	}
	r.Cover(early)
	if r.CanCover([]Resume{entry(count)}) {
		t.Fatal("all of Count covered, and strings covers nothing that counts")
	}
}

// Each activation goes on from its own call site: helper called before
// Twice's branch may still reach it, the same helper called after it may
// not.
func TestCanCoverIsContextSensitive(t *testing.T) {
	a, fns := setup(t, "flow")
	twice, helper := fns["Twice"], fns["helper"]
	r := NewRelevance(a.Graph(twice))
	first := []Resume{{At: callSite(t, a, twice, "helper", 0)}, entry(helper)}
	second := []Resume{{At: callSite(t, a, twice, "helper", 1)}, entry(helper)}
	coverFunc(r, a, helper)
	inc := Segment{Block: twice.Blocks[1]} // a++
	coverFunc(r, a, twice, inc)
	if !r.CanCover(first) {
		t.Fatal("the first call of helper comes before a++")
	}
	if r.CanCover(second) {
		t.Fatal("the second call of helper comes after a++: nothing is left after it")
	}
	r.Cover(inc)
	if r.CanCover(first) {
		t.Fatal("all covered")
	}
}

// A call through a func value may call any function of the package whose
// value is taken: Apply's call reaches UseApply's literal, which is
// code of the package although Apply's graph has no call edge to it.
func TestCanCoverThroughFuncValues(t *testing.T) {
	a, fns := setup(t, "flow")
	apply, literal := fns["Apply"], fns["UseApply$1"]
	entries := a.EntryPoints(apply.Pkg)
	if !slices.Contains(entries, literal) || slices.Contains(entries, fns["helper"]) {
		t.Fatalf("entry points %v: want UseApply$1 (its value is taken), not helper (only called)", entries)
	}
	r := NewRelevance(a.Graph(apply))
	coverFunc(r, a, apply)
	at := []Resume{entry(apply)}
	if !r.CanCover(at) {
		t.Fatal("f(x) may call UseApply$1, which is not covered")
	}
	for _, fn := range entries {
		coverFunc(r, a, fn)
	}
	if r.CanCover(at) {
		t.Fatal("every function f may be is covered")
	}
}

// A branch that decides a call through a func value controls what the
// call may run: ApplyIf's x > 0 stays relevant while a function of the
// package whose value is taken is not covered, however much of ApplyIf
// is.
func TestRelevanceThroughFuncValues(t *testing.T) {
	a, fns := setup(t, "flow")
	applyIf := fns["ApplyIf"]
	r := NewRelevance(a.Graph(applyIf))
	coverFunc(r, a, applyIf)
	positive := branchOf(applyIf, 0)
	if !r.Relevant(positive) {
		t.Fatal("x > 0 decides whether f runs, and UseApply$1, which f may be, is not covered")
	}
	for _, fn := range a.EntryPoints(applyIf.Pkg) {
		coverFunc(r, a, fn)
	}
	if r.Relevant(positive) {
		t.Fatal("every function f may be is covered: x > 0 decides nothing left")
	}
}

// Deferred calls pending in an activation run when it returns.
func TestCanCoverPendingDefers(t *testing.T) {
	a, fns := setup(t, "flow")
	deferred, settle := fns["Deferred"], fns["settle"]
	r := NewRelevance(a.Graph(deferred))
	coverFunc(r, a, deferred)
	ret := Segment{Block: deferred.Blocks[1]} // return 1
	if r.CanCover([]Resume{{At: ret}}) {
		t.Fatal("without a pending defer nothing is left after the return")
	}
	if !r.CanCover([]Resume{{At: ret, Defers: true}}) {
		t.Fatal("settle, deferred and not covered, runs after the return")
	}
	coverFunc(r, a, settle)
	if r.CanCover([]Resume{{At: ret, Defers: true}}) {
		t.Fatal("settle covered")
	}
}

// The incremental answer agrees with a search over the flow edges from
// scratch, over random cover orders.
func TestCanCoverIncremental(t *testing.T) {
	for _, pkg := range []string{"flow", "inter", "implicit"} {
		g, segs := wholeGraph(t, pkg)
		rng := rand.New(rand.NewSource(int64(len(pkg))))
		for round := 0; round < 3; round++ {
			r := NewRelevance(g)
			rng.Shuffle(len(segs), func(i, j int) { segs[i], segs[j] = segs[j], segs[i] })
			for i, s := range segs {
				if i%7 == 0 {
					want := naiveCanCover(r)
					for _, u := range segs {
						if got := r.CanCover([]Resume{{At: u}}); got != want[g.seg[u]] {
							t.Fatalf("%s step %d: CanCover(%s.%s) = %v, from scratch %v", pkg, i, u.Func(), u, got, want[g.seg[u]])
						}
					}
				}
				r.Cover(s)
			}
			for _, u := range segs {
				if r.CanCover([]Resume{{At: u}}) {
					t.Fatalf("%s: all covered, %s.%s may still cover", pkg, u.Func(), u)
				}
			}
		}
	}
}

// naiveCanCover is, for each vertex, whether the flow edges lead from it
// (in zero or more steps) to a segment that counts and is not covered.
func naiveCanCover(r *Relevance) map[int]bool {
	g := r.g
	out := map[int]bool{}
	for v := range g.verts {
		seen := map[int]bool{v: true}
		for work := []int{v}; len(work) > 0 && !out[v]; {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			if g.counts(x) && !r.covered[x] {
				out[v] = true
			}
			for _, w := range g.flow[x] {
				if !seen[int(w)] {
					seen[int(w)] = true
					work = append(work, int(w))
				}
			}
		}
	}
	return out
}
