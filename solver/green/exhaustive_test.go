package green_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/solver/green"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// At widths 1 to 4 every value can be tried: these tests check Canon,
// the rules and Reduce against evaluation on all values, down to the
// width-1 domains where MIN and MAX are neighbours.

// forms are the ways a program compares T with a constant.
var forms = []func(t, c expr.Expr) expr.Expr{
	expr.Eq, expr.Ne,
	expr.Ult, func(t, c expr.Expr) expr.Expr { return expr.Ult(c, t) },
	expr.Ule, func(t, c expr.Expr) expr.Expr { return expr.Ule(c, t) },
	expr.Slt, func(t, c expr.Expr) expr.Expr { return expr.Slt(c, t) },
	expr.Sle, func(t, c expr.Expr) expr.Expr { return expr.Sle(c, t) },
}

// smallTerms are the terms over x and y that Canon treats specially.
func smallTerms(w int) (x, y expr.Expr, terms []expr.Expr) {
	x, y = expr.BVVar("x", w), expr.BVVar("y", w)
	terms = []expr.Expr{x, expr.Add(x, y), expr.Sub(x, y), expr.Sub(y, x), expr.Neg(x), expr.BitNot(x)}
	for k := range uint64(1) << uint(w) {
		c := expr.Const(w, k)
		terms = append(terms, expr.Add(x, c), expr.Sub(c, x), expr.BitXor(x, c), expr.Neg(expr.Add(x, c)))
	}
	return x, y, terms
}

// allValues calls f with every assignment of x and y.
func allValues(w int, x, y expr.Expr, f func(v *expr.Values)) {
	n := uint64(1) << uint(w)
	for a := range n {
		for b := range n {
			f(&expr.Values{Scalars: map[expr.Expr]uint64{x: a, y: b}})
		}
	}
}

// TestCanonExhaustive checks Canon on every comparison of every small term
// with every constant at widths 1 to 3, on all values of (x, y).
func TestCanonExhaustive(t *testing.T) {
	for w := 1; w <= 3; w++ {
		x, y, terms := smallTerms(w)
		for _, term := range terms {
			for k := range uint64(1) << uint(w) {
				for neg := range 2 {
					for _, form := range forms {
						p := form(term, expr.Const(w, k))
						if neg == 1 {
							p = expr.Not(p)
						}
						atoms, isFalse := green.Canon(p)
						want := conj(atoms)
						if isFalse {
							want = expr.False
						}
						allValues(w, x, y, func(v *expr.Values) {
							if expr.EvalBool(p, v) != expr.EvalBool(want, v) {
								t.Fatalf("width %d: %v canonicalises to %v (false: %v), which differs at %v", w, p, atoms, isFalse, v.Scalars)
							}
						})
					}
				}
			}
		}
	}
}

// TestRulesExhaustive checks Implies on every pair of canonical atoms about
// x at widths 1 to 4 against the truth: a ⇒ b on all values. Implies must
// be sound, and exact where a rule covers the pair.
func TestRulesExhaustive(t *testing.T) {
	for w := 1; w <= 4; w++ {
		x := expr.BVVar("x", w)
		seen := make(map[green.Atom]bool)
		var atoms []green.Atom
		for k := range uint64(1) << uint(w) {
			for _, form := range forms {
				as, _ := green.Canon(form(x, expr.Const(w, k)))
				for _, a := range as {
					if !seen[a] {
						seen[a] = true
						atoms = append(atoms, a)
					}
				}
			}
		}
		for _, a := range atoms {
			for _, b := range atoms {
				truth := true
				for v := range uint64(1) << uint(w) {
					m := &expr.Values{Scalars: map[expr.Expr]uint64{x: v}}
					if expr.EvalBool(green.Emit(a), m) && !expr.EvalBool(green.Emit(b), m) {
						truth = false
					}
				}
				got := green.Implies(a, b)
				switch {
				case got && !truth:
					t.Errorf("width %d: Implies(%v, %v) but it does not hold", w, a, b)
				case !got && truth && green.Rule(a, b) != "":
					t.Errorf("width %d: %s misses %v ⇒ %v", w, green.Rule(a, b), a, b)
				}
			}
		}
	}
}

// TestReduceExhaustive checks Reduce on random conjunctions of comparisons
// of the small terms at width 3 against evaluation on all 64 values of
// (x, y).
func TestReduceExhaustive(t *testing.T) {
	const w = 3
	r := rand.New(rand.NewPCG(14, 8))
	x, y, terms := smallTerms(w)
	pools := [][]expr.Expr{{x, expr.Add(x, expr.Const(w, 3)), expr.Neg(x), expr.Sub(expr.Const(w, 5), x)}, terms}
	conflicts := 0
	for i := range 20_000 {
		pool := pools[i%2]
		q := make([]expr.Expr, 1+r.IntN(5))
		for j := range q {
			q[j] = forms[r.IntN(len(forms))](pool[r.IntN(len(pool))], expr.Const(w, uint64(r.IntN(8))))
			if r.IntN(4) == 0 {
				q[j] = expr.Not(q[j])
			}
		}
		red, conflict := green.Reduce(q)
		if conflict {
			conflicts++
		}
		allValues(w, x, y, func(v *expr.Values) {
			in := true
			for _, c := range q {
				in = in && expr.EvalBool(c, v)
			}
			out := !conflict
			for _, c := range red {
				out = out && expr.EvalBool(c, v)
			}
			if in != out {
				t.Fatalf("Reduce(%v) = %v (conflict %v) differs at %v", q, red, conflict, v.Scalars)
			}
		})
	}
	if conflicts < 1000 {
		t.Errorf("only %d conflicts found", conflicts)
	}
}
