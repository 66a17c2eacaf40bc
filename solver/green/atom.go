package green

import (
	"cmp"
	"fmt"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// kind is the relation of an atom between its term and its constant.
type kind uint8

const (
	// kOpaque: a constraint that is not T ⋈ c; it implies only itself.
	kOpaque kind = iota
	kEq          // T == c
	kNe          // T != c
	kGe          // T ≥ c in the atom's domain
	kLe          // T ≤ c in the atom's domain
)

// atom is one canonical atomic constraint (see doc.go). It is comparable,
// so it is its own key in the tries and the IPOG.
type atom struct {
	// t is the term T (a bit-vector) or, for an opaque atom, the whole
	// Bool constraint.
	t expr.Expr
	k kind
	// signed picks the domain of kGe and kLe (false for the other kinds:
	// == and != hold in both domains).
	signed bool
	// c is the constant's bits, masked to T's width (0 when opaque).
	c uint64
}

func (a atom) String() string {
	if a.k == kOpaque {
		return a.t.String()
	}
	return emit(a).String()
}

// maxKey is the largest value of a width: the top of both domains once
// they are read through key.
func maxKey(width int) uint64 {
	if width >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<uint(width) - 1
}

// key maps bits of a width into the domain's order: an unsigned compare of
// keys is the domain's compare of the values. Unsigned values are their own
// keys; signed ones have their sign bit flipped, so MinInt is key 0 and
// MaxInt is maxKey. It is an involution: key(key(v)) == v.
func key(v uint64, width int, signed bool) uint64 {
	if signed {
		return v ^ uint64(1)<<uint(width-1)
	}
	return v
}

// keyOf is the key of a range atom's constant in its domain.
func (a atom) keyOf() uint64 { return key(a.c, a.t.Width(), a.signed) }

// compareAtoms orders atoms canonically: by term (so that the atoms of one
// T are adjacent, as the paper's lexicographic order keeps one
// non-constant prefix together), then by kind, domain and constant in the
// domain's order. It does not depend on memory addresses.
func compareAtoms(a, b atom) int {
	if c := expr.Compare(a.t, b.t); c != 0 {
		return c
	}
	if c := cmp.Compare(a.k, b.k); c != 0 {
		return c
	}
	if a.signed != b.signed {
		if a.signed {
			return 1
		}
		return -1
	}
	if a.k == kOpaque {
		return 0
	}
	return cmp.Compare(a.keyOf(), b.keyOf())
}

// emit is the expr term of an atom: the form a program would compute, with
// the constant on the right for ≤ and == and on the left for ≥.
func emit(a atom) expr.Expr {
	if a.k == kOpaque {
		return a.t
	}
	c := expr.Const(a.t.Width(), a.c)
	switch {
	case a.k == kEq:
		return expr.Eq(a.t, c)
	case a.k == kNe:
		return expr.Ne(a.t, c)
	case a.k == kGe && a.signed:
		return expr.Sle(c, a.t)
	case a.k == kGe:
		return expr.Ule(c, a.t)
	case a.k == kLe && a.signed:
		return expr.Sle(a.t, c)
	case a.k == kLe:
		return expr.Ule(a.t, c)
	}
	panic(fmt.Sprintf("green: emit of an atom of kind %d", a.k))
}
