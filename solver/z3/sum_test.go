package z3

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

// TestNarrowSumIsExact: at 8 bits, for every value of x, a sum that the
// translation narrows (ites between constants, a zero-extended field,
// a constant) has exactly the value expr.Eval gives it: with x pinned,
// the sum equal to that value is Sat and different from it Unsat.
func TestNarrowSumIsExact(t *testing.T) {
	z := newZ3(t, Options{})
	x := expr.BVVar("x", 8)
	// The constant is added to the field, not to an ite: expr would
	// fold it into the ite's leaves.
	sum := expr.Add(expr.Ite(expr.Ult(x, expr.Const(8, 10)), expr.Const(8, 3), expr.Const(8, 1)),
		expr.Add(expr.Add(expr.ZExt(expr.Extract(x, 4, 2), 8), expr.Const(8, 2)),
			expr.Ite(expr.Eq(expr.Extract(x, 0, 0), expr.Const(1, 1)), expr.Const(8, 1), expr.Const(8, 0))))
	if terms, total, bounded := boundedTerms(sum, nil, 0); !bounded || len(terms) != 4 || total != 13 {
		t.Fatalf("the sum is not narrowed (%d terms, bound %d, %v): the test would check Z3's addition", len(terms), total, bounded)
	}
	requireExactOnBytes(t, z, x, sum, "the sum")
}

// countIn is strings.Count(s, string(c)) on a path where s has at most
// 50 bytes, as the executor builds it: one ite per byte.
func countIn(c byte) expr.Expr {
	n := expr.BVVar("len(s)", 64)
	sum := expr.Const(64, 0)
	for i := range 50 {
		b := expr.BVVar(fmt.Sprintf("s[%d]", i), 8)
		hit := expr.And(expr.Ult(expr.Const(64, uint64(i)), n), expr.Eq(b, expr.Const(8, uint64(c))))
		sum = expr.Add(sum, expr.Ite(hit, expr.Const(64, 1), expr.Const(64, 0)))
	}
	return sum
}

// TestCountsAreSummedNarrow: html.EscapeString's query that timed out at
// 15s (40 to 50 bytes, no '"', some '>') is decided within a resource
// limit with its counts summed in 6 bits, and not with them at 64 bits.
// Resource units, not time: the test does not depend on the machine.
func TestCountsAreSummedNarrow(t *testing.T) {
	n := expr.BVVar("len(s)", 64)
	q := query(expr.Ule(n, expr.Const(64, 50)), expr.Sle(expr.Const(64, 40), n),
		expr.Eq(countIn('"'), expr.Const(64, 0)), expr.Ne(countIn('>'), expr.Const(64, 0)))
	q.ResourceLimit = 2_000_000
	requireModel(t, q, newZ3(t, Options{}).Check(bg, q))
	if r := newZ3(t, Options{PlainSums: true}).Check(bg, q); r.Result != solver.Unknown || !strings.Contains(r.Reason, "resource limit") {
		t.Fatalf("summed at 64 bits: %v (%s), want unknown: resource limit (the fixture is not hard)", r.Result, r.Reason)
	}
}

// TestNarrowSumMatchesPlain is the differential test of the switch:
// random sums of ites between small constants, zero-extended bytes and
// constants, compared with random terms at 16 and 64 bits, with scopes
// kept from one query to the next, get the same answer summed narrow
// and summed at their width (Options.PlainSums), and every model
// satisfies its query.
func TestNarrowSumMatchesPlain(t *testing.T) {
	narrow := newZ3(t, Options{Timeout: time.Second})
	plain := newZ3(t, Options{Timeout: time.Second, PlainSums: true})
	r := rand.New(rand.NewPCG(7, 8))
	b := expr.BVVar("b", 8)
	// At 64 bits, what a sum is compared with is a variable or a constant:
	// random products and divisions there take either translation seconds.
	for _, tc := range []struct{ width, depth int }{{16, 1}, {64, 0}} {
		width := tc.width
		g := &exprtest.Gen{R: r, Vars: []expr.Expr{expr.BVVar("x", width), expr.BVVar("y", width)}}
		term := func() expr.Expr {
			switch r.IntN(4) {
			case 0:
				return expr.ZExt(b, width)
			case 1:
				return expr.Const(width, r.Uint64N(8))
			}
			return expr.Ite(g.Bool(1), expr.Const(width, r.Uint64N(4)), expr.Const(width, r.Uint64N(4)))
		}
		sum := func() expr.Expr {
			s := term()
			for range 1 + r.IntN(5) {
				s = expr.Add(s, term())
			}
			return s
		}
		counts := agree(t, fmt.Sprintf("width %d: narrow", width), narrow, plain, r, 200, func() expr.Expr {
			if r.IntN(2) == 0 {
				return expr.Ult(g.BV(tc.depth), sum())
			}
			return expr.Eq(sum(), g.BV(tc.depth))
		})
		if counts[solver.Sat] < 60 || counts[solver.Unsat] < 20 || counts[solver.Unknown] > 4 {
			t.Errorf("width %d: %v; too few answers compared", width, counts)
		}
		t.Logf("width %d: %v", width, counts)
	}
}
