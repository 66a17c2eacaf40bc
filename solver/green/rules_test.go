package green_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/green"
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
// Each family gets at least perFamily distinct instances (each width at
// least perFamily in all, and so does each domain).
func TestRulesByZ3(t *testing.T) {
	z := newZ3(t)
	pr := &prover{t: t, z: z}
	r := rand.New(rand.NewPCG(14, 5))
	gens := make(map[int]*gen)
	for _, w := range widths {
		gens[w] = newGen(r, w)
	}
	families := []string{"canon", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"}
	proved := make(map[string]int)
	perWidth := make(map[int]int)
	perDomain := make(map[string]int) // R3–R8 by the conclusion's domain
	exact, rewritten := 0, 0
	done := func() bool {
		for _, f := range families {
			if proved[f] < perFamily {
				return false
			}
		}
		return true
	}
	for i := 0; !done(); i++ {
		if i > perFamily {
			t.Fatalf("the generator does not reach %d instances per family: %v", perFamily, proved)
		}
		g := gens[widths[i%len(widths)]]
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
			if aboutItself(term, atoms) {
				claims = append(claims, claim)
				continue
			}
			if rewritten < perFamily/10 {
				rewritten++
				pr.prove(expr.True, []expr.Expr{claim}, func(int) string { return sprint(claim, " is not what Canon says") })
				proved["canon"]++
				perWidth[g.w]++
			}
		}
		proved["canon"] += len(claims)
		perWidth[g.w] += len(claims)

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
					if _, dup := concl[b]; dup || rule == "" {
						continue
					}
					if green.Implies(a, b) {
						concl[b] = rule
						order = append(order, b)
						continue
					}
					if a.Term().IsVar() && exact < 500 && r.IntN(10) == 0 {
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
				perWidth[g.w]++
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
	if t.Failed() {
		return
	}
	t.Logf("%d instances proven by Z3 in %d calls; per family %v; per width %v; R3–R8 per domain %v; %d non-implications confirmed Sat; %d canonicalisations that rewrote T",
		pr.proved, pr.calls, proved, perWidth, perDomain, exact, rewritten)
	for _, w := range widths {
		if perWidth[w] < perFamily {
			t.Errorf("width %d has %d instances, want ≥ %d", w, perWidth[w], perFamily)
		}
	}
	for _, d := range []string{"signed", "unsigned"} {
		if perDomain[d] < perFamily {
			t.Errorf("%s has %d instances of R3–R8, want ≥ %d", d, perDomain[d], perFamily)
		}
	}
	if exact < 200 {
		t.Errorf("only %d non-implications checked", exact)
	}
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
