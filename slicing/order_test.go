package slicing

import (
	"math/rand"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
)

// trie is the tree of steps of a set of paths: what the engine explores.
type trie struct {
	step step
	kids []*trie
	end  int // the path that ends here, or -1
}

func buildTrie(paths [][]step) *trie {
	root := &trie{end: -1}
	for i, p := range paths {
		t := root
		for _, s := range p {
			var next *trie
			for _, k := range t.kids {
				if sameStep(k.step, s) {
					next = k
				}
			}
			if next == nil {
				next = &trie{step: s, end: -1}
				t.kids = append(t.kids, next)
			}
			t = next
		}
		t.end = i
	}
	return root
}

// published prints the snapshots as sorted "key=set" lines.
func (fx *fixture) published() []string {
	var out []string
	for _, s := range fx.snap {
		var names []string
		for _, l := range s.Locs {
			names = append(names, fx.name(s, l))
		}
		sort.Strings(names)
		out = append(out, fx.keyOf(s)+"={"+strings.Join(names, ", ")+"}")
	}
	sort.Strings(out)
	return out
}

// The order in which states step and end does not change what is
// published: every path of Chown, stepped in a random interleaving,
// publishes the same snapshots as one path after the other.
func TestAnyOrder(t *testing.T) {
	fx := newFixture(t, chownSrc, "Chown", cdg.Options{NoImplicitBranches: true})
	fx.coverAllBut(fx.block("Chown", 3), fx.block("Chown", 12))
	all := fx.allPaths("Chown")
	fx.run("Chown", nil, all...)
	want := fx.published()
	paths, kinds, conds := fx.paths("Chown", all...)
	tr := buildTrie(paths)

	for seed := int64(1); seed <= 5; seed++ {
		fx.snap = nil
		fx.g = New(fx.a, fx.rel, Options{Publish: func(s *Snapshot) { fx.snap = append(fx.snap, s) }})
		rng := rand.New(rand.NewSource(seed))
		// A live state stands at a trie node whose step it has still to
		// take when pending: Fork says where states part, and each then
		// takes its step, in any order.
		type live struct {
			id      int
			at      *trie
			pending bool
		}
		states := []*live{{1, tr, false}}
		fx.g.Root(1, []int32{1}, nil)
		next := 1
		for len(states) > 0 {
			i := rng.Intn(len(states))
			st := states[i]
			switch {
			case st.pending:
				fx.g.Step(st.id, st.at.step.evs, st.at.step.pt)
				st.pending = false
			case len(st.at.kids) == 0:
				p := st.at.end
				fx.g.End(st.id, kinds[p], true, false, conds[p])
				states = slices.Delete(states, i, i+1)
			default:
				kids := st.at.kids
				for _, k := range kids[1:] {
					next++
					fx.g.Fork(st.id, next)
					states = append(states, &live{next, k, true})
				}
				st.at, st.pending = kids[0], true
			}
		}
		if got := fx.published(); !slices.Equal(got, want) {
			t.Fatalf("seed %d: published\n%v\nwant\n%v", seed, got, want)
		}
	}
}
