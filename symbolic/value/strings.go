package value

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// This file implements Go strings over symbolic bytes. A string holds up to
// len(Bytes) bytes and its length is a term; reading at a symbolic position
// builds an if-then-else over the possible bytes, which is exact and keeps
// the state unforked.

func StringConst(s string) String {
	bytes := make([]expr.Expr, len(s))
	for i := 0; i < len(s); i++ {
		bytes[i] = expr.Const(8, uint64(s[i]))
	}
	return String{Bytes: bytes, Len: expr.Const(64, uint64(len(s)))}
}

// ConcreteString gives the Go string when every byte in it is known.
func ConcreteString(s String) (string, bool) {
	if !s.Len.IsConst() {
		return "", false
	}
	n := int(s.Len.Value())
	out := make([]byte, n)
	for i := 0; i < n; i++ {
		if !s.Bytes[i].IsConst() {
			return "", false
		}
		out[i] = byte(s.Bytes[i].Value())
	}
	return string(out), true
}

// ByteAt is the byte at a position, which the caller has checked is below
// the length.
func (s String) ByteAt(i expr.Expr) expr.Expr { return SelectTerm(s.Bytes, i, expr.Const(8, 0)) }

// SelectTerm is terms[i] for a possibly symbolic i: an if-then-else chain
// over the positions that exist, falling back to def beyond them (by runs
// of positions when every term is a constant: consttable.go).
func SelectTerm(terms []expr.Expr, i expr.Expr, def expr.Expr) expr.Expr {
	if i.IsConst() {
		if i.Value() < uint64(len(terms)) {
			return terms[i.Value()]
		}
		return def
	}
	if vals, sort, ok := ConstTerms(terms); ok {
		return constSelect(vals, sort, i, def)
	}
	out := def
	for k := len(terms) - 1; k >= 0; k-- {
		out = expr.Ite(expr.Eq(i, expr.Const(i.Width(), uint64(k))), terms[k], out)
	}
	return out
}

// Concat is s + t.
func Concat(s, t String) String {
	if s.Len.IsConst() {
		n := int(s.Len.Value())
		bytes := append(append([]expr.Expr(nil), s.Bytes[:n]...), t.Bytes...)
		return String{Bytes: bytes, Len: expr.Add(s.Len, t.Len)}
	}
	bytes := make([]expr.Expr, len(s.Bytes)+len(t.Bytes))
	for k := range bytes {
		pos := expr.Const(64, uint64(k))
		fromT := t.ByteAt(expr.Sub(pos, s.Len))
		bytes[k] = expr.Ite(expr.Ult(pos, s.Len), s.ByteAt(pos), fromT)
	}
	return String{Bytes: bytes, Len: expr.Add(s.Len, t.Len)}
}

// Substring is s[lo:hi], bounds already checked.
func Substring(s String, lo, hi expr.Expr) String {
	n := expr.Sub(hi, lo)
	if lo.IsConst() {
		start := int(lo.Value())
		if start > len(s.Bytes) {
			start = len(s.Bytes)
		}
		bytes := s.Bytes[start:]
		if n.IsConst() && int(n.Value()) <= len(bytes) {
			bytes = bytes[:n.Value()]
		}
		return String{Bytes: append([]expr.Expr(nil), bytes...), Len: n}
	}
	bytes := make([]expr.Expr, len(s.Bytes))
	for k := range bytes {
		bytes[k] = s.ByteAt(expr.Add(lo, expr.Const(64, uint64(k))))
	}
	return String{Bytes: bytes, Len: n}
}

// StringsEqual is s == t.
func StringsEqual(s, t String) expr.Expr {
	eq := expr.Eq(s.Len, t.Len)
	n := min(len(s.Bytes), len(t.Bytes))
	for k := 0; k < n; k++ {
		inside := expr.Ult(expr.Const(64, uint64(k)), s.Len)
		eq = expr.And(eq, expr.Implies(inside, expr.Eq(s.Bytes[k], t.Bytes[k])))
	}
	// A string cannot be longer than the bytes it holds, so when one holds
	// fewer, equal lengths already bound the comparison above.
	return eq
}

// StringsLess is s < t in Go's byte-wise lexicographic order.
func StringsLess(s, t String) expr.Expr {
	n := min(len(s.Bytes), len(t.Bytes))
	// From position n on, s < t only if s ended at a position where t did not.
	less := expr.And(expr.Ule(s.Len, expr.Const(64, uint64(n))), expr.Ult(s.Len, t.Len))
	for k := n - 1; k >= 0; k-- {
		pos := expr.Const(64, uint64(k))
		sEnds := expr.Eq(s.Len, pos)
		tEnds := expr.Eq(t.Len, pos)
		bothHave := expr.And(expr.Ult(pos, s.Len), expr.Ult(pos, t.Len))
		byteLess := expr.Ult(s.Bytes[k], t.Bytes[k])
		byteEq := expr.Eq(s.Bytes[k], t.Bytes[k])
		less = expr.Or(
			expr.And(sEnds, expr.Not(tEnds)),
			expr.And(bothHave, expr.Or(byteLess, expr.And(byteEq, less))),
		)
	}
	return less
}
