package cdg

import (
	"math/rand"
	"slices"
	"testing"
)

// A function's Relevance over its package's graph answers as one over
// its own graph: the same relevant branches and outcomes, the same
// branches dropped by each cover, the same CanCover, over random cover
// orders, for every function of the fixtures. (Halt edges lead from a
// callee to its callers, so a part that kept the package's other callers
// would keep branches relevant that the function's own graph drops.)
func TestPackageRelevanceIsTheFunctions(t *testing.T) {
	for _, pkg := range []string{"flow", "inter", "implicit", "intra"} {
		a, fns := setup(t, pkg)
		names := make([]string, 0, len(fns))
		for name := range fns {
			names = append(names, name)
		}
		slices.Sort(names)
		rng := rand.New(rand.NewSource(int64(len(pkg))))
		for _, name := range names {
			fn := fns[name]
			if len(fn.Blocks) == 0 {
				continue
			}
			own := a.Graph(fn)
			var segs []Segment
			for s := range own.seg {
				segs = append(segs, s)
			}
			slices.SortFunc(segs, func(x, y Segment) int { return own.seg[x] - own.seg[y] })
			var outcomes []Outcome
			for o := range own.out {
				outcomes = append(outcomes, o)
			}
			slices.SortFunc(outcomes, func(x, y Outcome) int { return own.out[x] - own.out[y] })
			for round := 0; round < 3; round++ {
				want, got := NewRelevance(own), a.Relevance(fn)
				if got.g == own {
					t.Fatalf("%s.%s: Relevance built the function's own graph", pkg, name)
				}
				rng.Shuffle(len(segs), func(i, j int) { segs[i], segs[j] = segs[j], segs[i] })
				for i := 0; i <= len(segs); i++ {
					if w, g := want.RelevantBranches(), got.RelevantBranches(); !slices.Equal(w, g) {
						t.Fatalf("%s.%s step %d: %d relevant branches, want %d", pkg, name, i, len(g), len(w))
					}
					for _, o := range outcomes {
						if w, g := want.RelevantOutcome(o), got.RelevantOutcome(o); w != g {
							t.Fatalf("%s.%s step %d: RelevantOutcome(%v) = %v, want %v", pkg, name, i, o, g, w)
						}
					}
					for _, u := range segs {
						for _, defers := range []bool{false, true} {
							stack := []Resume{{At: u, Defers: defers}}
							if w, g := want.CanCover(stack), got.CanCover(stack); w != g {
								t.Fatalf("%s.%s step %d: CanCover(%s, defers %v) = %v, want %v", pkg, name, i, u, defers, g, w)
							}
						}
					}
					if i == len(segs) {
						break
					}
					if w, g := want.Cover(segs[i]), got.Cover(segs[i]); !slices.Equal(w, g) {
						t.Fatalf("%s.%s step %d: Cover(%s) dropped %v, want %v", pkg, name, i, segs[i], g, w)
					}
				}
			}
		}
	}
}
