package green

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Store holds solved conjunctions: GreenTrie's SCS (Sat, with models) and
// UCS (Unsat) L-Tries with their implication partial-order graphs.
//
// A Store is not safe for concurrent use. Its answers depend only on the
// sequence of calls made on it, never on memory addresses or map order.
type Store struct {
	sat, unsat *lTrie
}

// NewStore returns an empty Store.
func NewStore() *Store {
	return &Store{sat: newLTrie(true), unsat: newLTrie(false)}
}

// FindSat returns the model of a stored Sat conjunction that is a logical
// superset of q (implies every atom of q), checked by evaluation to
// satisfy q; ok=false if none.
//
// The model gives every variable of q a value: when a stored model does
// not mention one (it does not when the stored conjunction implies q),
// the copy returned adds the value evaluation gave it. The returned model
// may be shared with the store: do not modify it. An empty q, or one
// that is false by itself, finds nothing.
func (s *Store) FindSat(q []expr.Expr) (model *expr.Values, ok bool) {
	if !allBool(q) {
		return nil, false
	}
	atoms, isFalse := canonAll(q)
	if isFalse || len(atoms) == 0 {
		return nil, false
	}
	checkable := 0 // 1 when q can be evaluated, -1 when it cannot; found once
	s.sat.supersets(atoms, func(leaf *trieNode) bool {
		if checkable == 0 {
			checkable = 1
			if hasArrayEq(q) {
				checkable = -1
			}
		}
		if checkable > 0 && satisfies(leaf.model, q) {
			model, ok = leaf.model, true
		}
		return !ok && checkable > 0
	})
	if !ok {
		return nil, false
	}
	return complete(model, q), true
}

// FindUnsat reports whether a stored Unsat conjunction is a logical subset
// of q (q implies each of its atoms). It also reports true when q holds a
// constraint that is false by itself (the constant false, T <s MinInt),
// which is unsatisfiable with no stored help.
func (s *Store) FindUnsat(q []expr.Expr) bool {
	if !allBool(q) {
		return false
	}
	atoms, isFalse := canonAll(q)
	if isFalse {
		return true
	}
	return len(atoms) > 0 && s.unsat.hasSubset(atoms)
}

// AddSat / AddUnsat store q's answer with the paper's prefix policy (SCS
// keeps the longer of two prefix-related conjunctions, UCS the shorter).
//
// The store keeps the canonical atoms of q, not q: callers get the most
// reuse by storing and querying Reduce's output. model must satisfy q
// (FindSat checks it again before it gives it out); a q that is false by
// itself, or holds something other than Bool terms, is not stored.
func (s *Store) AddSat(q []expr.Expr, model *expr.Values) {
	if !allBool(q) || model == nil {
		return
	}
	if atoms, isFalse := canonAll(q); !isFalse {
		s.sat.add(atoms, model)
	}
}

// AddUnsat stores q as unsatisfiable; see AddSat. q must be unsatisfiable:
// the store believes it.
func (s *Store) AddUnsat(q []expr.Expr) {
	if !allBool(q) {
		return
	}
	if atoms, isFalse := canonAll(q); !isFalse {
		s.unsat.add(atoms, nil)
	}
}

// allBool reports whether every constraint of q is a valid Bool term.
func allBool(q []expr.Expr) bool {
	for _, c := range q {
		if !c.IsValid() || !c.Sort().IsBool() {
			return false
		}
	}
	return true
}

// satisfies evaluates every constraint of q under m.
func satisfies(m *expr.Values, q []expr.Expr) bool {
	if m == nil {
		return false
	}
	ev := expr.NewEvaluator(m)
	for _, c := range q {
		if ev.Eval(c) != 1 {
			return false
		}
	}
	return true
}

// complete returns m, or a copy of it that gives the variables of q that
// m does not mention the value they were evaluated with.
func complete(m *expr.Values, q []expr.Expr) *expr.Values {
	var missing []expr.Expr
	for _, v := range expr.Vars(q...) {
		_, scalar := m.Scalars[v]
		_, array := m.Arrays[v]
		if !scalar && !array {
			missing = append(missing, v)
		}
	}
	if len(missing) == 0 {
		return m
	}
	c := &expr.Values{Scalars: make(map[expr.Expr]uint64, len(m.Scalars)+len(missing)), Arrays: make(map[expr.Expr]expr.ArrayValue, len(m.Arrays)), Fill: m.Fill}
	for v, x := range m.Scalars {
		c.Scalars[v] = x
	}
	for v, x := range m.Arrays {
		c.Arrays[v] = x
	}
	for _, v := range missing {
		if v.Sort().IsArray() {
			c.Arrays[v] = expr.ArrayValue{} // what Element gives an unmentioned array
		} else {
			c.Scalars[v] = m.Scalar(v)
		}
	}
	return c
}

// hasArrayEq reports whether q compares arrays, which expr.Eval cannot
// evaluate: a model for such a q cannot be checked, so it is not reused.
func hasArrayEq(q []expr.Expr) bool {
	seen := make(map[expr.Expr]bool)
	var walk func(e expr.Expr) bool
	walk = func(e expr.Expr) bool {
		if seen[e] {
			return false
		}
		seen[e] = true
		if e.Op() == expr.OpEq && e.Arg(0).Sort().IsArray() {
			return true
		}
		for i := range e.NumArgs() {
			if walk(e.Arg(i)) {
				return true
			}
		}
		return false
	}
	for _, c := range q {
		if walk(c) {
			return true
		}
	}
	return false
}
