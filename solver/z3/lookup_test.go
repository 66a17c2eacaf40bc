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

// lookup is the chain the executor builds for a read at the symbolic
// index i: ite(i == keys[0], values[0], ite(i == keys[1], …, dflt)).
func lookup(i expr.Expr, keys []uint64, values []expr.Expr, dflt expr.Expr) expr.Expr {
	out := dflt
	for k := len(keys) - 1; k >= 0; k-- {
		out = expr.Ite(expr.Eq(i, expr.Const(i.Width(), keys[k])), values[k], out)
	}
	return out
}

// srcBufRead is text/scanner's s.srcBuf[s.srcPos] at a 64-bit position:
// a chain of links byte variables, the first also the default.
func srcBufRead(pos expr.Expr, links int) expr.Expr {
	keys := make([]uint64, links)
	values := make([]expr.Expr, links)
	for k := range keys {
		keys[k] = uint64(k)
		values[k] = expr.BVVar(fmt.Sprintf("s.srcBuf[%d]", k), 8)
	}
	return lookup(pos, keys, values, values[0])
}

// TestLookupTreeIsExact: at 8 bits, for every value of the index, a
// chain translated as a tree has the value expr.Eval gives it. The keys
// are irregular (runs, gaps, a lone high key, keys out of order, a key
// repeated with another value that the chain never selects), so every
// kind of node is taken: splits, prefixes checked above a split, leaves
// that check the bits left, and the default. The values are b + c for a
// byte b pinned to 0: with constant values expr would fold the
// comparison with the chain into conditions on the index (lift.go), and
// Z3 would see no chain.
func TestLookupTreeIsExact(t *testing.T) {
	x, b := expr.BVVar("x", 8), expr.BVVar("b", 8)
	var keys []uint64
	for k := uint64(0); k < 256; k++ {
		if k%3 != 0 && (k < 40 || k > 200) || k == 128 || k == 77 {
			keys = append(keys, k)
		}
	}
	keys = append([]uint64{250, 10}, keys...) // out of order, and repeated later
	values := make([]expr.Expr, len(keys))
	for i, k := range keys {
		values[i] = expr.Add(b, expr.Const(8, (k*7+uint64(i))%256))
	}
	term := lookup(x, keys, values, expr.Add(b, expr.Const(8, 0xAB)))
	if _, links, _, ok := lookupChain(term); !ok || len(links) != len(keys)-2 {
		t.Fatalf("the chain is not read as a lookup (%d links, %v): the test would check Z3's ite", len(links), ok)
	}
	z := newZ3(t, Options{})
	zero := expr.Eq(b, expr.Const(8, 0))
	for v := range uint64(256) {
		pin := expr.Eq(x, expr.Const(8, v))
		want := expr.Const(8, expr.Eval(term, &expr.Values{Scalars: map[expr.Expr]uint64{x: v, b: 0}}))
		if r := z.Check(bg, query(zero, pin, expr.Eq(term, want))); r.Result != solver.Sat {
			t.Fatalf("the lookup at x = %d, equal to %d: got %v (%s), want sat", v, want.Value(), r.Result, r.Reason)
		}
		if r := z.Check(bg, query(zero, pin, expr.Ne(term, want))); r.Result != solver.Unsat {
			t.Fatalf("the lookup at x = %d, not %d: got %v (%s), want unsat", v, want.Value(), r.Result, r.Reason)
		}
	}
}

// TestLongLookupIsDecidedAsATree: text/scanner's query "srcPos < 1025 ∧
// 128 ≤ srcBuf[srcPos] ∧ srcPos + 4 ≤ srcEnd" took Z3 1 to 3 seconds as
// a chain and 30 ms as a tree. It is decided within a resource limit as
// a tree and not as a chain (Options.PlainLookups). Resource units, not
// time: the test does not depend on the machine.
func TestLongLookupIsDecidedAsATree(t *testing.T) {
	pos, end := expr.BVVar("s.srcPos", 64), expr.BVVar("s.srcEnd", 64)
	q := query(expr.Ult(pos, expr.Const(64, 1025)),
		expr.Sle(expr.Const(32, 128), expr.ZExt(srcBufRead(pos, 1025), 32)),
		expr.Not(expr.Slt(end, expr.Add(pos, expr.Const(64, 4)))))
	q.ResourceLimit = resourceLimitForLookups
	requireModel(t, q, newZ3(t, Options{}).Check(bg, q))
	if r := newZ3(t, Options{PlainLookups: true}).Check(bg, q); r.Result != solver.Unknown || !strings.Contains(r.Reason, "resource limit") {
		t.Fatalf("as a chain: %v (%s), want unknown: resource limit (the fixture is not hard)", r.Result, r.Reason)
	}
}

const resourceLimitForLookups = 2_000_000

// TestLookupTreeMatchesPlain is the differential test of the switch:
// random chains over an index of 16 or 64 bits, with keys small or spread
// over the whole width, values constant or variable, compared with random
// terms, with scopes kept from one query to the next, get the same answer
// as trees and as chains (Options.PlainLookups), and every model
// satisfies its query.
func TestLookupTreeMatchesPlain(t *testing.T) {
	tree := newZ3(t, Options{Timeout: time.Second})
	plain := newZ3(t, Options{Timeout: time.Second, PlainLookups: true})
	r := rand.New(rand.NewPCG(11, 12))
	for _, width := range []int{16, 64} {
		i := expr.BVVar("i", width)
		g := &exprtest.Gen{R: r, Vars: []expr.Expr{i, expr.BVVar("y", width)}}
		bytes := []expr.Expr{expr.BVVar("b0", 8), expr.BVVar("b1", 8), expr.BVVar("b2", 8)}
		read := func() expr.Expr {
			n := minLookupLinks + r.IntN(24)
			keys := make([]uint64, n)
			values := make([]expr.Expr, n)
			high := r.Uint64() &^ 0xFF // a prefix for every key, or none
			if r.IntN(2) == 0 {
				high = 0
			}
			for k := range keys {
				keys[k] = high | r.Uint64N(64)
				if width < 64 {
					keys[k] &= 1<<width - 1
				}
				values[k] = expr.Const(8, r.Uint64N(6))
				if r.IntN(3) == 0 {
					values[k] = bytes[r.IntN(len(bytes))]
				}
			}
			return lookup(i, keys, values, bytes[r.IntN(len(bytes))])
		}
		counts := agree(t, fmt.Sprintf("width %d: tree", width), tree, plain, r, 200, func() expr.Expr {
			switch r.IntN(4) {
			case 0:
				return expr.Eq(read(), expr.Const(8, r.Uint64N(6)))
			case 1:
				// At a pinned index the read is mostly decided, and often
				// not the value asked.
				at := expr.Const(width, r.Uint64N(64))
				return expr.And(expr.Eq(i, at), expr.Eq(read(), expr.Const(8, r.Uint64N(6))))
			case 2:
				return expr.Ult(read(), read())
			}
			return g.Bool(1)
		})
		if counts[solver.Sat] < 60 || counts[solver.Unsat] < 20 || counts[solver.Unknown] > 4 {
			t.Errorf("width %d: %v; too few answers compared", width, counts)
		}
		t.Logf("width %d: %v", width, counts)
	}
}
