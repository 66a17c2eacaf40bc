package green_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/green"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// perFamily is how many distinct Z3-proven instances each rule family
// gets, with or without -short.
const perFamily = 10_000

var widths = []int{8, 16, 32, 64}

// TestRulesByZ3 proves with Z3, on random instances over random terms T of
// one or two variables, at widths 8, 16, 32 and 64, signed and unsigned:
//   - canonicalisation ("canon"): every random comparison T ⋈ c is
//     equivalent to the conjunction of its atoms (false when Canon says
//     false);
//   - every implication rule R1–R8: when Implies(a, b), a ∧ ¬b is Unsat;
//   - that the rules are exact: when T is a variable, which takes every
//     value, and Implies(a, b) is false for a pair a rule covers, a ∧ ¬b
//     is Sat (on a sample).
//
// A batch of claims about one T's value (the rules, and the
// canonicalisations that keep T) is proven in one Z3 call with a fresh
// variable in T's place, a stronger claim that Z3 proves far faster than
// over T's arithmetic; the canonicalisations that rewrite T (an offset
// moved into the bounds, a sign normalised) relate two terms and are
// proven over the real terms, one call each, on a sample of perFamily/10.
//
// Each family gets at least perFamily distinct instances, a quarter at
// each width, and the order rules at least perFamily in each domain.
func TestRulesByZ3(t *testing.T) {
	// One subtest per width, in parallel, each with its own Z3.
	results := make([]ruleCounts, len(widths))
	t.Run("width", func(t *testing.T) {
		for i, w := range widths {
			t.Run(sprint(w), func(t *testing.T) {
				t.Parallel()
				results[i] = rulesAtWidth(t, w, perFamily/len(widths))
			})
		}
	})
	if t.Failed() {
		return
	}
	total := ruleCounts{proved: make(map[string]int), perDomain: make(map[string]int)}
	for _, c := range results {
		for f, n := range c.proved {
			total.proved[f] += n
		}
		for d, n := range c.perDomain {
			total.perDomain[d] += n
		}
		total.exact += c.exact
		total.rewritten += c.rewritten
	}
	t.Logf("proven by Z3: per family %v; R3–R8 per domain %v; %d non-implications confirmed Sat; %d canonicalisations that rewrote T",
		total.proved, total.perDomain, total.exact, total.rewritten)
	for _, f := range families {
		if total.proved[f] < perFamily {
			t.Errorf("%s has %d instances, want ≥ %d", f, total.proved[f], perFamily)
		}
	}
	for _, d := range []string{"signed", "unsigned"} {
		if total.perDomain[d] < perFamily {
			t.Errorf("%s has %d instances of R3–R8, want ≥ %d", d, total.perDomain[d], perFamily)
		}
	}
	if total.exact < 200 {
		t.Errorf("only %d non-implications checked", total.exact)
	}
}

