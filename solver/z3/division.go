package z3

// This file translates division by a constant.

/*
#include <z3.h>
*/
import "C"

import (
	"fmt"
	"math/bits"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Z3 bit-blasts x / c and x % c into a divider circuit even when c is a
// constant: some w² gates at width w, and a chain of them where Go
// formats a number (strconv divides by ten once per digit) or sizes a
// buffer (encoding/base32's (n+4)/5*8). The translation names the
// quotient and the remainder instead: fresh constants q and r, defined
// by
//
//	x = c·q + r, computed in w+k bits (k the width of c), so that
//	it cannot wrap;
//	0 ≤ r < c, for an unsigned division;
//	for a signed one, r has the sign of x (or is 0) and |r| < c:
//	Go's and SMT-LIB's division, which truncates.
//
// Over the integers these pin q and r to the quotient and the remainder,
// so the encoding is exact; the multiplication by a constant is a few
// adders. Only constants from 2 to maxNamedDivisor are named: Z3
// rewrites a division by 0 or 1 itself, and an unsigned division by a
// power of two into a shift. Options.PlainDivision turns it off.
//
// The definition goes with every constraint whose term uses the division
// (translator.assert): a constraint is asserted in a scope of its own,
// and one that used it may have been popped, or asserted in another
// solver object (escalate.go). q and r are named after the pair (x, c)
// per context (z3Context.divisions), so that every assertion of the
// definition is the same term, which Z3 shares, and x / c and x % c,
// which strconv computes side by side, share their constants.

// maxNamedDivisor is the largest divisor named. Where x is fixed, the
// divider circuit computes q by propagation, while c·q + r = x has to be
// searched for q: for a 31-bit constant, Z3 did not find it within 5s.
// Go's code divides by small constants (10 and 100 in strconv, 5 in
// encoding/base32, 3 in encoding/base64), where the search is short.
const maxNamedDivisor = 255

// division is one division by a constant: its dividend, divisor and
// signedness.
type division struct {
	x      expr.Expr
	c      uint64
	signed bool
}

// namedDivision is how a division by a constant is translated: its
// quotient and remainder constants, and their definition.
type namedDivision struct {
	q, r, def C.Z3_ast
}

// divisionOf reports whether e is a division or remainder by a constant
// that the translation names, and which.
func divisionOf(e expr.Expr) (division, bool) {
	var signed bool
	switch e.Op() {
	case expr.OpUDiv, expr.OpURem:
	case expr.OpSDiv, expr.OpSRem:
		signed = true
	default:
		return division{}, false
	}
	d := e.Arg(1)
	if !d.IsConst() {
		return division{}, false
	}
	c := d.Value()
	switch {
	case c < 2 || c > maxNamedDivisor:
		return division{}, false
	case signed && c>>(d.Width()-1) != 0:
		return division{}, false // a negative divisor
	case !signed && c&(c-1) == 0:
		return division{}, false // a shift
	}
	return division{x: e.Arg(0), c: c, signed: signed}, true
}

// buildDivision gives the quotient or the remainder constant of e's
// division (divisionOf), with its definition recorded in t.defs[e].
func (t *translator) buildDivision(e expr.Expr, d division, x C.Z3_ast) (C.Z3_ast, error) {
	nd, ok := t.divisions[d]
	if !ok {
		var err error
		if nd, err = t.nameDivision(d, x); err != nil {
			return nil, err
		}
		t.divisions[d] = nd
	}
	t.addDefs(e, nd.def)
	switch e.Op() {
	case expr.OpUDiv, expr.OpSDiv:
		return nd.q, nil
	}
	return nd.r, nil
}

// nameDivision makes d's quotient and remainder constants and their
// definition; x is d.x translated. The translator holds every AST made.
func (t *translator) nameDivision(d division, x C.Z3_ast) (namedDivision, error) {
	ctx := t.c.ctx
	w := d.x.Width()
	k := uint(bits.Len64(d.c))
	sort, err := t.sort(d.x.Sort())
	if err != nil {
		return namedDivision{}, err
	}
	n := t.c.divisionName(d)
	b := astBuilder{t: t}
	// w+k may be wider than expr's widest sort: a Z3 sort, held here.
	wide := C.Z3_mk_bv_sort(ctx, C.uint(w)+C.uint(k))
	if wide == nil {
		return namedDivision{}, t.c.errOr("cannot make a sort for a division")
	}
	t.hold(C.Z3_sort_to_ast(ctx, wide))
	q := b.mk(func() C.Z3_ast {
		return C.Z3_mk_const(ctx, t.c.symbol(fmt.Sprintf("%sdiv|%d.q", internalPrefix, n)), sort)
	})
	r := b.mk(func() C.Z3_ast {
		return C.Z3_mk_const(ctx, t.c.symbol(fmt.Sprintf("%sdiv|%d.r", internalPrefix, n)), sort)
	})
	extend := func(a C.Z3_ast) C.Z3_ast {
		return b.mk(func() C.Z3_ast {
			if d.signed {
				return C.Z3_mk_sign_ext(ctx, C.uint(k), a)
			}
			return C.Z3_mk_zero_ext(ctx, C.uint(k), a)
		})
	}
	constant := func(v uint64, s C.Z3_sort) C.Z3_ast {
		return b.mk(func() C.Z3_ast { return C.Z3_mk_unsigned_int64(ctx, C.uint64_t(v), s) })
	}
	// x = c·q + r, in w+k bits.
	xw, qw, rw, cw := extend(x), extend(q), extend(r), constant(d.c, wide)
	cq := b.mk(func() C.Z3_ast { return C.Z3_mk_bvmul(ctx, cw, qw) })
	sum := b.mk(func() C.Z3_ast { return C.Z3_mk_bvadd(ctx, cq, rw) })
	exact := b.mk(func() C.Z3_ast { return C.Z3_mk_eq(ctx, xw, sum) })
	c, zero := constant(d.c, sort), constant(0, sort)
	var bounded C.Z3_ast
	if !d.signed {
		bounded = b.mk(func() C.Z3_ast { return C.Z3_mk_bvult(ctx, r, c) })
	} else {
		// x ≥ 0: 0 ≤ r < c; x < 0: -c < r ≤ 0.
		negC := b.mk(func() C.Z3_ast { return C.Z3_mk_bvneg(ctx, c) })
		up := b.and(b.mk(func() C.Z3_ast { return C.Z3_mk_bvsle(ctx, zero, r) }),
			b.mk(func() C.Z3_ast { return C.Z3_mk_bvslt(ctx, r, c) }))
		down := b.and(b.mk(func() C.Z3_ast { return C.Z3_mk_bvslt(ctx, negC, r) }),
			b.mk(func() C.Z3_ast { return C.Z3_mk_bvsle(ctx, r, zero) }))
		nonNegative := b.mk(func() C.Z3_ast { return C.Z3_mk_bvsle(ctx, zero, x) })
		bounded = b.mk(func() C.Z3_ast { return C.Z3_mk_ite(ctx, nonNegative, up, down) })
	}
	def := b.and(exact, bounded)
	if b.failed {
		return namedDivision{}, t.c.errOr("cannot name a division")
	}
	return namedDivision{q: q, r: r, def: def}, nil
}

// astBuilder makes ASTs one after another, each held by the translator
// as soon as Z3 returns it, and stops making them after the first that
// Z3 refused (failed): a nil AST must not reach Z3.
type astBuilder struct {
	t      *translator
	failed bool
}

func (b *astBuilder) mk(make func() C.Z3_ast) C.Z3_ast {
	if b.failed {
		return nil
	}
	a := make()
	if a == nil {
		b.failed = true
		return nil
	}
	b.t.hold(a)
	return a
}

// and conjoins one or more terms.
func (b *astBuilder) and(terms ...C.Z3_ast) C.Z3_ast {
	return b.mk(func() C.Z3_ast {
		return C.Z3_mk_and(b.t.c.ctx, C.uint(len(terms)), &terms[0])
	})
}

// divisionName is the number that names d's constants in this context.
func (c *z3Context) divisionName(d division) int {
	n, ok := c.divisions[d]
	if !ok {
		n = len(c.divisions)
		c.divisions[d] = n
	}
	return n
}
