package z3

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

// divisionOps are the four operators the translation names when the
// divisor is a constant.
var divisionOps = []struct {
	name   string
	build  func(a, b expr.Expr) expr.Expr
	signed bool
}{
	{"udiv", expr.UDiv, false},
	{"urem", expr.URem, false},
	{"sdiv", expr.SDiv, true},
	{"srem", expr.SRem, true},
}

// TestNamedDivisionIsExact: at 8 bits, for every dividend, a division or
// remainder by a constant that the translation names has exactly the
// value expr.Eval (Go's, and SMT-LIB's) gives it: with x pinned, op(x, c)
// equal to that value is Sat, and op(x, c) different from it is Unsat.
func TestNamedDivisionIsExact(t *testing.T) {
	z := newZ3(t, Options{})
	x := expr.BVVar("x", 8)
	for _, op := range divisionOps {
		divisors := []uint64{3, 10, 100, 127}
		if !op.signed {
			divisors = append(divisors, 255)
		}
		for _, c := range divisors {
			term := op.build(x, expr.Const(8, c))
			if _, named := divisionOf(term); !named {
				t.Fatalf("%s by %d is not named: the test would check Z3's operator", op.name, c)
			}
			requireExactOnBytes(t, z, x, term, fmt.Sprintf("%s by %d", op.name, c))
		}
	}
}

// TestNamedDivisionChain: strconv's digits, a chain of 64-bit divisions by
// ten and the remainders beside them, with the dividend free: the model
// Z3 gives satisfies the query under expr.Eval, and a bound the chain
// contradicts is Unsat. The quotient and remainder of one division share
// their constants.
func TestNamedDivisionChain(t *testing.T) {
	z := newZ3(t, Options{})
	x := expr.BVVar("x", 64)
	ten := expr.Const(64, 10)
	var constraints []expr.Expr
	rest := x
	for _, digit := range []uint64{7, 3, 9, 1} {
		constraints = append(constraints, expr.Eq(expr.URem(rest, ten), expr.Const(64, digit)))
		rest = expr.UDiv(rest, ten)
	}
	constraints = append(constraints, expr.Eq(rest, expr.Const(64, 42)))
	q := query(constraints...)
	r := z.Check(bg, q)
	requireModel(t, q, r)
	if got := r.Model.Scalars[x]; got != 421937 {
		t.Errorf("x = %d, want 421937", got)
	}
	if n := len(z.c.divisions); n != 4 {
		t.Errorf("%d divisions named, want 4: one for each dividend, x/10 and x%%10 sharing theirs", n)
	}
	// Four digits below 42 make x at least 420,000.
	bound := query(append(constraints[:len(constraints):len(constraints)], expr.Ult(x, expr.Const(64, 420000)))...)
	if r := z.Check(bg, bound); r.Result != solver.Unsat {
		t.Errorf("got %v (%s), want unsat for %v", r.Result, r.Reason, bound.Constraints)
	}
	// The same digits, signed: the remainder takes the dividend's sign.
	neg := query(expr.Eq(expr.SRem(x, ten), expr.Const(64, uint64(1<<64-3))), expr.Eq(expr.SDiv(x, ten), expr.Const(64, uint64(1<<64-4))))
	r = z.Check(bg, neg)
	requireModel(t, neg, r)
	if got := int64(r.Model.Scalars[x]); got != -43 {
		t.Errorf("x = %d, want -43", got)
	}
}

// TestNamedDivisionMatchesPlain is the differential test of the switch:
// random queries over divisions by small constants, at 16 and 64 bits,
// and scopes kept from one query to the next, get the same answer with
// the divisions named and with Z3's own operators (Options.PlainDivision),
// and every model satisfies its query.
func TestNamedDivisionMatchesPlain(t *testing.T) {
	named := newZ3(t, Options{Timeout: time.Second})
	plain := newZ3(t, Options{Timeout: time.Second, PlainDivision: true})
	r := rand.New(rand.NewPCG(5, 6))
	divisors := []uint64{3, 5, 6, 7, 10, 100, 255}
	// At 64 bits, products under a division make queries that take either
	// translation seconds: the dividends, and what the divisions are
	// compared with, are variables and constants there. Even so a few
	// queries time out, in one translation or the other, and are not
	// compared (agree).
	for _, tc := range []struct{ width, cases, depth int }{{16, 300, 1}, {64, 60, 0}} {
		width := tc.width
		g := &exprtest.Gen{R: r, Vars: []expr.Expr{expr.BVVar("x", width), expr.BVVar("y", width)}}
		divided := func() expr.Expr {
			op := divisionOps[r.IntN(len(divisionOps))]
			return op.build(g.BV(tc.depth), expr.Const(width, divisors[r.IntN(len(divisors))]))
		}
		counts := agree(t, fmt.Sprintf("width %d: named", width), named, plain, r, tc.cases, func() expr.Expr {
			c := expr.Eq(divided(), g.BV(tc.depth))
			switch r.IntN(3) {
			case 0:
				c = expr.Not(c)
			case 1:
				c = expr.Ult(divided(), divided())
			}
			return c
		})
		if counts[solver.Sat] < tc.cases/3 || counts[solver.Unsat] < tc.cases/20 || counts[solver.Unknown] > tc.cases/6 {
			t.Errorf("width %d: %v; too few answers compared", width, counts)
		}
		t.Logf("width %d: %v", width, counts)
	}
}
