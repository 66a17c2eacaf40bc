package symbolic

import (
	"strings"

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
// textw small before cellw can be), within shrinkEvals evaluations per
// model, a count, so that two runs write the same tests.

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
// allows; m itself is not changed.
func (e *Engine) shrinkIntegers(cond []expr.Expr, m *expr.Values, vars []expr.Expr) *expr.Values {
	var large []expr.Expr
	for _, v := range vars {
		if e.shrinkable(v) && magnitude(m.Scalar(v), v.Width(), e.signedInputs[v.Name()]) > shrinkFrom {
			large = append(large, v)
		}
	}
	if len(large) == 0 {
		return m
	}
	mentions := termsMentioning(cond, large)
	out := scalarsCopy(m)
	evals := 0
	for round := 0; round < shrinkRounds && evals < shrinkEvals; round++ {
		changed := false
		for _, v := range large {
			signed := e.signedInputs[v.Name()]
			for evals < shrinkEvals {
				cur := out.Scalar(v)
				if magnitude(cur, v.Width(), signed) == 0 {
					break
				}
				next, ok := firstHolding(shrinkCandidates(cur, v.Width(), signed), func(x uint64) bool {
					evals++
					out.Scalars[v] = x
					return allHold(mentions[v], &out)
				})
				if !ok {
					out.Scalars[v] = cur
					break
				}
				out.Scalars[v] = next
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return &out
}

// shrinkable reports whether v is an integer input a test writes as a
// number: not a byte of text (readablerepair.go repairs those), not a
// length (its ladder keeps it short), not a value no test sets.
func (e *Engine) shrinkable(v expr.Expr) bool {
	if !v.IsVar() || !v.Sort().IsBV() || isUncontrolled(v) || strings.HasPrefix(v.Name(), "len(") {
		return false
	}
	_, text := e.textLetter(v)
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
	v := int64(x)
	if signed {
		v = signExtend(x, w)
	}
	var out []uint64
	add := func(c int64) {
		if len(out) == 0 || out[len(out)-1] != truncate(uint64(c), w) {
			out = append(out, truncate(uint64(c), w))
		}
	}
	add(0)
	if !signed {
		for d := x / 2; d > 0; d /= 2 {
			out = append(out, x-d)
		}
		return out
	}
	for d := v / 2; d != 0; d /= 2 {
		add(v - d)
	}
	return out
}

// magnitude is |x| for a w-bit integer, two's complement when signed.
func magnitude(x uint64, w int, signed bool) uint64 {
	if !signed {
		return x
	}
	v := signExtend(x, w)
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

// signExtend reads the low w bits of x as a two's complement integer.
func signExtend(x uint64, w int) int64 {
	if w >= 64 {
		return int64(x)
	}
	shift := 64 - w
	return int64(x<<shift) >> shift
}

// truncate keeps the low w bits of x.
func truncate(x uint64, w int) uint64 {
	if w >= 64 {
		return x
	}
	return x & (1<<w - 1)
}
