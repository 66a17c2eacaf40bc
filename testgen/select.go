package testgen

import "strings"

// candidate is a case that can be written; failed marks one that go test
// rejected, which no later round selects again.
type candidate struct {
	Case
	failed bool
}

// selectCases keeps, in order, the candidates that enter a block that no
// candidate kept before them entered, or that panic in a way no kept
// candidate did (a panic inside an already covered block is a finding the
// tests must still show: an index out of range, a nil dereference); with
// all set it keeps every one. Failed candidates are never kept. The order
// is the executor's, so the choice is deterministic, and earlier cases win
// ties.
func selectCases(cands []*candidate, all bool) []*candidate {
	covered := make(map[BlockID]bool)
	panics := make(map[string]bool)
	var kept []*candidate
	for _, c := range cands {
		if c.failed {
			continue
		}
		adds := all
		if c.Want.Panics {
			kind := panicKind(c.Want)
			if !panics[kind] {
				panics[kind] = true
				adds = true
			}
		}
		for _, b := range c.Covers {
			if !covered[b] {
				adds = true
				covered[b] = true
			}
		}
		if adds {
			kept = append(kept, c)
		}
	}
	return kept
}

// panicKind groups panics whose messages differ only in values: "index out
// of range [3] with length 2" and "[5] with length 1" are one kind.
func panicKind(o Outcome) string {
	if !o.PanicMsgKnown {
		return "?"
	}
	msg := o.PanicMsg
	if i := strings.IndexByte(msg, '['); i >= 0 {
		msg = msg[:i]
	}
	return msg
}
