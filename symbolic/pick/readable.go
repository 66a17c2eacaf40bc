package pick

import (
	"strings"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Readable inputs. A model of a path condition is correct but often ugly
// (-9223372036854775806, "\x80\x02", NUL padding). Before a path's test is
// made, the engine looks for a model that a person would have written,
// in two ways.
//
// The input variables the path condition does not mention take no part
// in the path: any value drives it alike. Such a byte of a string or of a
// []byte (not of a [16]byte, which holds numbers) is set to a letter of
// the alphabet by its position ("abc…"), without the solver, through the
// model's Fill; every other such variable stays 0 (an empty string, a nil
// pointer, a zero integer).
//
// The variables it mentions get preferences, each a ladder of three
// rungs from the most readable down: a byte is its position's letter,
// then any lowercase letter, then printable ASCII; a length is no more
// than the bytes the condition reads, then a few more, then 16 more; an
// integer is a digit, then within ±100 (0 … 100 when unsigned), then
// within ±10000. The rungs are tried in rounds: for lengths the strongest
// first (a byte that is not there need not be readable), then for the
// other values the weakest first (that every byte be printable matters
// most); each round all at once first, and when that is unsatisfiable in
// parts, keeping every part the solver accepts: the variables whose value
// is a byte the condition compares with apart from the others, else by
// halves. A preference that the current model already satisfies is kept
// without a query, as the model shows it consistent. At most
// ReadableQueries queries are asked per test, each within ReadableRlimit
// of Z3's resource units; a query cut there ends the search, and what
// the queries do not reach keeps the value of the previous model, until
// repair.go tries printable values for its bytes by evaluation,
// runes.go whole printable characters for its runs of bytes
// above 0x7f, and shrink.go moves its large integers toward
// zero. The bound is Z3's count of steps, not time, so that two runs
// write the same tests however loaded the machine is. The path condition
// is always kept, so the path is the same, and the replay of the inputs
// checks that it is. The runs to the end of cut and pruned paths take a
// canonical model instead (canonical.go), which depends on the condition
// alone.

// ReadableQueries bounds the queries asked per test beyond the model of
// the path condition itself.
const ReadableQueries = 12

// ReadableRlimit bounds each preference query, in Z3's resource units
// (solver.Query.ResourceLimit). A preference is only a wish, so a query
// that takes long (nonlinear arithmetic under narrow ranges can: one ran
// for more than 9 minutes) is given up, keeping the model found so far;
// the queries of the path condition itself have no such bound.
//
// Z3 4.8.12 spends about 5 million units a second on a hard bit-vector
// problem (factoring by multiplication), so a cut query ends in about
// 0.1s. On encoding/csv (about 900 preference queries) no query is cut
// at 100,000 units, one at 30,000 and seven at 10,000: the bound is at
// least five times what an ordinary query used there.
const ReadableRlimit = 500_000

// readableRounds is the number of rungs of a ladder.
const readableRounds = 3

// Readable returns a model of cond that prefers readable values.
func (p *Picker) Readable(cond []expr.Expr) solver.Response {
	base, done := p.startingModel(cond)
	if done {
		return base
	}
	vars := expr.Vars(cond...)
	r := &readableSearch{p: p, best: base, kept: cond[:len(cond):len(cond)], budget: ReadableQueries, consts: smallConsts(cond)}
	spans := inputSpans(vars)
	for _, v := range vars {
		if p.uncontrolled(v) {
			continue // no test sets it: readability does not apply
		}
		if l, ok := p.ladder(v, spans); ok {
			r.ladders = append(r.ladders, l)
			r.vars = append(r.vars, v)
			r.isLen = append(r.isLen, isLengthVar(v))
		}
	}
	r.level = make([]int, len(r.ladders))
	var lens, others []int
	for i := range r.ladders {
		r.level[i] = readableRounds
		if r.isLen[i] {
			lens = append(lens, i)
		} else {
			others = append(others, i)
		}
	}
	// Lengths first, the shortest first: a byte that is not there need
	// not be readable. Then the other values, the weakest rung first:
	// that every byte be printable matters most, and the queries that
	// are left make them more readable.
	for round := 0; round < readableRounds; round++ {
		r.try(lens, round)
	}
	for round := readableRounds - 1; round >= 0; round-- {
		r.try(others, round)
	}
	repaired := p.repairRunes(cond, p.repairBytes(cond, p.shrinkIntegers(cond, r.best.Model, vars), vars), vars)
	r.best.Model = p.withFill(repaired, setOf(vars), 0)
	return r.best
}

// startingModel is the solver's model of cond, from which a search for
// better values starts; done when it is the answer already: cond is
// empty, so that numbers are 0, as in the solver's model completion, and
// bytes letters, or it is not satisfiable.
func (p *Picker) startingModel(cond []expr.Expr) (resp solver.Response, done bool) {
	if len(cond) == 0 {
		return solver.Response{Result: solver.Sat, Model: p.withFill(&expr.Values{}, nil, 0)}, true
	}
	resp = p.check(solver.Query{Constraints: cond})
	return resp, resp.Result != solver.Sat
}

func setOf(vars []expr.Expr) map[expr.Expr]bool {
	set := make(map[expr.Expr]bool, len(vars))
	for _, v := range vars {
		set[v] = true
	}
	return set
}

// readableSearch is the state of the search for a readable model.
type readableSearch struct {
	p       *Picker
	best    solver.Response // the latest model; it satisfies kept
	kept    []expr.Expr     // the path condition and the preferences kept
	budget  int             // queries left
	ladders [][readableRounds]expr.Expr
	vars    []expr.Expr     // the variable of ladder i
	consts  map[uint64]bool // smallConsts of the path condition
	isLen   []bool          // ladder i is a length's
	level   []int           // the best rung kept of ladder i (readableRounds: none)
}

// try keeps as many of the group's preferences of the given round as the
// budget finds consistent: those the model satisfies at once, then the
// rest together, then by halves.
func (r *readableSearch) try(group []int, round int) {
	var rest []int
	for _, i := range group {
		if r.level[i] <= round {
			continue
		}
		if p := r.ladders[i][round]; expr.EvalBool(p, r.best.Model) {
			r.kept = append(r.kept, p)
			r.level[i] = round
		} else {
			rest = append(rest, i)
		}
	}
	if len(rest) == 0 || r.budget == 0 {
		return
	}
	r.budget--
	q := r.kept[:len(r.kept):len(r.kept)]
	for _, i := range rest {
		q = append(q, r.ladders[i][round])
	}
	resp := r.p.check(solver.Query{Constraints: q, ResourceLimit: ReadableRlimit})
	if resp.Result == solver.Unknown {
		// Cut at the resource limit (or cancelled): the preferences make
		// the problem hard, and their parts would likely be cut too. Keep
		// what was found.
		r.budget = 0
		return
	}
	if resp.Result == solver.Sat {
		r.best, r.kept = resp, q
		for _, i := range rest {
			r.level[i] = round
		}
		return
	}
	if len(rest) == 1 {
		return
	}
	// Split off the variables whose value is a constant the condition
	// compares with ('"', '\r'): they are the likely conflicts, and the
	// others then pass together. Otherwise split by halves.
	var plain, suspect []int
	for _, i := range rest {
		if r.consts[expr.Eval(r.vars[i], r.best.Model)] {
			suspect = append(suspect, i)
		} else {
			plain = append(plain, i)
		}
	}
	if len(plain) == 0 || len(suspect) == 0 {
		h := len(rest) / 2
		plain, suspect = rest[:h], rest[h:]
	}
	r.try(plain, round)
	r.try(suspect, round)
}

// smallConsts are the constants below 256 that the terms compare with or
// compute from: the bytes a path condition singles out.
func smallConsts(terms []expr.Expr) map[uint64]bool {
	consts := make(map[uint64]bool)
	seen := make(map[expr.Expr]bool)
	var walk func(expr.Expr)
	walk = func(x expr.Expr) {
		if seen[x] {
			return
		}
		seen[x] = true
		if x.IsConst() {
			if x.Sort().IsBV() && x.Value() < 256 {
				consts[x.Value()] = true
			}
			return
		}
		for i, n := 0, x.NumArgs(); i < n; i++ {
			walk(x.Arg(i))
		}
	}
	for _, t := range terms {
		walk(t)
	}
	return consts
}

// ladder is the readable preferences for an input variable, by its name,
// the most readable first. spans are the string and slice inputs whose
// elements the path condition mentions, with the number of elements up to
// the last one mentioned.
func (p *Picker) ladder(v expr.Expr, spans map[string]int) ([readableRounds]expr.Expr, bool) {
	if !v.Sort().IsBV() {
		return [readableRounds]expr.Expr{}, false
	}
	w, name := v.Width(), v.Name()
	c := func(x uint64) expr.Expr { return expr.Const(w, x) }
	in := func(lo, hi uint64) expr.Expr { return expr.And(expr.Ule(c(lo), v), expr.Ule(v, c(hi))) }
	signed := p.signed(v)
	if letter, ok := p.textLetter(v); ok {
		return [readableRounds]expr.Expr{expr.Eq(v, c(uint64(letter))), in('a', 'z'), in(' ', '~')}, true
	}
	if inner, ok := strings.CutPrefix(name, "len("); ok && strings.HasSuffix(inner, ")") {
		n := uint64(spans[strings.TrimSuffix(inner, ")")])
		return [readableRounds]expr.Expr{expr.Ule(v, c(n)), expr.Ule(v, c(n+3)), expr.Ule(v, c(n+16))}, true
	}
	if !signed {
		return [readableRounds]expr.Expr{expr.Ule(v, c(9)), expr.Ule(v, c(100)), expr.Ule(v, c(10000))}, true
	}
	around := func(x uint64) expr.Expr { return expr.And(expr.Sle(c(-x), v), expr.Sle(v, c(x))) }
	return [readableRounds]expr.Expr{expr.Ule(v, c(9)), around(100), around(10000)}, true
}

// textLetter is the letter of v when v is a byte of a string or []byte
// input that a test writes as text (fillByte): not a number's byte
// ([16]byte), not a signed integer, not a value the test cannot set.
func (p *Picker) textLetter(v expr.Expr) (byte, bool) {
	if !v.IsVar() || !v.Sort().IsBV() || v.Width() != 8 || p.uncontrolled(v) || p.signed(v) || p.arrayByte(v) {
		return 0, false
	}
	return fillByte(v.Name())
}

// withFill is a copy of m that gives each input byte the path condition
// does not mention (not in bound) its letter: no branch reads it, so any
// value drives the path alike. Every other such variable gets rest: 0 for
// the readable model, 1 (a pointer non-nil, a bool true) for the diverse
// one of propagation.go. The elements of a byte array no branch reads
// stay 0 whatever rest is: a [1025]byte of ones is a literal no reader
// wants, and the array is data, not a switch a test turns on.
func (p *Picker) withFill(m *expr.Values, bound map[expr.Expr]bool, rest uint64) *expr.Values {
	c := *m
	c.Fill = func(x expr.Expr) uint64 {
		if bound[x] || p.uncontrolled(x) || x.IsVar() && p.arrayByte(x) {
			return 0
		}
		if letter, ok := p.textLetter(x); ok {
			return uint64(letter)
		}
		return rest
	}
	return &c
}
