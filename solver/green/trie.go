package green

import "github.com/gosymtest/gosymtest/symbolic/expr"

// lTrie is one of the paper's two stores: a trie of sorted canonical atom
// sequences, each root-to-leaf path one stored conjunction, indexed by its
// IPOG.
type lTrie struct {
	root trieNode
	g    ipog
	// keepLonger is the prefix policy: the SCS keeps the longer of two
	// conjunctions one of which is a prefix of the other (its model also
	// satisfies the shorter), the UCS the shorter (its unsatisfiability
	// implies the longer's).
	keepLonger bool
	leaves     int
}

type trieNode struct {
	in     atom // the label of the incoming edge (none at the root)
	parent *trieNode
	// kids are in insertion order, so that every walk is deterministic;
	// index finds a kid by its label.
	kids  []*trieNode
	index map[atom]*trieNode
	// leaf marks the end of a stored conjunction; in both tries a leaf has
	// no kids. model is a SCS leaf's solution.
	leaf  bool
	model *expr.Values
}

func newLTrie(keepLonger bool) *lTrie {
	return &lTrie{g: newIPOG(), keepLonger: keepLonger}
}

// add stores a sorted, duplicate-free atom sequence (the paper's section
// 5, "Storing the constraints").
func (t *lTrie) add(atoms []atom, model *expr.Values) {
	if len(atoms) == 0 {
		return // the empty conjunction: nothing to reuse
	}
	// The longest stored path that is a prefix of atoms.
	n, i := &t.root, 0
	for i < len(atoms) && !n.leaf {
		kid := n.index[atoms[i]]
		if kid == nil {
			break
		}
		n, i = kid, i+1
	}
	switch {
	case n.leaf && i == len(atoms):
		return // stored already; the first answer stays
	case n.leaf && !t.keepLonger:
		return // (a) UCS: a stored prefix is unsat already
	case n.leaf:
		// (a) SCS: the longer conjunction replaces its prefix.
		n.leaf, n.model = false, nil
		t.leaves--
	case i == len(atoms) && t.keepLonger:
		return // (b) SCS: a longer stored conjunction implies this one
	case i == len(atoms):
		// (b) UCS: this one replaces every longer conjunction below it.
		t.cut(n)
		n.leaf = true
		t.leaves++
		return
	}
	// (c) Append the rest as a linear subtree.
	for _, a := range atoms[i:] {
		kid := &trieNode{in: a, parent: n}
		if n.index == nil {
			n.index = make(map[atom]*trieNode)
		}
		n.index[a] = kid
		n.kids = append(n.kids, kid)
		t.g.ref(a, kid)
		n = kid
	}
	n.leaf, n.model = true, model
	t.leaves++
}

// cut removes the subtree below n.
func (t *lTrie) cut(n *trieNode) {
	for _, kid := range n.kids {
		t.cut(kid)
		t.g.unref(kid.in, kid)
		if kid.leaf {
			t.leaves--
		}
	}
	n.kids, n.index = nil, nil
}

// firstLeaf is the first leaf below n (n itself if it is one).
func firstLeaf(n *trieNode) *trieNode {
	for !n.leaf {
		n = n.kids[0]
	}
	return n
}

// supersets calls yield with the leaves of the stored conjunctions found
// to be logical supersets of q (Algorithm 1, checkSuperset), until yield
// returns false. q is sorted and not empty.
//
// As in the paper the walk starts at the trie nodes labelled by an atom
// that implies q's rightmost atom, and goes up to the root; unlike the
// paper's isSuperset, which needs the path to cover q's atoms in order,
// it accepts any path on which every atom of q has an implier, which
// finds more and is as sound.
func (t *lTrie) supersets(q []atom, yield func(leaf *trieNode) bool) {
	sets := make([]map[atom]bool, len(q))
	var last []*ipogNode
	for i, c := range q {
		r := t.g.ris(c)
		if len(r) == 0 {
			return
		}
		sets[i] = make(map[atom]bool, len(r))
		for _, m := range r {
			sets[i][m.a] = true
		}
		last = r
	}
	covered := make([]bool, len(q))
	for _, m := range last {
		for _, start := range m.refs {
			clear(covered)
			left := len(q)
			for n := start; n != &t.root && left > 0; n = n.parent {
				for i := range q {
					if !covered[i] && sets[i][n.in] {
						covered[i] = true
						left--
					}
				}
			}
			if left == 0 && !yield(firstLeaf(start)) {
				return
			}
		}
	}
}

// hasSubset reports whether a stored conjunction is a logical subset of q
// (Algorithm 2, checkSubset): a root-to-leaf path whose every atom is in
// the union of IS(c) over q's atoms.
func (t *lTrie) hasSubset(q []atom) bool {
	s := make(map[atom]bool)
	for _, c := range q {
		for _, m := range t.g.is(c) {
			s[m.a] = true
		}
	}
	if len(s) == 0 {
		return false
	}
	var walk func(n *trieNode) bool
	walk = func(n *trieNode) bool {
		if n.leaf {
			return true
		}
		for _, kid := range n.kids {
			if s[kid.in] && walk(kid) {
				return true
			}
		}
		return false
	}
	return walk(&t.root)
}
