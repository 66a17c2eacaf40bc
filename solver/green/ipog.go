package green

import "github.com/gosymtest/gosymtest/symbolic/expr"

// ipog is the implication partial-order graph of one L-Trie: every atom
// that labels an edge of the trie, with the trie nodes it labels, and its
// place in the implication order among the atoms of the same T (atoms of
// different terms are never related, so the graph is a forest of small
// per-T graphs).
//
// Each node keeps the whole set of atoms above and below it (the
// transitive closure rather than the Hasse diagram): the per-T groups are
// small, so this costs little, and RIS/IS of an atom already in the graph
// is then read off without a search.
type ipog struct {
	nodes  map[atom]*ipogNode
	groups map[expr.Expr][]*ipogNode // by T (an opaque atom is its own group)
}

type ipogNode struct {
	a        atom
	stronger []*ipogNode // the other atoms of the graph that imply a
	weaker   []*ipogNode // the other atoms of the graph that a implies
	// refs are the trie nodes whose incoming edge a labels, in the order
	// they were added (so that queries are deterministic).
	refs []*trieNode
}

func newIPOG() ipog {
	return ipog{nodes: make(map[atom]*ipogNode), groups: make(map[expr.Expr][]*ipogNode)}
}

// ref records that trie node n's incoming edge is labelled a, adding a to
// the graph if it is new.
func (g *ipog) ref(a atom, n *trieNode) {
	node := g.nodes[a]
	if node == nil {
		node = &ipogNode{a: a}
		for _, m := range g.groups[a.t] {
			if implies(m.a, a) {
				node.stronger = append(node.stronger, m)
				m.weaker = append(m.weaker, node)
			}
			if implies(a, m.a) {
				node.weaker = append(node.weaker, m)
				m.stronger = append(m.stronger, node)
			}
		}
		g.nodes[a] = node
		g.groups[a.t] = append(g.groups[a.t], node)
	}
	node.refs = append(node.refs, n)
}

// unref forgets trie node n, labelled a, which was cut from the trie. An
// atom left without references stays in the graph: it then contributes
// no trie node to a query, and it may label a trie node again later.
func (g *ipog) unref(a atom, n *trieNode) {
	node := g.nodes[a]
	for i, r := range node.refs {
		if r == n {
			node.refs = append(node.refs[:i], node.refs[i+1:]...)
			return
		}
	}
}

// ris is the paper's reverse implication set RIS(φ): the atoms of the
// graph that imply φ, in a deterministic order.
func (g *ipog) ris(phi atom) []*ipogNode {
	if node := g.nodes[phi]; node != nil {
		return append([]*ipogNode{node}, node.stronger...)
	}
	var out []*ipogNode
	for _, m := range g.groups[phi.t] {
		if implies(m.a, phi) {
			out = append(out, m)
		}
	}
	return out
}

// is is the paper's implication set IS(φ): the atoms of the graph that φ
// implies, in a deterministic order.
func (g *ipog) is(phi atom) []*ipogNode {
	if node := g.nodes[phi]; node != nil {
		return append([]*ipogNode{node}, node.weaker...)
	}
	var out []*ipogNode
	for _, m := range g.groups[phi.t] {
		if implies(phi, m.a) {
			out = append(out, m)
		}
	}
	return out
}
