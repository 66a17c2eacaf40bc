package value

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/pick"
)

// hexValues is uuid's xvalues: 255 but for the hex digits.
func hexValues() []uint64 {
	vals := make([]uint64, 256)
	for k := range vals {
		switch {
		case '0' <= k && k <= '9':
			vals[k] = uint64(k - '0')
		case 'a' <= k && k <= 'f':
			vals[k] = uint64(k - 'a' + 10)
		case 'A' <= k && k <= 'F':
			vals[k] = uint64(k - 'A' + 10)
		default:
			vals[k] = 255
		}
	}
	return vals
}

// checkLookup evaluates the lookup at every candidate index and compares
// it with the table.
func checkLookup(t *testing.T, what string, ks, vals []uint64, sort expr.Sort) expr.Expr {
	t.Helper()
	i := expr.BVVar("i", 64)
	got := ConstLookup(i, ks, vals, sort)
	for n, k := range ks {
		a := &expr.Values{Scalars: map[expr.Expr]uint64{i: k}}
		if v := expr.Eval(got, a); v != vals[n] {
			t.Fatalf("%s: the lookup gives %d at index %d, the table %d\n%s", what, v, k, vals[n], got)
		}
	}
	return got
}

// TestConstLookupIsTheTable: the lookup by runs has the table's value at
// every candidate index, for the hex table, for random tables of every
// width (runs constant, increasing, wrapping around, and single
// elements), for bool tables, and for candidates with gaps (indices a
// constraint ruled out). The hex table takes a handful of terms where the
// chain of if-then-else takes hundreds.
func TestConstLookupIsTheTable(t *testing.T) {
	hex := hexValues()
	ks := make([]uint64, len(hex))
	for k := range ks {
		ks[k] = uint64(k)
	}
	got := checkLookup(t, "hex", ks, hex, expr.BV(8))
	if got.Size() > 60 {
		t.Errorf("hex table: %d terms, want a few runs\n%s", got.Size(), got)
	}

	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		width := []int{1, 8, 16, 32, 64}[trial%5]
		n := 3 + r.IntN(70)
		vals := make([]uint64, n)
		for k := range vals {
			switch {
			case k > 0 && r.IntN(3) == 0:
				vals[k] = vals[k-1] // a constant run
			case k > 0 && r.IntN(3) == 0:
				vals[k] = vals[k-1] + 1 // an increasing run, which may wrap
			default:
				vals[k] = r.Uint64() >> r.IntN(64)
			}
			vals[k] &= lowBits(width)
		}
		var cks, cvals []uint64
		for k := range vals {
			if r.IntN(5) > 0 || k == 0 {
				cks, cvals = append(cks, uint64(k)), append(cvals, vals[k])
			}
		}
		checkLookup(t, "random", ks[:n], vals, expr.BV(width))
		checkLookup(t, "random with gaps", cks, cvals, expr.BV(width))

		bools := make([]uint64, n)
		for k := range bools {
			bools[k] = uint64(r.IntN(2))
		}
		checkLookup(t, "bool", ks[:n], bools, expr.BoolSort())
	}
}

// TestSelectTermIsTheTable: SelectTerm, which reads a string's bytes
// and an array value's elements, gives a table of constants' value below
// its end and def past it, for every value of an 8-bit index.
func TestSelectTermIsTheTable(t *testing.T) {
	table := "0123456789abcdef"
	terms := make([]expr.Expr, len(table))
	for k := range terms {
		terms[k] = expr.Const(8, uint64(table[k]))
	}
	i := expr.BVVar("i", 8)
	def := expr.Const(8, '?')
	got := SelectTerm(terms, i, def)
	for k := range 256 {
		want := uint64('?')
		if k < len(table) {
			want = uint64(table[k])
		}
		if v := expr.Eval(got, &expr.Values{Scalars: map[expr.Expr]uint64{i: uint64(k)}}); v != want {
			t.Fatalf("at %d: %q, want %q\n%s", k, rune(v), rune(want), got)
		}
	}
	if got.Size() > 25 {
		t.Errorf("%d terms for two runs and the bound\n%s", got.Size(), got)
	}
}

// TestHexLookupIsSolved: a path through uuid's 32 hex-digit lookups
// (xtob of each pair, every one a digit) is solved, as one query, and the
// model's bytes are hex digits, within the resource limit of a readable
// model's query (which the chain of if-then-else exceeds).
func TestHexLookupIsSolved(t *testing.T) {
	hex := hexValues()
	ks := make([]uint64, len(hex))
	for k := range ks {
		ks[k] = uint64(k)
	}
	var conds []expr.Expr
	var vars []expr.Expr
	for n := range 32 {
		c := expr.BVVar("s["+string(rune('a'+n%26))+string(rune('0'+n/26))+"]", 8)
		vars = append(vars, c)
		v := ConstLookup(expr.ZExt(c, 64), ks, hex, expr.BV(8))
		conds = append(conds, expr.Ne(v, expr.Const(8, 255)))
	}
	z3, err := z3.New(z3.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer z3.Close()
	resp := z3.Check(context.Background(), solver.Query{Constraints: conds, ResourceLimit: pick.ReadableRlimit})
	if resp.Result != solver.Sat {
		t.Fatalf("%v (%s), want sat", resp.Result, resp.Reason)
	}
	m := resp.Model
	for _, c := range vars {
		if b := m.Scalar(c); hex[b] == 255 {
			t.Errorf("%s = %q, not a hex digit", c, rune(b))
		}
	}
}