var families = []string{"canon", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"}

// ruleCounts are the instances proven at one width.
type ruleCounts struct {
	proved           map[string]int // per family
	perDomain        map[string]int // R3–R8 by the conclusion's domain
	exact, rewritten int
}

// rulesAtWidth proves at least quota instances of every family at width w.
// Claims of a family that has its quota are left out of later batches.
func rulesAtWidth(t *testing.T, w, quota int) ruleCounts {
	z := z3test.New(t)
	pr := &prover{t: t, z: z}
	r := rand.New(rand.NewPCG(14, uint64(w)))
	g := newGen(r, w)
	proved := make(map[string]int)
	perDomain := make(map[string]int)
	exact, rewritten := 0, 0
	done := func() bool {
		for _, f := range families {
			if proved[f] < quota {
				return false
			}
		}
		return true
	}
	full := func(f string) bool { return proved[f] >= quota }
	for i := 0; !done(); i++ {
		if i > quota {
			t.Fatalf("the generator does not reach %d instances per family: %v", quota, proved)
		}
		term := g.term()

		// Canonicalisation: 10 comparisons of one T. The claims whose atoms
		// are about T itself are proven in one Z3 call; those where Canon
		// rewrote T (an offset moved, a sign normalised) relate two
		// arithmetic terms, which Z3 proves quickly one at a time but
		// slowly in a disjunction, so a sample of them is proven alone.
		seen := make(map[expr.Expr]bool)
		var claims []expr.Expr
		var premises []green.Atom
		c := g.constant()
		for range 10 {
			if r.IntN(2) == 0 {
				c = g.near(c)
			} else {
				c = g.constant()
			}
			p := g.compare(term, c)
			if seen[p] {
				continue
			}
			seen[p] = true
			atoms, isFalse := green.Canon(p)
			claim := expr.Not(p)
			if !isFalse {
				claim = iff(p, conj(atoms))
			}
			premises = append(premises, atoms...)
			if full("canon") {
				continue
			}
			if aboutItself(term, atoms) {
				claims = append(claims, claim)
				continue
			}
			if rewritten < quota/10 {
				rewritten++
				pr.prove(expr.True, []expr.Expr{claim}, func(int) string { return sprint(claim, " is not what Canon says") })
				proved["canon"]++
			}
		}
		proved["canon"] += len(claims)

		// The rules: for a few premise atoms, every distinct conclusion
		// a rule says they imply, a ⇒ b as one more claim of the batch.
		why := make([]string, len(claims))
		for i := range claims {
			why[i] = sprint(claims[i], " is not what Canon says (T is ", term, ")")
		}
		fresh := freshFor(term)
		for k := 0; k < 8 && len(premises) > 0; k++ {
			a := premises[r.IntN(len(premises))]
			if a.Term().Sort().IsBool() {
				continue // opaque
			}
			if _, ok := fresh[a.Term()]; !ok {
				fresh[a.Term()] = expr.BVVar(sprint("u", len(fresh), "_", g.w), g.w)
			}
			concl := map[green.Atom]string{a: "R1"}
			order := []green.Atom{a}
			for j := range 40 {
				// A quarter are disequalities, the conclusion of R2, R5
				// and R7, which the forms of compare make rare.
				c := g.compare(a.Term(), g.near(a.Const()))
				if j%4 == 0 {
					c = expr.Ne(a.Term(), expr.Const(g.w, g.near(a.Const())))
				}
				cAtoms, isFalse := green.Canon(c)
				if isFalse {
					continue
				}
				for _, b := range cAtoms {
					rule := green.Rule(a, b)
					if _, dup := concl[b]; dup || rule == "" || full(rule) {
						continue
					}
					if green.Implies(a, b) {
						concl[b] = rule
						order = append(order, b)
						continue
					}
					if a.Term().IsVar() && exact < 125 && r.IntN(10) == 0 {
						exact++
						if check(t, z, green.Emit(a), expr.Not(green.Emit(b))).Result != solver.Sat {
							t.Errorf("%s misses %v ⇒ %v", rule, a, b)
						}
					}
				}
			}
			for _, b := range order {
				rule := concl[b]
				claims = append(claims, expr.Implies(green.Emit(a), green.Emit(b)))
				why = append(why, sprint(a, " does not imply ", b, " (", rule, ")"))
				proved[rule]++
				if rule >= "R3" {
					perDomain[domain(green.Emit(b))]++
				}
			}
		}
		// Every claim of the batch is about the value of one term: Z3
		// proves it with fresh variables in the terms' place.
		for i := range claims {
			claims[i] = abstract(claims[i], fresh)
		}
		pr.prove(expr.True, claims, func(i int) string { return why[i] })
	}
	return ruleCounts{proved: proved, perDomain: perDomain, exact: exact, rewritten: rewritten}
}

// conj is the conjunction of the atoms' terms.
func conj(atoms []green.Atom) expr.Expr {
	var terms []expr.Expr
	for _, a := range atoms {
		terms = append(terms, green.Emit(a))
	}
	return expr.And(terms...)
}

// domain is the domain an emitted order atom compares in.
func domain(e expr.Expr) string {
	if e.Op() == expr.OpSlt || e.Op() == expr.OpSle {
		return "signed"
	}
	return "unsigned"
}

// aboutItself reports whether every atom is about term itself (Canon kept
// T) or opaque.
func aboutItself(term expr.Expr, atoms []green.Atom) bool {
	for _, a := range atoms {
		if a.Term() != term && !a.Term().Sort().IsBool() {
			return false
		}
	}
	return true
}
