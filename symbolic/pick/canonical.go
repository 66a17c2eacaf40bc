package pick

import (
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Canonical inputs for the runs to the end. A run to the end of a cut or
// pruned path goes, after the point where its path stopped, wherever its
// inputs lead, and which blocks it enters then depends on which model of
// the path condition it was given. Models differ for the same condition:
// a cache answers with one it stored for another query, and Z3 gives
// another when the query is asked in another form (one repeated
// constraint fewer). So the blocks those runs covered, and the tests,
// depended on the solver's layers and on what the store held, not on the
// program: on encoding/base32, with the same paths explored, the chain of
// layers and Z3 alone covered different statements.
//
// A canonical model depends on the condition alone. The variables the
// condition mentions are settled one after another, the lengths first,
// then the rest in the order the condition mentions them; each takes the
// most readable value consistent with the condition and the values
// settled before it:
//   - a byte of text: its position's letter ("abc…"), else the least
//     lowercase letter, else the least capital, digit or printable
//     character, in that order, as repair.go prefers, else the
//     least byte (which runes.go may then make part of a
//     printable character);
//   - a signed integer: the one nearest zero, positive first (0, 1, −1,
//     2, …);
//   - anything else (lengths, unsigned integers, bytes of numbers): the
//     least;
//   - a bool: false, else true.
//
// Each choice rests on satisfiable or unsatisfiable answers, which every
// correct solver gives alike. A model only shortens the search: the value
// it has, or a value that evaluation shows consistent with the condition,
// needs no query. A least value is found by galloping up from the least
// candidate, then halving (each query asks whether a value in a range is
// consistent), so a value near the start costs a few queries.
//
// What stays model-dependent: a query cut at its resource limit, or the
// queries of one model running out (canonicalQueries), settles the
// variable at the model's value, and so do the rest after the limit;
// array variables keep the model's contents.

// canonicalQueries bounds the queries asked for one canonical model,
// beyond the model of the condition itself.
const canonicalQueries = 256

// canonicalRlimit bounds each of those queries, in Z3's resource units,
// as ReadableRlimit does a preference query's: a cut one ends in about
// 20ms.
const canonicalRlimit = 100_000

// Canonical returns the canonical model of cond, or the answer of
// the solver when cond is not satisfiable.
func (p *Picker) Canonical(cond []expr.Expr) solver.Response {
	base, done := p.startingModel(cond)
	if done {
		return base
	}
	vars := expr.Vars(cond...)
	c := &canonicalSearch{
		p:        p,
		kept:     cond[:len(cond):len(cond)],
		mentions: termsMentioning(cond, vars),
		left:     canonicalQueries,
	}
	c.adopt(base.Model)
	for _, v := range settleOrder(vars) {
		if p.uncontrolled(v) {
			continue // no test sets it: the model's value stands
		}
		c.settle(v)
	}
	// A byte that no printable one can replace is the least the condition
	// allows: a run of them may still make whole printable characters.
	m := p.repairRunes(cond, &c.model, vars)
	return solver.Response{Result: solver.Sat, Model: p.withFill(m, setOf(vars), 0)}
}

// settleOrder is vars with the lengths first: a byte past the end is
// not there to be readable.
func settleOrder(vars []expr.Expr) []expr.Expr {
	var lengths, rest []expr.Expr
	for _, v := range vars {
		if isLengthVar(v) {
			lengths = append(lengths, v)
		} else {
			rest = append(rest, v)
		}
	}
	return append(lengths, rest...)
}

// canonicalSearch is the state of the search for a canonical model.
type canonicalSearch struct {
	p        *Picker
	kept     []expr.Expr // the condition and the values settled so far
	model    expr.Values // a model of kept, owned by the search
	mentions map[expr.Expr][]expr.Expr
	left     int         // queries left
	ruledOut [][2]uint64 // the ranges of keys of the variable being settled found inconsistent
}

// adopt makes a copy of m the search's model.
func (c *canonicalSearch) adopt(m *expr.Values) { c.model = scalarsCopy(m) }

// settle gives v its canonical value and adds it to kept.
func (c *canonicalSearch) settle(v expr.Expr) {
	var x uint64
	var value expr.Expr
	switch {
	case v.Sort().IsBool():
		x = c.settleBool(v)
		value = expr.BoolConst(x == 1)
	case v.Sort().IsBV():
		x = c.settleBV(v)
		value = expr.Const(v.Width(), x)
	default:
		return // an array: its contents are the model's
	}
	c.model.Scalars[v] = x
	c.kept = append(c.kept, expr.Eq(v, value))
}

func (c *canonicalSearch) settleBool(v expr.Expr) uint64 {
	if c.model.Scalar(v) == 0 || c.holdsWith(v, 0) {
		return 0
	}
	switch c.ask(expr.Not(v)) {
	case solver.Sat:
		return 0
	case solver.Unsat:
		return 1
	}
	return c.model.Scalar(v)
}

// settleBV settles a bit-vector variable: the least key of the first of
// its ranges that holds a value consistent with kept.
func (c *canonicalSearch) settleBV(v expr.Expr) uint64 {
	k := c.keyOf(v)
	c.ruledOut = c.ruledOut[:0]
	for _, r := range k.ranges {
		m := k.key(c.model.Scalar(v))
		if m < r[0] || m > r[1] {
			if c.holdsWith(v, k.value(r[0])) {
				return k.value(r[0])
			}
			switch c.ask(k.within(r[0], r[1])) {
			case solver.Unsat:
				c.ruledOut = append(c.ruledOut, r)
				continue
			case solver.Sat:
				m = k.key(c.model.Scalar(v))
			default:
				return c.model.Scalar(v)
			}
		}
		return k.value(c.least(v, k, r[0], m))
	}
	return c.model.Scalar(v) // the last range is every value
}

// least is the least key from lo up that a value of v consistent with
// kept has, given that the model's has key m (lo ≤ m): galloping up from
// lo, since it is most often near, then halving.
func (c *canonicalSearch) least(v expr.Expr, k valueKey, lo, m uint64) uint64 {
	galloping, step := true, uint64(1)
	for lo = c.pastRuledOut(lo); lo < m; lo = c.pastRuledOut(lo) {
		if c.holdsWith(v, k.value(lo)) {
			return lo
		}
		hi := lo + (m-lo)/2
		if galloping && step-1 < hi-lo {
			hi = lo + step - 1
			step *= 2
		}
		switch c.ask(k.within(lo, hi)) {
		case solver.Sat:
			m, galloping = k.key(c.model.Scalar(v)), false
		case solver.Unsat:
			lo = hi + 1
		default:
			return m
		}
	}
	return m
}

// pastRuledOut is the least key from lo up that no range found
// inconsistent before holds: a letter the first range ruled out is not
// asked again as the least of the next.
func (c *canonicalSearch) pastRuledOut(lo uint64) uint64 {
	for moved := true; moved; {
		moved = false
		for _, r := range c.ruledOut {
			if r[0] <= lo && lo <= r[1] && r[1] < ^uint64(0) {
				lo, moved = r[1]+1, true
			}
		}
	}
	return lo
}

// holdsWith reports whether the model with v set to x still satisfies
// kept, and makes it the model if so. Only the terms that mention v can
// change, and the values settled before mention other variables.
func (c *canonicalSearch) holdsWith(v expr.Expr, x uint64) bool {
	old, had := c.model.Scalars[v]
	c.model.Scalars[v] = x
	if allHold(c.mentions[v], &c.model) {
		return true
	}
	if had {
		c.model.Scalars[v] = old
	} else {
		delete(c.model.Scalars, v)
	}
	return false
}

// ask asks whether kept and extra hold together, adopting the model when
// they do. Unknown when the queries are spent or the solver gave up.
func (c *canonicalSearch) ask(extra expr.Expr) solver.Result {
	if c.left == 0 {
		return solver.Unknown
	}
	c.left--
	q := append(c.kept[:len(c.kept):len(c.kept)], extra)
	resp := c.p.check(solver.Query{Constraints: q, ResourceLimit: canonicalRlimit})
	if resp.Result == solver.Sat {
		c.adopt(resp.Model)
	}
	return resp.Result
}

// valueKey orders the values of one variable from the most readable: the
// canonical value is the least key of the first range that holds one.
type valueKey struct {
	v      expr.Expr
	width  int
	signed bool        // keys run 0, 1, −1, 2, −2, …
	ranges [][2]uint64 // in keys, the last one every key
}

func (c *canonicalSearch) keyOf(v expr.Expr) valueKey {
	w := v.Width()
	k := valueKey{v: v, width: w, signed: c.p.signed(v)}
	all := [2]uint64{0, mask(w)}
	if letter, ok := c.p.textLetter(v); ok {
		k.ranges = [][2]uint64{{uint64(letter), uint64(letter)}, {'a', 'z'}, {'A', 'Z'}, {'0', '9'}, {' ', '~'}, all}
	} else {
		k.ranges = [][2]uint64{all}
	}
	return k
}

// mask is the largest value of w bits.
func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

// key is x's key. For a signed variable, the zigzag code of −x: 0 is 0,
// 1 is 1, −1 is 2, 2 is 3; over w bits it maps every value to a key.
func (k valueKey) key(x uint64) uint64 {
	if !k.signed {
		return x
	}
	m := mask(k.width)
	y := -x & m
	sign := uint64(0)
	if y>>uint(k.width-1)&1 == 1 {
		sign = m
	}
	return (y<<1 ^ sign) & m
}

// value is the value whose key is key: the inverse of key.
func (k valueKey) value(key uint64) uint64 {
	if !k.signed {
		return key
	}
	m := mask(k.width)
	y := key>>1 ^ -(key & 1)
	return -y & m
}

// term is the key of v as a term: the same code as key.
func (k valueKey) term() expr.Expr {
	if !k.signed {
		return k.v
	}
	y := expr.Neg(k.v)
	return expr.BitXor(expr.Shl(y, expr.Const(k.width, 1)), expr.AShr(y, expr.Const(k.width, uint64(k.width-1))))
}

// within says that v's key is in [lo, hi].
func (k valueKey) within(lo, hi uint64) expr.Expr {
	t := k.term()
	upper := expr.Ule(t, expr.Const(k.width, hi))
	if lo == 0 {
		return upper
	}
	return expr.And(expr.Ule(expr.Const(k.width, lo), t), upper)
}
