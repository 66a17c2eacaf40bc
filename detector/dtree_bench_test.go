package detector

import (
	"math/rand/v2"
	"testing"
)

// A workload is a few thousand sets at one point and the states that
// look them up: half of the states extend a recorded set (they match),
// half are drawn at random (they rarely do).
type workload struct {
	sets   []set[int]
	states []map[int]uint64
}

// newWorkload draws n sets over nloc locations. Like the paper's sets,
// they share locations: the first ncommon locations are in every set
// (with values 0..3), every other one in a set with probability p.
func newWorkload(seed uint64, n, nloc, ncommon int, p float64) workload {
	r := rand.New(rand.NewPCG(seed, 7))
	var w workload
	for i := range n {
		s := set[int]{name: i}
		for l := range nloc {
			if l < ncommon || r.Float64() < p {
				s.locs = append(s.locs, l)
				s.vals = append(s.vals, uint64(r.IntN(4)))
			}
		}
		w.sets = append(w.sets, s)
	}
	for i := range 256 {
		state := map[int]uint64{}
		for l := range nloc {
			state[l] = uint64(r.IntN(4))
		}
		if i%2 == 0 {
			s := w.sets[r.IntN(n)]
			for j, l := range s.locs {
				state[l] = s.vals[j]
			}
		}
		w.states = append(w.states, state)
	}
	return w
}

var workloads = []struct {
	name string
	w    workload
}{
	// Dense: every set constrains 6 common locations and a quarter of the
	// others, so undef edges are few.
	{"dense", newWorkload(1, 4000, 48, 6, 0.25)},
	// Sparse: 2 common locations, the others with probability 1/2, so the
	// sound walk follows many undef edges.
	{"sparse", newWorkload(2, 4000, 24, 2, 0.5)},
}

// BenchmarkLookup compares the tree's lookup with the naive scan (each
// set compared in turn, stopping at its first mismatch and at the first
// matching set), both with the same state look-up; lookups/op is the
// number of state look-ups per search.
func BenchmarkLookup(b *testing.B) {
	for _, wl := range workloads {
		w := wl.w
		b.Run(wl.name+"/tree", func(b *testing.B) {
			tr := treeOf(w.sets)
			tr.flush()
			before := tr.Lookups()
			i := 0
			for b.Loop() {
				state := w.states[i%len(w.states)]
				i++
				tr.lookup(func(l int) (uint64, bool) {
					v, ok := state[l]
					return v, ok
				}, func(int) bool { return true })
			}
			b.ReportMetric(float64(tr.Lookups()-before)/float64(b.N), "lookups/op")
		})
		b.Run(wl.name+"/naive", func(b *testing.B) {
			lookups, i := 0, 0
			for b.Loop() {
				state := w.states[i%len(w.states)]
				i++
				naiveFirst(w.sets, func(l int) (uint64, bool) {
					lookups++
					v, ok := state[l]
					return v, ok
				})
			}
			b.ReportMetric(float64(lookups)/float64(b.N), "lookups/op")
		})
	}
}

// naiveFirst is the best plain scan: it returns the first set that the
// state matches, comparing each set only up to its first mismatch.
func naiveFirst(sets []set[int], value func(int) (uint64, bool)) (int, bool) {
next:
	for _, s := range sets {
		for i, l := range s.locs {
			if v, ok := value(l); !ok || v != s.vals[i] {
				continue next
			}
		}
		return s.name, true
	}
	return 0, false
}

// BenchmarkBuild measures incremental construction: the sets added one
// lookup apart, as a detector adds them while it explores.
func BenchmarkBuild(b *testing.B) {
	for _, wl := range workloads {
		w := wl.w
		b.Run(wl.name, func(b *testing.B) {
			for b.Loop() {
				tr := newTree[int, int]()
				for _, s := range w.sets {
					tr.add(s.locs, s.vals, s.name)
					tr.flush()
				}
			}
		})
	}
}
