package green

import (
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Reduce is the paper's logical reduction, made sound for Go's wrapping
// integers: it returns an equivalent conjunction, or conflict=true when it
// found q unsatisfiable.
//
// The result is made of canonical atoms (doc.go) in canonical order: per
// term T, at most one signed and one unsigned interval and the excluded
// points inside them, or a single equality; opaque constraints are kept
// once each. Equal inputs give equal outputs, and Reduce of a reduced
// conjunction gives it back.
func Reduce(q []expr.Expr) (reduced []expr.Expr, conflict bool) {
	if !allBool(q) {
		return slices.Clone(q), false // not a conjunction: nothing to say
	}
	atoms, isFalse := canonAll(q)
	if isFalse {
		return nil, true
	}
	atoms, conflict = reduceAtoms(atoms)
	if conflict {
		return nil, true
	}
	reduced = make([]expr.Expr, len(atoms))
	for i, a := range atoms {
		reduced[i] = emit(a)
	}
	return reduced, false
}

// reduceAtoms reduces sorted canonical atoms. A pass reduces each T on its
// own; an equality it finds may normalise to another T (a one-point range
// of -x is an equality of x), so passes repeat until nothing changes.
func reduceAtoms(atoms []atom) ([]atom, bool) {
	for range 4 {
		next, conflict := reducePass(atoms)
		if conflict {
			return nil, true
		}
		if slices.Equal(next, atoms) {
			break
		}
		atoms = next
	}
	return atoms, false
}

func reducePass(atoms []atom) ([]atom, bool) {
	var out []atom
	opaques := make(map[expr.Expr]bool)
	for i := 0; i < len(atoms); {
		a := atoms[i]
		if a.k == kOpaque {
			opaques[a.t] = true
			out = append(out, a)
			i++
			continue
		}
		j := i + 1
		for j < len(atoms) && atoms[j].t == a.t {
			j++
		}
		var conflict bool
		if out, conflict = reduceTerm(a.t, atoms[i:j], out); conflict {
			return nil, true
		}
		i = j
	}
	for t := range opaques {
		if opaques[opaque(t, true).t] {
			return nil, true // c ∧ ¬c, with ¬c in its canonical form
		}
	}
	return sortAtoms(out), false
}

// span is an interval of keys of one domain, lo ≤ hi unless empty.
type span struct{ lo, hi uint64 }

func (s span) has(k uint64) bool { return s.lo <= k && k <= s.hi }

// reduceTerm reduces the atoms of one T (doc.go, "Reduction"): it
// intersects the signed and the unsigned intervals, collects the excluded
// points E, drops the points outside, moves an endpoint that is in E
// inward (repeatedly), and answers a conflict when nothing is left.
func reduceTerm(t expr.Expr, atoms []atom, out []atom) ([]atom, bool) {
	w := t.Width()
	top := maxKey(w)
	s, u := span{0, top}, span{0, top} // signed and unsigned keys
	except := make(map[uint64]bool)    // E, as bits
	hasEq, eqv := false, uint64(0)
	for _, a := range atoms {
		sp := &u
		if a.signed {
			sp = &s
		}
		switch a.k {
		case kEq:
			if hasEq && eqv != a.c {
				return nil, true
			}
			hasEq, eqv = true, a.c
		case kNe:
			except[a.c] = true
		case kGe:
			sp.lo = max(sp.lo, a.keyOf())
		case kLe:
			sp.hi = min(sp.hi, a.keyOf())
		}
	}
	if hasEq {
		if !s.has(key(eqv, w, true)) || !u.has(eqv) || except[eqv] {
			return nil, true
		}
		return append(out, atom{t: t, k: kEq, c: eqv}), false
	}
	for changed := true; changed; {
		changed = false
		if s.lo > s.hi || u.lo > u.hi {
			return nil, true
		}
		for p := range except {
			if !s.has(key(p, w, true)) || !u.has(p) {
				delete(except, p)
			}
		}
		for _, d := range []struct {
			sp     *span
			signed bool
		}{{&s, true}, {&u, false}} {
			sp := d.sp
			if lo := key(sp.lo, w, d.signed); except[lo] {
				if sp.lo == sp.hi {
					return nil, true
				}
				delete(except, lo)
				sp.lo++
				changed = true
			}
			if hi := key(sp.hi, w, d.signed); except[hi] {
				if sp.lo == sp.hi {
					return nil, true
				}
				delete(except, hi)
				sp.hi--
				changed = true
			}
		}
	}
	// What is left is (s ∩ u) \ E, with E inside s ∩ u.
	both := intersect(signedPieces(s, w), u)
	n := count(both)
	switch {
	case n <= uint64(len(except)):
		return nil, true
	case n == uint64(len(except))+1:
		return append(out, eqAtom(t, lonePoint(both, except), false)), false
	}
	// Say each interval only when the other one does not already imply it.
	uInS := len(both) == 1 && both[0] == u
	sInU := slices.Equal(both, signedPieces(s, w))
	keepS := s != span{0, top} && !uInS
	keepU := u != span{0, top} && !(sInU && keepS)
	if keepS {
		out = rangeAtoms(t, true, s.lo, s.hi, out)
	}
	if keepU {
		out = rangeAtoms(t, false, u.lo, u.hi, out)
	}
	for p := range except {
		out = append(out, atom{t: t, k: kNe, c: p})
	}
	return out, false
}

// signedPieces is the set of a signed interval as unsigned intervals of
// bits (one or two, ascending): the non-negative part, then the negative.
func signedPieces(s span, w int) []span {
	half := uint64(1) << uint(w-1) // the key of 0; keys below it are negative
	var pieces []span
	if s.hi >= half {
		pieces = append(pieces, span{max(s.lo, half) - half, s.hi - half})
	}
	if s.lo < half {
		pieces = append(pieces, span{s.lo + half, min(s.hi, half-1) + half})
	}
	return pieces
}

// intersect is the intersection of ascending pieces with u.
func intersect(pieces []span, u span) []span {
	var out []span
	for _, p := range pieces {
		if lo, hi := max(p.lo, u.lo), min(p.hi, u.hi); lo <= hi {
			out = append(out, span{lo, hi})
		}
	}
	return out
}

// count is the number of values in the pieces, saturating at 2^64-1.
func count(pieces []span) uint64 {
	var n uint64
	for _, p := range pieces {
		size := p.hi - p.lo + 1 // 0 for the whole 64-bit domain
		if size == 0 || n+size < n {
			return ^uint64(0)
		}
		n += size
	}
	return n
}

// lonePoint is the one value of the pieces that is not excepted; the
// pieces then hold at most len(except)+1 values.
func lonePoint(pieces []span, except map[uint64]bool) uint64 {
	for _, p := range pieces {
		for v := p.lo; ; v++ {
			if !except[v] {
				return v
			}
			if v == p.hi {
				break
			}
		}
	}
	panic("green: lonePoint found no value")
}
