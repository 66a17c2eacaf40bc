package z3

// This file translates sums of small terms.

/*
#include <z3.h>
*/
import "C"

import (
	"math/bits"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// A count over a string is a sum at the width of int of terms that are 0
// or 1: strings.Count, strings.Fields and html.EscapeString leave
// 1 + Σ ite(i < len(s) ∧ s[i] = ' ', 1, 0) > 32 and the like. Z3 adds
// such terms with 64-bit adders, and its incremental core gets lost in
// them: "40 ≤ len(s) ≤ 50, no '"' in s, some '>' in s", a pair of
// 50-term counts, was undecided after 10s there and took its tactic
// engine 1.6s; summed in 6 bits, it took 0.17s and 0.10s.
//
// So a sum whose value provably fits in m bits fewer than its width w is
// translated as the zero extension of the m-bit sum of its terms'
// low m bits. A term's bound is its value for a constant, the larger
// branch of an ite between constants, and 2^v-1 for the zero extension of
// a v-bit term; a sum of terms that all have one is bounded by the sum of
// their bounds. Below 2^m no term loses a bit and no m-bit addition
// wraps, so the narrow sum has the wide one's value: the translation is
// exact. A sum with any other term is translated as it is.
// Options.PlainSums turns this off.

// narrowSum translates e, a sum, as the zero extension of a sum m bits
// wide when its terms (the leaves of its tree of additions) are bounded
// so that the value fits; ok is false when they are not.
func (t *translator) narrowSum(e expr.Expr) (a C.Z3_ast, ok bool, err error) {
	terms, total, bounded := boundedTerms(e, nil, 0)
	m := bits.Len64(total)
	if !bounded || m == 0 || m >= e.Width() || len(terms) < 2 {
		return nil, false, nil
	}
	ctx := t.c.ctx
	b := astBuilder{t: t}
	var sum C.Z3_ast
	for _, term := range terms {
		wide, err := t.translateFor(e, term)
		if err != nil {
			return nil, true, err
		}
		low := b.mk(func() C.Z3_ast { return C.Z3_mk_extract(ctx, C.uint(m-1), 0, wide) })
		if sum == nil {
			sum = low
			continue
		}
		prev := sum
		sum = b.mk(func() C.Z3_ast { return C.Z3_mk_bvadd(ctx, prev, low) })
	}
	a = b.mk(func() C.Z3_ast { return C.Z3_mk_zero_ext(ctx, C.uint(e.Width()-m), sum) })
	if b.failed {
		return nil, true, t.c.errOr("cannot translate a sum")
	}
	return a, true, nil
}

// boundedTerms appends the terms of the sum e to terms, and adds their
// bounds to total; bounded is false as soon as a term has no bound or
// the total reaches half of e's range (then nothing is gained).
func boundedTerms(e expr.Expr, terms []expr.Expr, total uint64) (_ []expr.Expr, _ uint64, bounded bool) {
	if e.Op() == expr.OpAdd {
		for i := range e.NumArgs() {
			if terms, total, bounded = boundedTerms(e.Arg(i), terms, total); !bounded {
				return nil, 0, false
			}
		}
		return terms, total, true
	}
	bound, ok := termBound(e)
	if !ok || bits.Len64(total+bound) >= e.Width() || total+bound < total {
		return nil, 0, false
	}
	return append(terms, e), total + bound, true
}

// termBound is an upper bound on the unsigned value of a term of a sum,
// when it has one the translation can see.
func termBound(e expr.Expr) (uint64, bool) {
	switch e.Op() {
	case expr.OpConst:
		return e.Value(), true
	case expr.OpIte:
		if a, b := e.Arg(1), e.Arg(2); a.IsConst() && b.IsConst() {
			return max(a.Value(), b.Value()), true
		}
	case expr.OpZExt:
		if v := e.Arg(0).Width(); v < 64 {
			return 1<<v - 1, true
		}
	}
	return 0, false
}
