package slicing

import (
	"slices"

	"github.com/gosymtest/gosymtest/cdg"
)

// Provenance, for dynamic refinement (§3.4). Every location in a relevant
// set, and every branch instance in a relevant control set, carries the
// relevant static branches its relevance comes from: the branches of step
// 4(a) at the start of its chains of dependences. When code gets covered
// and all of those branches stop being relevant, the location is no
// longer needed, so a snapshot can drop it without slicing again
// (Snapshot.Refine). Relevance that comes from no static branch (a
// decision cdg does not know, a halt) is "always": it never goes.
//
// Sets are interned: a prov is an index into the table, so that L and C
// carry one int32 per entry and unions are memoised.

// prov names an interned provenance set. provNone is the empty set (not
// relevant), provAlways the set that never goes.
type prov int32

const (
	provNone   prov = 0
	provAlways prov = 1
)

// provTable interns provenance sets of one graph.
type provTable struct {
	branches []cdg.Branch       // by branch number
	numbers  map[cdg.Branch]int // branch -> number
	sets     [][]int            // by prov: sorted branch numbers
	ids      map[string]prov    // the key of a set -> its prov
	unions   map[[2]prov]prov
}

func newProvTable() *provTable {
	return &provTable{numbers: map[cdg.Branch]int{}, sets: [][]int{nil, nil}, ids: map[string]prov{}, unions: map[[2]prov]prov{}}
}

// of is the set holding branch b alone.
func (t *provTable) of(b cdg.Branch) prov {
	n, ok := t.numbers[b]
	if !ok {
		n = len(t.branches)
		t.branches = append(t.branches, b)
		t.numbers[b] = n
	}
	return t.intern([]int{n})
}

// union is the union of two sets.
func (t *provTable) union(a, b prov) prov {
	switch {
	case a == b || b == provNone:
		return a
	case a == provNone:
		return b
	case a == provAlways || b == provAlways:
		return provAlways
	}
	if a > b {
		a, b = b, a
	}
	if u, ok := t.unions[[2]prov{a, b}]; ok {
		return u
	}
	merged := append(slices.Clone(t.sets[a]), t.sets[b]...)
	slices.Sort(merged)
	u := t.intern(slices.Compact(merged))
	t.unions[[2]prov{a, b}] = u
	return u
}

func (t *provTable) intern(set []int) prov {
	key := make([]byte, 0, 4*len(set))
	for _, n := range set {
		key = append(key, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
	}
	if id, ok := t.ids[string(key)]; ok {
		return id
	}
	id := prov(len(t.sets))
	t.sets = append(t.sets, set)
	t.ids[string(key)] = id
	return id
}

// live reports whether a location of provenance p is still relevant:
// always, or some branch of p is.
func (t *provTable) live(p prov, rel *cdg.Relevance) bool {
	if p == provAlways {
		return true
	}
	for _, n := range t.sets[p] {
		if rel.Relevant(t.branches[n]) {
			return true
		}
	}
	return false
}
