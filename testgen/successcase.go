package testgen

// A table whose every row fails (returns an error or panics) shows a
// parser or a constructor only refusing its input: a reader learns what
// it rejects, never what it accepts, and a mutant that breaks the
// accepting path survives. Coverage alone can leave it so, when the
// failing cases happened to enter every block first. So when the kept
// cases all fail and a candidate succeeds, the first one that does is
// kept too.

// withSuccess adds to kept, in the candidates' order, the first
// candidate that succeeds, when every kept one fails (Outcome.Fails:
// a panic, an error, or a false ok).
func withSuccess(cands, kept []*candidate) []*candidate {
	for _, c := range kept {
		if !c.Want.Fails() {
			return kept
		}
	}
	var success *candidate
	for _, c := range cands {
		if !c.failed && !c.Want.Fails() {
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
