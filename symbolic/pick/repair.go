package pick

import (
	"maps"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Repair of the bytes the preference queries left unreadable. The queries
// of readable.go can fail to reach a byte: their budget runs out, or a
// query is cut at its resource limit and ends the search. Both happen on
// strings a callee hashes (strings.Index's Rabin-Karp) or decodes, and the
// model keeps the solver's choice: "@@   @  \x00\n", where only the final
// newline matters to the path. Each byte that is no letter or digit is
// then tried, one at a time and without the solver, with its position's
// letter, then the other letters and digits, and, when its value is not
// printable, the rest of printable ASCII; it keeps the first under which
// every constraint of the path condition that mentions it still holds.
// Evaluation decides that exactly, so the path is the same; a byte the
// path needs as it is (a separator, a UTF-8 decoder's \x80) keeps its
// value.

// alnumCandidates and printableCandidates are the bytes a repaired byte may
// take after its position's letter, the most readable first: letters and
// digits, then (for a byte that is not printable) the rest of printable
// ASCII.
var alnumCandidates, printableCandidates = func() ([]byte, []byte) {
	var alnum, rest []byte
	for b := byte('a'); b <= 'z'; b++ {
		alnum = append(alnum, b)
	}
	for b := byte('A'); b <= 'Z'; b++ {
		alnum = append(alnum, b)
	}
	for b := byte('0'); b <= '9'; b++ {
		alnum = append(alnum, b)
	}
	for b := byte(' '); b <= '~'; b++ {
		if !isAlnum(b) {
			rest = append(rest, b)
		}
	}
	return alnum, append(alnum[:len(alnum):len(alnum)], rest...)
}()

func isAlnum(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// readableByte reports whether a byte reads as text in a literal: printable
// ASCII, a tab, a newline or a carriage return.
func readableByte(b uint64) bool {
	return ' ' <= b && b <= '~' || b == '\t' || b == '\n' || b == '\r'
}

// repairBytes returns m with the input bytes among vars that are no letter
// or digit made letters or digits, or at least printable, where the path
// condition cond allows, one byte at a time; m itself is not changed.
func (p *Picker) repairBytes(cond []expr.Expr, m *expr.Values, vars []expr.Expr) *expr.Values {
	var unreadable []expr.Expr
	for _, v := range vars {
		if _, text := p.textLetter(v); text && !isAlnum(byte(m.Scalar(v))) {
			unreadable = append(unreadable, v)
		}
	}
	if len(unreadable) == 0 {
		return m
	}
	mentions := termsMentioning(cond, unreadable)
	out := scalarsCopy(m)
	for _, v := range unreadable {
		old, had := out.Scalars[v]
		letter, _ := p.textLetter(v)
		kept := false
		candidates := alnumCandidates
		if !readableByte(m.Scalar(v)) {
			candidates = printableCandidates
		}
		for _, b := range append([]byte{letter}, candidates...) {
			out.Scalars[v] = uint64(b)
			if allHold(mentions[v], &out) {
				kept = true
				break
			}
		}
		if !kept {
			if had {
				out.Scalars[v] = old
			} else {
				delete(out.Scalars, v)
			}
		}
	}
	return &out
}

// scalarsCopy is a copy of m whose Scalars can be written without
// changing m's.
func scalarsCopy(m *expr.Values) expr.Values {
	out := *m
	out.Scalars = maps.Clone(m.Scalars)
	if out.Scalars == nil {
		out.Scalars = make(map[expr.Expr]uint64)
	}
	return out
}

// termsMentioning maps each of vars to the terms of cond that mention it.
func termsMentioning(cond []expr.Expr, vars []expr.Expr) map[expr.Expr][]expr.Expr {
	wanted := setOf(vars)
	mentions := make(map[expr.Expr][]expr.Expr, len(vars))
	for _, c := range cond {
		for _, v := range expr.Vars(c) {
			if wanted[v] {
				mentions[v] = append(mentions[v], c)
			}
		}
	}
	return mentions
}

// allHold reports whether every term is true under m.
func allHold(terms []expr.Expr, m *expr.Values) bool {
	ev := expr.NewEvaluator(m)
	for _, t := range terms {
		if ev.Eval(t) != 1 {
			return false
		}
	}
	return true
}
