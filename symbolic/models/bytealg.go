package models

import (
	"go/types"
	"math/bits"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// bytealgModels are internal/bytealg's searches, counts and compares,
// which are assembly on most architectures. Each result is one exact
// term over the bytes, so that no search forks the path.
func bytealgModels() map[string]Func {
	return map[string]Func{
		"internal/bytealg.IndexByteString": func(_ Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			return value.One(indexByte(a[0].(value.String).Bytes, a[0].(value.String).Len, a[1].(value.Scalar).E)), true
		},
		"internal/bytealg.IndexByte": func(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			terms, n := byteSliceTerms(m, a[0].(value.Slice))
			return value.One(indexByte(terms, n, a[1].(value.Scalar).E)), true
		},
		"internal/bytealg.CountString": func(_ Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			return value.One(countByte(a[0].(value.String).Bytes, a[0].(value.String).Len, a[1].(value.Scalar).E)), true
		},
		"internal/bytealg.Count": func(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			terms, n := byteSliceTerms(m, a[0].(value.Slice))
			return value.One(countByte(terms, n, a[1].(value.Scalar).E)), true
		},
		"internal/bytealg.Compare": func(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			x, _ := m.BytesString(a[0].(value.Slice))
			y, _ := m.BytesString(a[1].(value.Slice))
			return value.One(compareStrings(x, y)), true
		},
		"internal/bytealg.abigen_runtime_cmpstring": func(_ Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			return value.One(compareStrings(a[0].(value.String), a[1].(value.String))), true
		},
		"internal/bytealg.IndexString": func(_ Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			return value.One(indexString(a[0].(value.String), a[1].(value.String))), true
		},
		"internal/bytealg.Index": func(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			x, _ := m.BytesString(a[0].(value.Slice))
			y, _ := m.BytesString(a[1].(value.Slice))
			return value.One(indexString(x, y)), true
		},
		// The runtime's MakeNoZero checks its length as make([]byte, n)
		// does (strings.Repeat and Builder.Grow reach it with any count).
		"internal/bytealg.MakeNoZero": func(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			n := a[0].(value.Scalar).E
			sl, ok := m.MakeSlice(types.Typ[types.Byte], n, n)
			if !ok {
				return nil, false
			}
			return []value.Value{sl}, true
		},
	}
}

// byteSliceTerms are the bytes of a []byte that memory holds, and its
// length.
func byteSliceTerms(m Machine, b value.Slice) ([]expr.Expr, expr.Expr) {
	elems := m.Elems(b)
	terms := make([]expr.Expr, len(elems))
	for i, el := range elems {
		terms[i] = el.(value.Scalar).E
	}
	return terms, b.Len
}

// compareStrings is -1, 0 or 1 as x is below, equal to or above y in
// byte-wise order: bytes.Compare and strings.Compare, which are assembly
// on most architectures.
func compareStrings(x, y value.String) expr.Expr {
	return expr.Ite(value.StringsLess(x, y), expr.Const(64, ^uint64(0)),
		expr.Ite(value.StringsEqual(x, y), expr.Const(64, 0), expr.Const(64, 1)))
}

// indexString is the first position at which b occurs in a, or -1:
// strings.Index's and bytes.Index's search for a b of 2 … bytealg.MaxLen
// bytes, which is assembly on most architectures. A match at i needs
// i+len(b) ≤ len(a), so the bytes of b it compares all lie within those
// a holds.
func indexString(a, b value.String) expr.Expr {
	res := expr.Const(64, ^uint64(0))
	for i := len(a.Bytes) - 1; i >= 0; i-- {
		pos := expr.Const(64, uint64(i))
		hit := expr.Ule(expr.Add(pos, b.Len), a.Len)
		for k := 0; k < len(b.Bytes) && i+k < len(a.Bytes); k++ {
			inB := expr.Ult(expr.Const(64, uint64(k)), b.Len)
			hit = expr.And(hit, expr.Implies(inB, expr.Eq(a.Bytes[i+k], b.Bytes[k])))
		}
		res = expr.Ite(hit, pos, res)
	}
	return res
}

// indexByte is the first position below n holding c, or -1: an exact
// if-then-else over the positions, so no fork is needed. The positions
// whose hit is decided by constants are looked at directly: a byte that
// is not c is no hit whatever n is, and with n known the first byte that
// is c gives the answer. The term starts at the first position they do
// not decide, and is the one the whole chain folds to. A concrete run
// (a replay, a mutant) searches bufio's 4096-byte buffers this way, with
// no term built.
func indexByte(bytes []expr.Expr, n, c expr.Expr) expr.Expr {
	start := 0
	for ; start < len(bytes) && c.IsConst() && bytes[start].IsConst(); start++ {
		if n.IsConst() && uint64(start) >= n.Value() {
			return expr.Const(64, ^uint64(0))
		}
		if bytes[start].Value() != c.Value() {
			continue
		}
		if n.IsConst() {
			return expr.Const(64, uint64(start))
		}
		break
	}
	res := expr.Const(64, ^uint64(0))
	for k := len(bytes) - 1; k >= start; k-- {
		pos := expr.Const(64, uint64(k))
		hit := expr.And(expr.Ult(pos, n), expr.Eq(bytes[k], c))
		res = expr.Ite(hit, pos, res)
	}
	return res
}

// countByte is the number of positions below n holding c.
//
// The sum is taken in as few bits as hold len(bytes), and widened to an
// int after: it cannot be more, and Z3 then sees that the count is small.
// Summed in 64 bits, a query that adds counts to a length, such as
// strings.Replacer's "len(s) + 4·(count of '"' + count of '&') ≤ 32"
// beside "len(s) ≥ 40", made Z3 reason about 64-bit carries: it gave up
// on html.EscapeString's after 15s, and refutes the narrow form in
// about a second.
func countByte(bytes []expr.Expr, n, c expr.Expr) expr.Expr {
	w := max(bits.Len(uint(len(bytes))), 1)
	if n.IsConst() && c.IsConst() {
		if known, ok := countConst(bytes, n.Value(), c.Value()); ok {
			return expr.Const(64, known)
		}
	}
	count := expr.Const(w, 0)
	for k := range bytes {
		hit := expr.And(expr.Ult(expr.Const(64, uint64(k)), n), expr.Eq(bytes[k], c))
		count = expr.Add(count, expr.Ite(hit, expr.Const(w, 1), expr.Const(w, 0)))
	}
	return expr.ZExt(count, 64)
}

// countConst counts the positions below n holding c when every byte
// there is a constant (ok), without building the term they fold to.
func countConst(bytes []expr.Expr, n, c uint64) (count uint64, ok bool) {
	for k, b := range bytes {
		if uint64(k) >= n {
			break
		}
		if !b.IsConst() {
			return 0, false
		}
		if b.Value() == c {
			count++
		}
	}
	return count, true
}
