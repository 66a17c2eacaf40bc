package solver

import (
	"context"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// cexLayer (LayerCex) is KLEE's counterexample cache over sets of
// constraints (terms are hash-consed, so a constraint is its own key):
//
//   - a stored Unsat set that is a subset of the query makes it Unsat;
//   - a stored model that satisfies the query, by evaluation, makes it
//     Sat. The models tried are bounded: those of the stored Sat sets
//     that contain the query's last constraint (a superset of the query
//     is one of them), the most recent first, and the most recent models
//     of all.
//
// Lookups go through indexes, never over everything stored: each Unsat
// set is filed under its last constraint (the branch that made it Unsat)
// and found from any constraint of the query; each Sat set under each of
// its constraints, keeping the latest cexPerConstraint.
type cexLayer struct {
	layer
	unsat  map[expr.Expr][][]expr.Expr
	sat    map[expr.Expr][]*expr.Values
	recent []*expr.Values // ring of the last cexRecent models
	next   int
	// in is the query as a set, reused between queries.
	in map[expr.Expr]bool
}

const (
	// cexPerConstraint bounds the models filed under one constraint.
	cexPerConstraint = 32
	// cexRecent is how many of the latest models are tried on any query.
	cexRecent = 8
)

func newCexLayer(inner Solver) *cexLayer {
	return &cexLayer{layer: layer{inner: inner}, unsat: map[expr.Expr][][]expr.Expr{}, sat: map[expr.Expr][]*expr.Values{}, in: map[expr.Expr]bool{}}
}

func (c *cexLayer) Check(ctx context.Context, q Query) Response {
	defer c.enter()()
	cs := q.Constraints
	if len(cs) == 0 || !wellFormed(q) {
		return c.pass(ctx, q)
	}
	if c.unsatSubset(cs) {
		return c.answer(ctx, q, Response{Result: Unsat})
	}
	if m := c.satisfying(cs); m != nil {
		return c.answer(ctx, q, Response{Result: Sat, Model: project(m, expr.Vars(cs...))})
	}
	r := c.pass(ctx, q)
	switch r.Result {
	case Unsat:
		last := cs[len(cs)-1]
		c.unsat[last] = append(c.unsat[last], dedup(cs))
	case Sat:
		if r.Model != nil {
			c.addSat(cs, r.Model)
		}
	}
	return r
}

// unsatSubset reports whether a stored Unsat set is a subset of cs.
func (c *cexLayer) unsatSubset(cs []expr.Expr) bool {
	if len(c.unsat) == 0 {
		return false
	}
	clear(c.in)
	for _, x := range cs {
		c.in[x] = true
	}
	for x := range c.in {
		for _, set := range c.unsat[x] {
			if c.allIn(set) {
				return true
			}
		}
	}
	return false
}

func (c *cexLayer) allIn(set []expr.Expr) bool {
	for _, x := range set {
		if !c.in[x] {
			return false
		}
	}
	return true
}

// satisfying is a stored model that satisfies cs, or nil.
func (c *cexLayer) satisfying(cs []expr.Expr) *expr.Values {
	filed := c.sat[cs[len(cs)-1]]
	tried := make(map[*expr.Values]bool, len(filed)+len(c.recent))
	try := func(m *expr.Values) bool {
		if m == nil || tried[m] {
			return false
		}
		tried[m] = true
		return modelHolds(cs, m)
	}
	for i := len(filed) - 1; i >= 0; i-- {
		if try(filed[i]) {
			return filed[i]
		}
	}
	for i := range c.recent {
		m := c.recent[(c.next-1-i+2*len(c.recent))%len(c.recent)]
		if try(m) {
			return m
		}
	}
	return nil
}

// addSat files a model of cs under each of its constraints and among the
// recent ones.
func (c *cexLayer) addSat(cs []expr.Expr, m *expr.Values) {
	for _, x := range dedup(cs) {
		l := c.sat[x]
		if len(l) == cexPerConstraint {
			l = append(l[:0:0], l[1:]...)
		}
		c.sat[x] = append(l, m)
	}
	if len(c.recent) < cexRecent {
		c.recent = append(c.recent, m)
		c.next = len(c.recent) % cexRecent
		return
	}
	c.recent[c.next] = m
	c.next = (c.next + 1) % cexRecent
}

// dedup is cs without repeats, in order, as a new slice.
func dedup(cs []expr.Expr) []expr.Expr {
	out := make([]expr.Expr, 0, len(cs))
	seen := make(map[expr.Expr]bool, len(cs))
	for _, x := range cs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
