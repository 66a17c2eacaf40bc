package green

import (
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// canonAll turns a conjunction of Bool terms (allBool) into its canonical
// atoms, sorted and without duplicates. False reports a constraint that is false by itself (the
// constant false, or T <s MinInt): the conjunction is unsatisfiable.
func canonAll(q []expr.Expr) (atoms []atom, isFalse bool) {
	for _, c := range q {
		var f bool
		if atoms, f = canon(c, atoms); f {
			return nil, true
		}
	}
	return sortAtoms(atoms), false
}

// sortAtoms sorts atoms canonically and drops duplicates.
func sortAtoms(atoms []atom) []atom {
	slices.SortFunc(atoms, compareAtoms)
	return slices.Compact(atoms)
}

// canon appends the atoms whose conjunction is equivalent to the Bool
// constraint e (none when e is true), or reports that e is false.
func canon(e expr.Expr, out []atom) ([]atom, bool) {
	neg := false
	for e.Op() == expr.OpNot {
		neg, e = !neg, e.Arg(0)
	}
	switch op := e.Op(); op {
	case expr.OpConst:
		return out, e.IsTrue() == neg
	case expr.OpAnd, expr.OpOr:
		if (op == expr.OpAnd) == neg { // ¬(a ∧ b) or a ∨ b: one atom
			return append(out, opaque(e, neg)), false
		}
		// a ∧ b, or ¬(a ∨ b) = ¬a ∧ ¬b: the conjuncts are atoms of their own.
		var f bool
		for i := range 2 {
			a := e.Arg(i)
			if neg {
				a = expr.Not(a)
			}
			if out, f = canon(a, out); f {
				return nil, true
			}
		}
		return out, false
	case expr.OpEq:
		x, y := e.Arg(0), e.Arg(1)
		if x.Sort().IsBV() && (x.IsConst() != y.IsConst()) {
			if x.IsConst() {
				x, y = y, x
			}
			return append(out, eqAtom(x, y.Value(), neg)), false
		}
	case expr.OpUlt, expr.OpUle, expr.OpSlt, expr.OpSle:
		if x, y := e.Arg(0), e.Arg(1); x.IsConst() != y.IsConst() {
			return comparison(op, x, y, neg, out)
		}
	}
	return append(out, opaque(e, neg)), false
}

// opaque is the atom of a constraint that is not T ⋈ c, in a form that
// does not depend on which side a program wrote its operands: ¬(a < b) is
// b ≤ a, and the operands of == are ordered.
func opaque(e expr.Expr, neg bool) atom {
	switch op := e.Op(); {
	case op == expr.OpEq:
		x, y := e.Arg(0), e.Arg(1)
		if expr.Compare(x, y) > 0 {
			e = expr.Eq(y, x)
		}
	case neg && op == expr.OpUlt:
		e, neg = expr.Ule(e.Arg(1), e.Arg(0)), false
	case neg && op == expr.OpUle:
		e, neg = expr.Ult(e.Arg(1), e.Arg(0)), false
	case neg && op == expr.OpSlt:
		e, neg = expr.Sle(e.Arg(1), e.Arg(0)), false
	case neg && op == expr.OpSle:
		e, neg = expr.Slt(e.Arg(1), e.Arg(0)), false
	}
	if neg {
		e = expr.Not(e)
	}
	return atom{t: e}
}

// comparison canonicalises x op y, negated when neg, where exactly one of x
// and y is a constant: the set of values of the other side (T) that make
// it true is an interval of the operator's domain that touches one end of
// it, in keys [lo, hi].
func comparison(op expr.Op, x, y expr.Expr, neg bool, out []atom) ([]atom, bool) {
	signed := op == expr.OpSlt || op == expr.OpSle
	strict := op == expr.OpUlt || op == expr.OpSlt
	t, w := x, x.Width()
	top := maxKey(w)
	var lo, hi uint64
	if y.IsConst() { // T < c or T ≤ c: [0, c] or [0, c-1]
		t, lo, hi = x, 0, key(y.Value(), w, signed)
		if strict {
			if hi == 0 {
				return out, !neg // T < MIN is false; its negation is true
			}
			hi--
		}
		if neg { // the complement of [0, hi]
			if hi == top {
				return out, true
			}
			lo, hi = hi+1, top
		}
	} else { // c < T or c ≤ T: [c+1, top] or [c, top]
		t, lo, hi = y, key(x.Value(), w, signed), top
		if strict {
			if lo == top {
				return out, !neg
			}
			lo++
		}
		if neg { // the complement of [lo, top]
			if lo == 0 {
				return out, true
			}
			lo, hi = 0, lo-1
		}
	}
	return rangeAtoms(t, signed, lo, hi, out), false
}

// rangeAtoms appends the atoms of T ∈ [lo, hi] (keys of the domain, lo ≤ hi).
//
// A constant offset moves into the bounds only where that is sound: T = U+k
// lies in [lo, hi] exactly when U lies in the cyclic interval
// [lo-k, hi-k], which is the plain interval of the domain when it does not
// pass the domain's wrap point (its keys stay ordered). Otherwise T stays
// U+k, as the program computed it.
func rangeAtoms(t expr.Expr, signed bool, lo, hi uint64, out []atom) []atom {
	w := t.Width()
	top := maxKey(w)
	for t.Op() == expr.OpAdd && t.Arg(1).IsConst() {
		k := t.Arg(1).Value()
		lo2 := key((key(lo, w, signed)-k)&top, w, signed)
		hi2 := key((key(hi, w, signed)-k)&top, w, signed)
		if lo2 > hi2 {
			break
		}
		t, lo, hi = t.Arg(0), lo2, hi2
	}
	if lo == hi {
		return append(out, eqAtom(t, key(lo, w, signed), false))
	}
	// Two half-intervals, each normalised on its own so that every atom
	// is canonical by itself: T ≥ MIN is dropped, T ≥ MIN+1 is T ≠ MIN,
	// T ≥ MAX is T == MAX (the same at the top).
	switch lo {
	case 0:
	case top:
		out = append(out, eqAtom(t, key(top, w, signed), false))
	case 1:
		out = append(out, eqAtom(t, key(0, w, signed), true))
	default:
		out = append(out, atom{t: t, k: kGe, signed: signed, c: key(lo, w, signed)})
	}
	switch hi {
	case top:
	case 0:
		out = append(out, eqAtom(t, key(0, w, signed), false))
	case top - 1:
		out = append(out, eqAtom(t, key(top, w, signed), true))
	default:
		out = append(out, atom{t: t, k: kLe, signed: signed, c: key(hi, w, signed)})
	}
	return out
}

// eqAtom is T == c (T != c when ne), with T normalised by bijections of
// the integers mod 2^w, which == and != (and only they) survive: T+k == c
// is T == c-k, -T == c is T == -c, k-T == c is T == k-c, ^T == c is
// T == ^c, T^k == c is T == c^k, and of a-b and b-a (two non-constant
// terms) the one whose operands are in expr.Compare order is kept, with
// the constant negated: the paper's sign normalisation.
func eqAtom(t expr.Expr, c uint64, ne bool) atom {
	top := maxKey(t.Width())
	for {
		switch t.Op() {
		case expr.OpAdd, expr.OpBitXor:
			if !t.Arg(1).IsConst() {
				break
			}
			if t.Op() == expr.OpAdd {
				c -= t.Arg(1).Value()
			} else {
				c ^= t.Arg(1).Value()
			}
			t = t.Arg(0)
			continue
		case expr.OpNeg:
			t, c = t.Arg(0), -c
			continue
		case expr.OpBitNot:
			t, c = t.Arg(0), ^c
			continue
		case expr.OpSub:
			a, b := t.Arg(0), t.Arg(1)
			if a.IsConst() {
				t, c = b, a.Value()-c
				continue
			}
			if expr.Compare(a, b) > 0 {
				t, c = expr.Sub(b, a), -c
			}
		}
		break
	}
	k := kEq
	if ne {
		k = kNe
	}
	return atom{t: t, k: k, c: c & top}
}
