package pick

import (
	"slices"
	"strings"
	"sync"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Shrinking of the integers the preference queries left large. An integer
// ladder (readable.go) asks for a digit, then ±100, then ±10000, but its
// queries are cut when the path condition divides or multiplies by a
// symbolic value, which Z3 finds hard at 64 bits: text/tabwriter's
// writePadding divides by b.tabwidth, and its cases read
// textw: 1876198887973060738, tabwidth: 2697240351. No reviewer writes
// those. So each integer input still beyond ±shrinkFrom is moved toward
// zero by evaluation, without the solver, as QuickCheck shrinks a failing
// input: of the candidates 0, x−x/2, x−x/4, …, x−1 (each nearer to x than
// the last), it takes the first under which every term of the path
// condition that mentions it still holds, and starts again from there,
// until no candidate holds. Evaluation decides each term exactly, so the
// path is the same. The inputs are shrunk one after another, in rounds,
// since one's value may hold back another's (cellw − textw < 0 needs
// textw small before cellw can be); when none moves alone, two that a
// term ties are moved together, and when a few are still large, a grid of
// small values is tried for them at once (jump). All within shrinkEvals
// evaluations per model, a count, so that two runs write the same tests.

const (
	// shrinkFrom is the magnitude from which an integer is shrunk: the
	// middle rung of its ladder, which a reviewer reads without pause.
	shrinkFrom = 100
	// shrinkRounds bounds the passes over the inputs.
	shrinkRounds = 3
	// shrinkEvals bounds the candidates evaluated per model.
	shrinkEvals = 4096
)

// shrinkIntegers returns m with each integer input among vars that is
// beyond ±shrinkFrom moved toward zero where the path condition cond
// allows; m itself is not changed. Besides each input alone, two inputs
// that a term mentions together are moved together: a boundary case's
// cellw − textw == −1 holds neither still while the other moves.
func (p *Picker) shrinkIntegers(cond []expr.Expr, m *expr.Values, vars []expr.Expr) *expr.Values {
	var large []expr.Expr
	for _, v := range vars {
		if p.shrinkable(v) && p.magnitude(v, m.Scalar(v)) > shrinkFrom {
			large = append(large, v)
		}
	}
	if len(large) == 0 {
		return m
	}
	mentions := termsMentioning(cond, large)
	singles := make([]shrinkGroup, 0, len(large))
	for _, v := range large {
		singles = append(singles, shrinkGroup{vars: []expr.Expr{v}})
	}
	pairs := coupledPairs(large, mentions)
	out := scalarsCopy(m)
	sh := &shrinker{p: p, out: &out, mentions: mentions}
	// Each input alone as far as it goes, then, when none moves, the
	// pairs, after which the inputs alone may move again.
	for round := 0; round < shrinkRounds && sh.evals < shrinkEvals; round++ {
		if !sh.shrinkAll(singles) && !sh.shrinkAll(pairs) && !sh.jump(large) {
			break
		}
	}
	return &out
}

// gridValues are the small values jump tries, the smallest first.
var gridValues = []int64{0, 1, -1, 2, -2, 3, -3, 5, -5, 8, -8}

// maxGridInputs bounds the inputs jump moves at once: 11³ evaluations.
const maxGridInputs = 3

// jump sets the inputs of vars that are still beyond ±shrinkFrom, when
// there are at most maxGridInputs of them, to the first tuple of small
// values (gridValues each, the smallest sum of magnitudes first) under
// which the terms mentioning them hold, and reports whether one did.
// Moves from the solver's values cannot leave a region where an
// operation wraps around: writePadding's rounded cellw − textw is
// non-negative there only because it overflows, and every move that
// brings one input nearer to zero breaks that, though cellw = 2 with
// textw = 0 takes the same path without it.
func (sh *shrinker) jump(vars []expr.Expr) bool {
	var still []expr.Expr
	for _, v := range vars {
		if sh.p.magnitude(v, sh.out.Scalar(v)) > shrinkFrom {
			still = append(still, v)
		}
	}
	if len(still) == 0 || len(still) > maxGridInputs {
		return false
	}
	var terms []expr.Expr
	cur := make([]uint64, len(still))
	for i, v := range still {
		terms = append(terms, sh.mentions[v]...)
		cur[i] = sh.out.Scalar(v)
	}
	for _, tuple := range gridTuples()[len(still)] {
		if sh.evals >= shrinkEvals {
			break
		}
		sh.evals++
		for i, v := range still {
			sh.out.Scalars[v] = expr.Const(v.Width(), uint64(tuple[i])).Value()
		}
		if allHold(terms, sh.out) {
			return true
		}
	}
	for i, v := range still {
		sh.out.Scalars[v] = cur[i]
	}
	return false
}

// gridTuples are, by n up to maxGridInputs, the n-tuples of gridValues,
// the smallest sum of magnitudes first (in gridValues' order within a
// sum); made once, on the first jump.
var gridTuples = sync.OnceValue(func() [maxGridInputs + 1][][]int64 {
	weight := func(t []int64) int64 {
		var w int64
		for _, x := range t {
			w += max(x, -x)
		}
		return w
	}
	var byN [maxGridInputs + 1][][]int64
	tuples := [][]int64{nil}
	for n := 1; n <= maxGridInputs; n++ {
		var next [][]int64
		for _, t := range tuples {
			for _, x := range gridValues {
				next = append(next, append(slices.Clip(t), x))
			}
		}
		tuples = next
		byN[n] = slices.Clone(tuples)
		slices.SortStableFunc(byN[n], func(a, b []int64) int { return int(weight(a) - weight(b)) })
	}
	return byN
})

// shrinkAll steps each group as far as it goes and reports whether any
// moved.
func (sh *shrinker) shrinkAll(groups []shrinkGroup) bool {
	moved := false
	for _, g := range groups {
		for sh.evals < shrinkEvals && sh.step(g) {
			moved = true
		}
	}
	return moved
}

// maxShrinkPairs bounds the pairs of inputs moved together.
const maxShrinkPairs = 16

// shrinkGroup is inputs moved together: by the same amount, or, when
// opposite, the second by the negated amount (textw − d with cellw + d
// keeps cellw − textw's sign where it wraps around).
type shrinkGroup struct {
	vars     []expr.Expr
	opposite bool
}

// coupledPairs are the pairs of inputs, of one width, that some term
// mentions together, each moved both ways.
func coupledPairs(vars []expr.Expr, mentions map[expr.Expr][]expr.Expr) []shrinkGroup {
	var pairs []shrinkGroup
	for i, u := range vars {
		shared := setOf(mentions[u])
		for _, v := range vars[i+1:] {
			if len(pairs) >= maxShrinkPairs {
				return pairs
			}
			if u.Width() == v.Width() && slices.ContainsFunc(mentions[v], func(t expr.Expr) bool { return shared[t] }) {
				pairs = append(pairs, shrinkGroup{vars: []expr.Expr{u, v}}, shrinkGroup{vars: []expr.Expr{u, v}, opposite: true})
			}
		}
	}
	return pairs
}

// shrinker moves inputs of out toward zero, counting its evaluations.
type shrinker struct {
	p        *Picker
	out      *expr.Values
	mentions map[expr.Expr][]expr.Expr
	evals    int
}

// step moves the inputs of group by one amount, the first that brings
// the first of them nearer to zero, grows none of the others, and keeps
// the terms that mention any of them true, and reports whether it found
// one.
func (sh *shrinker) step(g shrinkGroup) bool {
	group := g.vars
	lead := group[0]
	cur := make([]uint64, len(group))
	for i, v := range group {
		cur[i] = sh.out.Scalar(v)
	}
	if sh.p.magnitude(lead, cur[0]) <= shrinkFrom && (len(group) > 1 || cur[0] == 0) {
		return false // a pair moves only what is still large
	}
	var terms []expr.Expr
	for _, v := range group {
		terms = append(terms, sh.mentions[v]...)
	}
	_, ok := firstHolding(shrinkCandidates(cur[0], lead.Width(), sh.p.signed(lead)), func(x uint64) bool {
		sh.evals++
		delta := x - cur[0]
		for i, v := range group {
			d := delta
			if g.opposite && i > 0 {
				d = -delta
			}
			moved := expr.Const(v.Width(), cur[i]+d).Value()
			if sh.p.magnitude(v, moved) > sh.p.magnitude(v, cur[i]) {
				return false // the pair's other input would grow
			}
			sh.out.Scalars[v] = moved
		}
		return allHold(terms, sh.out)
	})
	if !ok {
		for i, v := range group {
			sh.out.Scalars[v] = cur[i]
		}
	}
	return ok
}

// shrinkable reports whether v is an integer input a test writes as a
// number: not a byte of text (repair.go repairs those), not a
// length (its ladder keeps it short), not a value no test sets.
func (p *Picker) shrinkable(v expr.Expr) bool {
	if !v.IsVar() || !v.Sort().IsBV() || p.uncontrolled(v) || strings.HasPrefix(v.Name(), "len(") {
		return false
	}
	_, text := p.textLetter(v)
	return !text
}

// firstHolding is the first candidate for which holds is true.
func firstHolding(candidates []uint64, holds func(uint64) bool) (uint64, bool) {
	for _, c := range candidates {
		if holds(c) {
			return c, true
		}
	}
	return 0, false
}

// shrinkCandidates are the values nearer to zero than x, a w-bit integer
// (two's complement when signed), the smallest first: 0, x−x/2, x−x/4,
// …, x−1 (x+1 for a negative x).
func shrinkCandidates(x uint64, w int, signed bool) []uint64 {
	out := []uint64{0}
	if !signed {
		for d := x / 2; d > 0; d /= 2 {
			out = append(out, x-d)
		}
		return out
	}
	v := expr.Const(w, x).SignedValue()
	for d := v / 2; d != 0; d /= 2 {
		out = append(out, expr.Const(w, uint64(v-d)).Value())
	}
	return out
}

// magnitude is |x| for a value x of the integer input v, read as two's
// complement when v is signed.
func (p *Picker) magnitude(v expr.Expr, x uint64) uint64 {
	if !p.signed(v) {
		return x
	}
	s := expr.Const(v.Width(), x).SignedValue()
	return uint64(max(s, -s))
}
