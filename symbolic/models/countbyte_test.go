package models

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// byteVars are n symbolic bytes b0…b(n-1).
func byteVars(n int) []expr.Expr {
	bs := make([]expr.Expr, n)
	for i := range bs {
		bs[i] = expr.BVVar(fmt.Sprintf("b%d", i), 8)
	}
	return bs
}

// countByte's term, narrow inside, is the count of c among the first n
// bytes, as an int, for any bytes and any n, beyond the bytes too.
func TestCountByteCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{0, 1, 7, 8, 50, 64} {
		bs, n, c := byteVars(size), expr.BVVar("n", 64), expr.BVVar("c", 8)
		count := countByte(bs, n, c)
		if count.Sort() != expr.BV(64) {
			t.Fatalf("%d bytes: count is a %v, want a 64-bit int", size, count.Sort())
		}
		for range 200 {
			vals := &expr.Values{Scalars: map[expr.Expr]uint64{}}
			want := uint64(0)
			limit := uint64(rng.IntN(size + 3))
			target := uint64(rng.IntN(3))
			vals.Scalars[n], vals.Scalars[c] = limit, target
			for i, b := range bs {
				v := uint64(rng.IntN(3)) // few values, so that c often occurs
				vals.Scalars[b] = v
				if uint64(i) < limit && v == target {
					want++
				}
			}
			if got := expr.Eval(count, vals); got != want {
				t.Fatalf("%d bytes, n = %d: count %d, want %d", size, limit, got, want)
			}
		}
	}
}

// The query of html.EscapeString (a strings.Replacer) that Z3 gave up
// on after 15s while counts were summed in 64 bits: a string of at least
// 40 bytes whose length plus four times two of its byte counts is at most
// 32 cannot be. Within a resource limit, so that the check does not
// depend on the machine, the narrow counts let Z3 refute it.
func TestCountsAddedToALengthAreDecided(t *testing.T) {
	bs, n := byteVars(50), expr.BVVar("n", 64)
	count := func(c uint64) expr.Expr { return countByte(bs, n, expr.Const(8, c)) }
	zero := expr.Const(64, 0)
	q := solver.Query{
		Constraints: []expr.Expr{
			expr.Ule(n, expr.Const(64, 50)),
			expr.Sle(expr.Const(64, 40), n),
			expr.Not(expr.Eq(count('"'), zero)),
			expr.Eq(count('>'), zero),
			expr.Eq(count('<'), zero),
			expr.Eq(count('\''), zero),
			expr.Not(expr.Eq(count('&'), zero)),
			expr.Ule(expr.Add(n, expr.Mul(expr.Add(count('"'), count('&')), expr.Const(64, 4))), expr.Const(64, 32)),
		},
		ResourceLimit: countQueryLimit,
	}
	if r := z3test.New(t).Check(context.Background(), q); r.Result != solver.Unsat {
		t.Fatalf("answer %v (%s), want unsat within %d resource units", r.Result, r.Reason, uint64(countQueryLimit))
	}
}

// countQueryLimit is the resource limit of TestCountsAddedToALengthAreDecided.
const countQueryLimit = 20_000_000

// indexByte and countByte look at the bytes that constants decide
// without building a term for them. Over bytes of which some are
// constants and some not, with n and c constant or not, their terms still
// give the first position below n holding c (or -1) and the count.
func TestIndexAndCountOverConstantBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		size := rng.IntN(12)
		bs := byteVars(size)
		for i := range bs {
			if rng.IntN(4) != 0 {
				bs[i] = expr.Const(8, uint64(rng.IntN(3)))
			}
		}
		n, c := expr.BVVar("n", 64), expr.BVVar("c", 8)
		if rng.IntN(2) == 0 {
			n = expr.Const(64, uint64(rng.IntN(size+3)))
		}
		if rng.IntN(4) != 0 {
			c = expr.Const(8, uint64(rng.IntN(3)))
		}
		index, count := indexByte(bs, n, c), countByte(bs, n, c)
		for range 20 {
			vals := &expr.Values{Scalars: map[expr.Expr]uint64{}}
			value := func(x expr.Expr, v uint64) uint64 {
				if x.IsConst() {
					return x.Value()
				}
				vals.Scalars[x] = v
				return v
			}
			limit, target := value(n, uint64(rng.IntN(size+3))), value(c, uint64(rng.IntN(3)))
			wantIndex, wantCount := ^uint64(0), uint64(0)
			for i, b := range bs {
				if v := value(b, uint64(rng.IntN(3))); uint64(i) < limit && v == target {
					wantCount++
					if wantIndex == ^uint64(0) {
						wantIndex = uint64(i)
					}
				}
			}
			if got := expr.Eval(index, vals); got != wantIndex {
				t.Fatalf("bytes %v, n %v = %d, c %v = %d: index %d, want %d", bs, n, limit, c, target, int64(got), int64(wantIndex))
			}
			if got := expr.Eval(count, vals); got != wantCount {
				t.Fatalf("bytes %v, n %v = %d, c %v = %d: count %d, want %d", bs, n, limit, c, target, got, wantCount)
			}
		}
	}
}
