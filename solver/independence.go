package solver

import (
	"context"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// indepLayer (LayerIndependence) splits a query into groups of
// constraints that share variables, transitively (an array variable is a
// variable like any other), solves each group through the inner layers
// and joins their models. Groups that no constraint links share no
// variable, so the join is a model of the whole query, and the query is
// Unsat exactly when a group is. Each group keeps the constraints in the
// order of the query, so that Z3 still finds the prefixes it has
// asserted; the groups are asked in the order of their first constraint.
//
// What this buys is in the layers below: a path condition that grows by
// one branch changes one group, and the others are asked again as they
// were, which the caches answer.
type indepLayer struct {
	layer
	// vars memoizes expr.Vars per constraint: path conditions repeat.
	vars map[expr.Expr][]expr.Expr
}

func (l *indepLayer) Check(ctx context.Context, q Query) Response {
	defer l.enter()()
	if !wellFormed(q) {
		return l.pass(ctx, q)
	}
	groups := l.split(q.Constraints)
	if len(groups) <= 1 {
		return l.pass(ctx, q)
	}
	joined := &expr.Values{Scalars: map[expr.Expr]uint64{}}
	var unknowns []string
	for _, g := range groups {
		r := l.pass(ctx, Query{Constraints: g, ResourceLimit: q.ResourceLimit})
		switch r.Result {
		case Unsat:
			return r
		case Unknown:
			unknowns = append(unknowns, r.Reason)
		case Sat:
			join(joined, r.Model)
		}
	}
	if len(unknowns) > 0 {
		return Response{Result: Unknown, Reason: strings.Join(unknowns, "; ")}
	}
	return l.checked(ctx, q, Response{Result: Sat, Model: joined})
}

// join adds m's values to into. The groups' variables are disjoint.
func join(into, m *expr.Values) {
	if m == nil {
		return
	}
	for v, x := range m.Scalars {
		into.Scalars[v] = x
	}
	for v, a := range m.Arrays {
		if into.Arrays == nil {
			into.Arrays = make(map[expr.Expr]expr.ArrayValue)
		}
		into.Arrays[v] = a
	}
}

// split groups the constraints by shared variables (union-find over the
// variables). The constraints without variables (constants, when the
// fast paths are off) make one group.
func (l *indepLayer) split(cs []expr.Expr) [][]expr.Expr {
	if len(cs) <= 1 {
		return [][]expr.Expr{cs}
	}
	parent := map[expr.Expr]expr.Expr{}
	var find func(v expr.Expr) expr.Expr
	find = func(v expr.Expr) expr.Expr {
		p, ok := parent[v]
		if !ok || p == v {
			return v
		}
		root := find(p)
		parent[v] = root
		return root
	}
	for _, c := range cs {
		vs := l.varsOf(c)
		for _, v := range vs[min(1, len(vs)):] {
			if a, b := find(vs[0]), find(v); a != b {
				parent[b] = a
			}
		}
	}
	var groups [][]expr.Expr
	index := map[expr.Expr]int{} // root variable → its group
	for _, c := range cs {
		var root expr.Expr // the zero Expr for no variables
		if vs := l.varsOf(c); len(vs) > 0 {
			root = find(vs[0])
		}
		i, ok := index[root]
		if !ok {
			i = len(groups)
			index[root] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], c)
	}
	return groups
}

func (l *indepLayer) varsOf(c expr.Expr) []expr.Expr {
	vs, ok := l.vars[c]
	if !ok {
		vs = expr.Vars(c)
		l.vars[c] = vs
	}
	return vs
}
