package pick

import (
	"strconv"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// The executor names its input variables after the Go expression that
// reads them: "s" for a string's bytes as a whole, "len(s)" for its
// length, "s[3]" for one element, "p.f" for a field. The searches read
// those names to know a length from a byte, and which byte of a string
// a variable is.

// lenName is the name of the length of the input called name.
func lenName(name string) string { return "len(" + name + ")" }

// isLengthVar reports whether v is the length of a string or slice
// input ("len(s)").
func isLengthVar(v expr.Expr) bool { return strings.HasPrefix(v.Name(), "len(") }

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
