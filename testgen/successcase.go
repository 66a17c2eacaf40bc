package testgen

import (
	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// A table whose every row fails (returns an error or panics) shows a
// parser or a constructor only refusing its input: a reader learns what
// it rejects, never what it accepts, and a mutant that breaks the
// accepting path survives. Coverage alone can leave it so, when the
// failing cases happened to enter every block first. So when the kept
// cases all fail and a candidate succeeds, the first one that does is
// kept too.

// withSuccess adds to kept, in the candidates' order, the first
// candidate that returns without an error, when every kept one fails.
func withSuccess(cands, kept []*candidate) []*candidate {
	for _, c := range kept {
		if !fails(c.Want) {
			return kept
		}
	}
	var success *candidate
	for _, c := range cands {
		if !c.failed && !fails(c.Want) {
			success = c
			break
		}
	}
	if success == nil || len(kept) == 0 {
		return kept
	}
	out := make([]*candidate, 0, len(kept)+1)
	i := 0
	for _, c := range cands {
		if i < len(kept) && kept[i] == c {
			out = append(out, c)
			i++
		} else if c == success {
			out = append(out, c)
		}
	}
	return out
}

// fails reports whether an outcome is a failure: a panic, or a non-nil
// result of type error.
func fails(o Outcome) bool {
	if o.Panics {
		return true
	}
	for _, r := range o.Results {
		if r.ErrMsg != "" || r.Value.Kind != concrete.Nil && r.Value.Type != nil && loader.IsErrorType(r.Value.Type) {
			return true
		}
	}
	return false
}
