package symbolic

import (
	"strconv"
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
// readableQueries queries are asked per test, each within readableRlimit
// of Z3's resource units; a query cut there ends the search, and what
// the queries do not reach keeps the value of the previous model, until
// readablerepair.go tries printable values for its bytes by evaluation,
// readablerunes.go whole printable characters for its runs of bytes
// above 0x7f, and readableshrink.go moves its large integers toward
// zero. The bound is Z3's count of steps, not time, so that two runs
// write the same tests however loaded the machine is. The path condition
// is always kept, so the path is the same, and the replay of the inputs
// checks that it is. The runs to the end of cut and pruned paths take a
// canonical model instead (canonical.go), which depends on the condition
// alone.

// readableQueries bounds the queries asked per test beyond the model of
// the path condition itself.
const readableQueries = 12

// readableRlimit bounds each preference query, in Z3's resource units
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
const readableRlimit = 500_000

// readableRounds is the number of rungs of a ladder.
const readableRounds = 3

// readableModel returns a model of cond that prefers readable values.
func (e *Engine) readableModel(cond []expr.Expr) solver.Response {
	base, done := e.startingModel(cond)
	if done {
		return base
	}
	vars := expr.Vars(cond...)
	r := &readableSearch{e: e, best: base, kept: cond[:len(cond):len(cond)], budget: readableQueries, consts: smallConsts(cond)}
	spans := inputSpans(vars)
	for _, v := range vars {
		if isUncontrolled(v) {
			continue // no test sets it: readability does not apply
		}
		if l, ok := e.ladder(v, spans); ok {
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
	repaired := e.repairRunes(cond, e.repairBytes(cond, e.shrinkIntegers(cond, r.best.Model, vars), vars), vars)
	r.best.Model = e.withFill(repaired, setOf(vars), 0)
	return r.best
}

// startingModel is the solver's model of cond, from which a search for
// better values starts; done when it is the answer already: cond is
// empty, so that numbers are 0, as in the solver's model completion, and
// bytes letters, or it is not satisfiable.
func (e *Engine) startingModel(cond []expr.Expr) (resp solver.Response, done bool) {
	if len(cond) == 0 {
		return solver.Response{Result: solver.Sat, Model: e.withFill(&expr.Values{}, nil, 0)}, true
	}
	resp = e.check(solver.Query{Constraints: cond})
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
	e       *Engine
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
	resp := r.e.check(solver.Query{Constraints: q, ResourceLimit: readableRlimit})
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
func (e *Engine) ladder(v expr.Expr, spans map[string]int) ([readableRounds]expr.Expr, bool) {
	if !v.Sort().IsBV() {
		return [readableRounds]expr.Expr{}, false
	}
	w, name := v.Width(), v.Name()
	c := func(x uint64) expr.Expr { return expr.Const(w, x) }
	in := func(lo, hi uint64) expr.Expr { return expr.And(expr.Ule(c(lo), v), expr.Ule(v, c(hi))) }
	signed := e.signedInputs[name]
	if letter, ok := e.textLetter(v); ok {
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

// inputSpans maps each input whose elements ("s[3]") vars mention to one
// more than the highest index mentioned.
func inputSpans(vars []expr.Expr) map[string]int {
	spans := make(map[string]int)
	for _, v := range vars {
		if base, i, ok := elementOf(v.Name()); ok && spans[base] < i+1 {
			spans[base] = i + 1
		}
	}
	return spans
}

// elementOf splits the name of an element ("s[3]") into the name of what
// holds it and its index; ok is false for a name that is no element's.
func elementOf(name string) (base string, i int, ok bool) {
	open := strings.LastIndexByte(name, '[')
	if open < 0 || !strings.HasSuffix(name, "]") {
		return "", 0, false
	}
	i, err := strconv.Atoi(name[open+1 : len(name)-1])
	if err != nil || i < 0 {
		return "", 0, false
	}
	return name[:open], i, true
}

// fillByte is the letter for the element called name ("s[3]" is 'd'), when
// name is an element's.
func fillByte(name string) (byte, bool) {
	_, i, ok := elementOf(name)
	if !ok {
		return 0, false
	}
	return byte('a' + i%26), true
}

// textLetter is the letter of v when v is a byte of a string or []byte
// input that a test writes as text (fillByte): not a number's byte
// ([16]byte), not a signed integer, not a value the test cannot set.
func (e *Engine) textLetter(v expr.Expr) (byte, bool) {
	if !v.IsVar() || !v.Sort().IsBV() || v.Width() != 8 || isUncontrolled(v) || e.signedInputs[v.Name()] || e.arrayBytes[v.Name()] {
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
func (e *Engine) withFill(m *expr.Values, bound map[expr.Expr]bool, rest uint64) *expr.Values {
	c := *m
	c.Fill = func(x expr.Expr) uint64 {
		if bound[x] || isUncontrolled(x) || x.IsVar() && e.arrayBytes[x.Name()] {
			return 0
		}
		if letter, ok := e.textLetter(x); ok {
			return uint64(letter)
		}
		return rest
	}
	return &c
}
