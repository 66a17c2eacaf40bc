package dictionary

import (
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Prefixes. A line parser checks its header first
// (strings.CutPrefix(line, "//go:build")) and parses the rest. The
// header alone is an input that fails past the check, and the solver,
// given it, must still find a whole well-formed rest within the size
// bound; a fuzzer gets there by splicing dictionary tokens together.
// So does Words: each constant prefix the package checks for is joined
// to each other word, directly and after a space, the two ways a header
// meets what follows it ("v" and "1.2.3", "//go:build" and "ignore").

// prefixFuncs are the functions whose second argument is a prefix their
// first must start with.
var prefixFuncs = map[string]bool{
	"strings.HasPrefix":  true,
	"strings.TrimPrefix": true,
	"strings.CutPrefix":  true,
	"bytes.HasPrefix":    true,
	"bytes.TrimPrefix":   true,
	"bytes.CutPrefix":    true,
}

// prefixWords are the constant prefixes pkg checks its strings and byte
// slices for, in the order of its functions' names and then of the
// calls.
func prefixWords(pkg *ssa.Package) []string {
	var out []string
	eachCall(pkg, func(call ssa.CallInstruction) {
		callee := call.Common().StaticCallee()
		if callee == nil || callee.Pkg == nil || !prefixFuncs[callee.Pkg.Pkg.Path()+"."+callee.Name()] {
			return
		}
		if w, ok := constantText(call.Common().Args[1]); ok {
			out = append(out, w)
		}
	})
	return out
}

// constantText is the text of a constant string, or of a conversion of
// one to []byte.
func constantText(v ssa.Value) (string, bool) {
	if conv, ok := v.(*ssa.Convert); ok {
		v = conv.X
	}
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// joined are each prefix followed by each word that is not a prefix and
// does not start with this one already, directly and after a space.
func joined(prefixes, words []string) []string {
	isPrefix := make(map[string]bool, len(prefixes))
	for _, p := range prefixes {
		isPrefix[p] = true
	}
	var out []string
	for _, p := range prefixes {
		for _, w := range words {
			if !isPrefix[w] && !strings.HasPrefix(w, p) {
				out = append(out, p+w, p+" "+w)
			}
		}
	}
	return out
}
