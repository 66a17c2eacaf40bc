package symbolic

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// Table representations, side by side (symbolic/doc.go, "Symbolic
// indexing"): a read of a constant table at a symbolic index as a chain
// of one if-then-else per element (what the executor builds when an
// element is not a constant), as the runs of indices it builds for a
// table of constants (consttable.go), and as Z3's array theory (a chain
// of stores over a constant array, then a select). Each iteration
// builds the terms over fresh variables, so neither the term cache nor the
// solver's incremental state carries over, and solves one query.

// tableTerms is a 256-entry byte table as constant terms.
func tableTerms(f func(int) byte) []expr.Expr {
	terms := make([]expr.Expr, 256)
	for i := range terms {
		terms[i] = expr.Const(8, uint64(f(i)))
	}
	return terms
}

// utf8First mimics unicode/utf8's first table; utf8Lo its acceptRanges lows.
func utf8First(i int) byte {
	switch {
	case i < 0x80:
		return 0xF0
	case i >= 0xC2 && i < 0xE0:
		return 0x02
	case i == 0xE0:
		return 0x13
	case i > 0xE0 && i < 0xF0:
		return 0x03
	case i == 0xF0:
		return 0x34
	case i > 0xF0 && i < 0xF4:
		return 0x04
	case i == 0xF4:
		return 0x44
	}
	return 0xF1
}

func hexDigit(i int) byte {
	switch {
	case i >= '0' && i <= '9':
		return byte(i - '0')
	case i >= 'a' && i <= 'f':
		return byte(i-'a') + 10
	case i >= 'A' && i <= 'F':
		return byte(i-'A') + 10
	}
	return 0xFF
}

// lookup reads table at the byte i in one representation.
type lookup func(table []expr.Expr, i expr.Expr) expr.Expr

func iteLookup(table []expr.Expr, i expr.Expr) expr.Expr {
	out := table[0]
	for k := len(table) - 1; k >= 0; k-- {
		out = expr.Ite(expr.Eq(i, expr.Const(i.Width(), uint64(k))), table[k], out)
	}
	return out
}

// runsLookup is the lookup by runs of indices the executor builds for a
// table of constants (consttable.go).
func runsLookup(table []expr.Expr, i expr.Expr) expr.Expr {
	return value.SelectTerm(table, i, table[0])
}

func arrayLookup(table []expr.Expr, i expr.Expr) expr.Expr {
	arr := expr.ConstArray(expr.ArraySort(8, 8), expr.Const(8, 0))
	for k, t := range table {
		if t.Value() != 0 {
			arr = expr.Store(arr, expr.Const(8, uint64(k)), t)
		}
	}
	return expr.Select(arr, i)
}

// utf8Query: a four-byte sequence whose first byte is classified through
// the table and whose second byte is checked against the range the class
// names, as utf8.DecodeRune does.
func utf8Query(look lookup, first []expr.Expr, n int) []expr.Expr {
	b := make([]expr.Expr, 4)
	for i := range b {
		b[i] = expr.Var(fmt.Sprintf("b%d_%d", n, i), expr.BV(8))
	}
	x := look(first, b[0])
	lo := expr.Ite(expr.Eq(expr.LShr(x, expr.Const(8, 4)), expr.Const(8, 1)), expr.Const(8, 0xA0), expr.Const(8, 0x80))
	return []expr.Expr{
		expr.Eq(expr.BitAnd(x, expr.Const(8, 7)), expr.Const(8, 3)),
		expr.Ule(lo, b[1]), expr.Ule(b[1], expr.Const(8, 0xBF)),
		expr.Ne(x, expr.Const(8, 0x03)),
	}
}

// hexQuery: four hex digits that decode to 0xBEEF through the table.
func hexQuery(look lookup, table []expr.Expr, n int) []expr.Expr {
	var cs []expr.Expr
	acc := expr.Const(16, 0)
	for i := range 4 {
		d := look(table, expr.Var(fmt.Sprintf("h%d_%d", n, i), expr.BV(8)))
		cs = append(cs, expr.Ne(d, expr.Const(8, 0xFF)))
		acc = expr.BitOr(expr.Shl(acc, expr.Const(16, 4)), expr.ZExt(d, 16))
	}
	return append(cs, expr.Eq(acc, expr.Const(16, 0xBEEF)))
}

// benchSolverTimeout bounds each query, so a representation the solver
// cannot handle shows as timeouts rather than a hung benchmark.
const benchSolverTimeout = 10 * time.Second

func BenchmarkTableLookup(b *testing.B) {
	first, hex := tableTerms(utf8First), tableTerms(hexDigit)
	queries := map[string]func(lookup, int) []expr.Expr{
		"utf8": func(l lookup, n int) []expr.Expr { return utf8Query(l, first, n) },
		"hex":  func(l lookup, n int) []expr.Expr { return hexQuery(l, hex, n) },
	}
	for _, q := range []string{"utf8", "hex"} {
		for _, rep := range []struct {
			name string
			look lookup
		}{{"ite", iteLookup}, {"runs", runsLookup}, {"array", arrayLookup}} {
			b.Run(q+"/"+rep.name, func(b *testing.B) {
				z3, err := z3.New(z3.Options{Timeout: benchSolverTimeout})
				if err != nil {
					b.Fatal(err)
				}
				defer z3.Close()
				unknown := 0
				for n := 0; n < b.N; n++ {
					switch resp := z3.Check(context.Background(), solver.Query{Constraints: queries[q](rep.look, n)}); resp.Result {
					case solver.Sat:
					case solver.Unknown:
						unknown++ // the timeout: a figure, not a failure
					default:
						b.Fatalf("%s/%s: %v", q, rep.name, resp.Result)
					}
				}
				b.ReportMetric(float64(unknown)/float64(b.N), "timeouts/op")
			})
		}
	}
}

// BenchmarkFillBigTable runs the executor on a loop storing into every
// element of a [100000]int package variable.
func BenchmarkFillBigTable(b *testing.B) {
	t := &testing.T{}
	fn := target(t, "tables.FillBig")
	z3, err := z3.New(z3.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer z3.Close()
	for i := 0; i < b.N; i++ {
		e := NewEngine(fixtures(t).SSA, machine.Config{Solver: z3, Bounds: machine.Bounds{MaxSteps: 2000000}})
		sum, err := e.Explore(context.Background(), fn)
		if err != nil {
			b.Fatal(err)
		}
		if sum.Ends[machine.EndReturn] != 1 {
			b.Fatalf("ends %v", sum.Ends)
		}
	}
}
