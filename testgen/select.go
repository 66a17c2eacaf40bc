package testgen

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
)

// candidate is a case that can be written; failed marks one that go test
// rejected, which no later round selects again.
type candidate struct {
	Case
	failed bool
	// adds are the blocks and edges this case entered that no candidate
	// kept before it had, set by the last selection that kept it: its
	// decisive branches are those whose edge (or the block it leads to)
	// is among them (decisive.go).
	adds map[BlockID]bool
	// tells, on a case kept for a mutant alone, is the first mutant it
	// kills that no other kept case kills (mutantcase.go).
	tells *Mutant
}

// maxBoundaryCases bounds the boundary cases one function's table keeps
// for their boundary alone: each is one more row to read.
const maxBoundaryCases = 8

// selectCases keeps, in order, the candidates that enter a block of the
// package under test (home; nil: any) that no candidate kept before them
// entered, that panic in a way no kept
// candidate did (a panic inside an already covered block is a finding the
// tests must still show: an index out of range, a nil dereference), or
// that sit on a comparison's boundary that no kept case sits on (up to
// maxBoundaryCases of them, and only when no case has Kills: such a case
// tells a mutated comparison, < for <=, from the original, which a case
// away from the boundary does not, but when the executor weighed the
// cases against the mutants, the Kills say which boundary cases do), or
// that set a parameter to one of the package's words (Case.Word) and
// are the first kept case to succeed;
// then, of the others, those that kill a mutant no kept case kills (up to
// maxMutantCases: mutantcase.go), and a case that succeeds when every
// kept one fails (successcase.go); with all set it keeps every one. Failed
// candidates are never kept. The order is the executor's, so the choice
// is deterministic, and earlier cases win ties. Each kept candidate's
// adds records what it added, and tells the mutant it was kept for.
func selectCases(cands []*candidate, all bool, home *types.Package) []*candidate {
	covered := make(map[BlockID]bool)
	panics := make(map[string]bool)
	boundaries := make(map[string]bool)
	keptArgs := make(map[string]bool)
	// succeeded tells that a kept case succeeds (Outcome.Fails): a case
	// of the package's words that is the first to succeed is the
	// parser's success case, worth its row whatever it covers.
	succeeded := false
	// When the executor weighed the cases against mutants, a boundary
	// case is worth its row only for a mutant it kills (keepKillers);
	// without that knowledge (-no-mutants), the first few are kept.
	weighed := slices.ContainsFunc(cands, func(c *candidate) bool { return len(c.Kills) > 0 })
	var kept []*candidate
	for _, c := range cands {
		c.adds, c.tells = nil, nil
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
			if !inPackage(b.Func, home) {
				// Only the package's own statements count in go test
				// -cover: a case that only takes strconv or utf8
				// down another path adds nothing a user measures.
				continue
			}
			if !covered[b] {
				adds = true
				covered[b] = true
				if c.adds == nil {
					c.adds = make(map[BlockID]bool)
				}
				c.adds[b] = true
			}
		}
		// A boundary case whose inputs a kept case already has (an
		// ordinary case that sits on the boundary) would be a second row
		// with the same call.
		if c.Boundary != "" && !boundaries[c.Boundary] && !keptArgs[argsKey(c.Case)] && (adds || !weighed && len(boundaries) < maxBoundaryCases) {
			boundaries[c.Boundary] = true
			adds = true
		}
		if c.Word != "" && !succeeded && !c.Want.Fails() {
			adds = true
		}
		if adds {
			kept = append(kept, c)
			keptArgs[argsKey(c.Case)] = true
			succeeded = succeeded || !c.Want.Fails()
		}
	}
	if all {
		return kept
	}
	kept = withSuccess(cands, kept)
	isKept := make(map[*candidate]bool, len(kept))
	for _, c := range kept {
		isKept[c] = true
	}
	more := keepKillers(cands, isKept, keptArgs)
	if len(more) == 0 {
		return kept
	}
	for _, c := range more {
		isKept[c] = true
	}
	// Back in the executor's order.
	kept = kept[:0]
	for _, c := range cands {
		if isKept[c] {
			kept = append(kept, c)
		}
	}
	return kept
}

// argsKey identifies a case's call: its arguments as printed. Two cases
// that print alike and are not the same call only cost a boundary case
// its row.
func argsKey(c Case) string {
	var b strings.Builder
	for _, a := range c.Args {
		b.WriteString(a.String())
		b.WriteByte(0)
	}
	if c.Env != nil {
		fmt.Fprintf(&b, "%v", *c.Env)
	}
	return b.String()
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
