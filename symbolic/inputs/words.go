package inputs

import (
	"maps"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// WithWord is the model m with the string or byte-slice input called
// name holding word: its length, its bytes and, for a slice, a non-nil
// header. The word may be longer than the input's size bound: a replay
// of the model (ReplayInputs) builds the input as long as the word, so
// that the concrete run and the test's literal both see all of it.
func WithWord(m expr.Assignment, name string, word []byte) expr.Assignment {
	vals := map[string]uint64{LenName(name): uint64(len(word)), nilnessName(name): 1}
	for i, b := range word {
		vals[ElemName(name, i)] = uint64(b)
	}
	return wordModel{Assignment: m, name: name, size: len(word), vals: vals}
}

type wordModel struct {
	expr.Assignment
	name string
	size int
	vals map[string]uint64
}

func (w wordModel) Scalar(v expr.Expr) uint64 {
	if v.IsVar() {
		if x, ok := w.vals[v.Name()]; ok {
			return x
		}
	}
	return w.Assignment.Scalar(v)
}

// wordSizes are the sizes the words of m (WithWord, outermost first)
// need of their inputs' bounds.
func wordSizes(m expr.Assignment) map[string]int {
	var out map[string]int
	for {
		w, ok := m.(wordModel)
		if !ok {
			return out
		}
		if out == nil {
			out = make(map[string]int)
		}
		if _, set := out[w.name]; !set {
			out[w.name] = w.size
		}
		m = w.Assignment
	}
}

// withWordSizes is grown with each bound raised to the size of the word
// its input holds.
func withWordSizes(grown map[string]int, sizes map[string]int) map[string]int {
	if len(sizes) == 0 {
		return grown
	}
	out := maps.Clone(grown)
	if out == nil {
		out = make(map[string]int)
	}
	for name, n := range sizes {
		out[name] = max(out[name], n)
	}
	return out
}
