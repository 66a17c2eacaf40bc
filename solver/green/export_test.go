package green

import (
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Hooks for the external tests (package green_test, which may import
// package solver for Z3 without an import cycle).

// Atom is a canonical atom.
type Atom = atom

// Canon is the canonical atoms of one constraint, or false.
func Canon(c expr.Expr) ([]Atom, bool) {
	atoms, isFalse := canon(c, nil)
	return sortAtoms(atoms), isFalse
}

// Implies is the implication rules.
func Implies(a, b Atom) bool { return implies(a, b) }

// Emit is the expr term of an atom.
func Emit(a Atom) expr.Expr { return emit(a) }

// Rule names the rule of doc.go that decides Implies(a, b), for counting
// instances per rule family; "" for pairs no rule relates.
func Rule(a, b Atom) string {
	if a == b {
		return "R1"
	}
	if a.k == kOpaque || b.k == kOpaque || a.t != b.t {
		return ""
	}
	switch {
	case a.k == kEq && b.k == kNe:
		return "R2"
	case a.k == kEq && b.k == kLe:
		return "R3"
	case a.k == kEq && b.k == kGe:
		return "R4"
	case a.k == kLe && b.k == kNe:
		return "R5"
	case a.k == kLe && b.k == kLe && a.signed == b.signed:
		return "R6"
	case a.k == kGe && b.k == kNe:
		return "R7"
	case a.k == kGe && b.k == kGe && a.signed == b.signed:
		return "R8"
	}
	return ""
}

// LogicalSuperset reports whether every atom of x is implied by an atom of
// y (Definition 1: y is a logical superset of x).
func LogicalSuperset(y, x []expr.Expr) bool {
	ya, yf := canonAll(y)
	xa, xf := canonAll(x)
	if yf || xf {
		return false
	}
	for _, c := range xa {
		found := false
		for _, d := range ya {
			found = found || implies(d, c)
		}
		if !found {
			return false
		}
	}
	return true
}

// Stored lists the conjunctions of the SCS and the UCS, one string each
// (atoms joined by " && "), in trie order.
func (s *Store) Stored() (sat, unsat []string) {
	return paths(s.sat), paths(s.unsat)
}

func paths(t *lTrie) []string {
	var out []string
	var walk func(n *trieNode, path []string)
	walk = func(n *trieNode, path []string) {
		if n.leaf {
			out = append(out, strings.Join(path, " && "))
		}
		for _, kid := range n.kids {
			walk(kid, append(path[:len(path):len(path)], kid.in.String()))
		}
	}
	walk(&t.root, nil)
	if len(out) != t.leaves {
		panic("green: leaf count out of step with the trie")
	}
	return out
}

// Term is the atom's T (or the whole constraint of an opaque atom).
func (a atom) Term() expr.Expr { return a.t }

// Const is the bits of the atom's constant.
func (a atom) Const() uint64 { return a.c }
