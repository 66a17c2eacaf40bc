package solver

import (
	"context"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// The substitution layer (LayerSubst). A path condition often holds a
// constraint T = k, with T a compound term and k a constant, beside
// other constraints in which T appears: text/tabwriter's cell padding
// ((cellw + tabwidth − 1) / tabwidth · tabwidth − textw) = 0, and then
// that padding divided by tabwidth compared with 0 and 8. Z3 bit-blasts
// each occurrence anew and does not use the equation to simplify the
// others; one such query was Unknown after 75 s, and Unsat in 1.6 s with
// T replaced by 0 outside its own equation. KLEE's constraint manager
// does the same replacement on its path conditions.
//
// The layer replaces, in every constraint but the equations themselves,
// each term T of an equation T = k by k, and folds what becomes
// constant: the rewritten query holds exactly where the query does, so
// its answer, and its model, are the query's. A constraint that folds to
// false makes the query Unsat, which the layer answers itself; one that
// folds to true is left out, and a variable only it had is then free:
// the model gives it 0. Variables are not replaced (x = k is what Z3
// solves at once), nor are terms inside a term being replaced.

// substLayer rewrites a query by its equations before passing it on.
type substLayer struct {
	layer
}

func (l *substLayer) Check(ctx context.Context, q Query) Response {
	defer l.enter()()
	eqs := make(map[expr.Expr]expr.Expr)
	for _, c := range q.Constraints {
		if t, k, ok := equation(c); ok {
			if _, seen := eqs[t]; !seen {
				eqs[t] = k
			}
		}
	}
	if len(eqs) == 0 {
		return l.pass(ctx, q)
	}
	s := substitution{eqs: eqs, memo: make(map[expr.Expr]expr.Expr)}
	var out []expr.Expr
	changed := false
	for _, c := range q.Constraints {
		nc := c
		if t, k, ok := equation(c); !ok || eqs[t] != k {
			nc = s.apply(c)
		}
		switch {
		case nc.IsFalse():
			return l.answer(ctx, q, Response{Result: Unsat})
		case nc.IsTrue():
			changed = true
			continue
		}
		changed = changed || nc != c
		out = append(out, nc)
	}
	if !changed {
		return l.pass(ctx, q)
	}
	// The equations themselves are kept, so out is never empty.
	r := l.pass(ctx, Query{Constraints: out, ResourceLimit: q.ResourceLimit})
	if r.Result == Sat && r.Model != nil {
		// A variable may have gone with a constraint that became true:
		// it is free, and gets the value 0 the query's model needs.
		r.Model = project(r.Model, expr.Vars(q.Constraints...))
	}
	return r
}

// equation reads c as T = k: T a compound bit-vector term (not a
// variable, not a constant), k a constant.
func equation(c expr.Expr) (t, k expr.Expr, ok bool) {
	if c.Op() != expr.OpEq {
		return expr.Expr{}, expr.Expr{}, false
	}
	t, k = c.Arg(0), c.Arg(1)
	if t.IsConst() {
		t, k = k, t
	}
	if !k.IsConst() || t.IsConst() || t.IsVar() || !t.Sort().IsBV() {
		return expr.Expr{}, expr.Expr{}, false
	}
	return t, k, true
}

// substitution replaces the terms of eqs by their constants.
type substitution struct {
	eqs, memo map[expr.Expr]expr.Expr
}

// apply is e with every term of s.eqs replaced, outermost first.
func (s substitution) apply(e expr.Expr) expr.Expr {
	if k, ok := s.eqs[e]; ok {
		return k
	}
	if e.NumArgs() == 0 {
		return e
	}
	if got, ok := s.memo[e]; ok {
		return got
	}
	args := make([]expr.Expr, e.NumArgs())
	same := true
	for i := range args {
		args[i] = s.apply(e.Arg(i))
		same = same && args[i] == e.Arg(i)
	}
	out := e
	if !same {
		out = expr.Rebuild(e, args)
	}
	s.memo[e] = out
	return out
}
