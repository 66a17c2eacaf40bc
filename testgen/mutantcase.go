package testgen

import (
	"strings"
)

// Cases kept for a mutant. Coverage, panics and boundaries leave many
// mutants of the package's operators that no kept case tells from the
// original: for LevenshteinDistance, the shortest inputs ("", "a") run a
// loop once or not at all, and cannot tell y <= n from y < n. The
// executor replays each case with such mutants in place (symbolic's
// mutation pass) and lists in Case.Kills those whose outcome differs.
// After the cases kept for what they cover, how they panic and where
// they sit, selection keeps, in the executor's order, a case that kills
// a mutant no kept case kills (the kept cases' kills count first), up
// to maxMutantCases per function. Such a case says, in its comment and
// its name, what it tells apart: "lev.go:26: tells y <= n from y < n",
// returns_2_not_y_below_n.

// maxMutantCases bounds the cases one function's table keeps for a
// mutant alone: as for boundary cases, each is one more row to read,
// and the first few killers take most of what the others would (a case
// that runs a loop twice kills the loop's boundary and arithmetic
// mutants together).
const maxMutantCases = 16

// keepKillers marks, among the candidates not kept, those that kill a
// mutant no kept case kills, in order, up to maxMutantCases; it sets
// each one's tells to the first such mutant, and returns them.
func keepKillers(cands []*candidate, kept map[*candidate]bool, keptArgs map[string]bool) []*candidate {
	killed := make(map[Mutant]bool)
	for _, c := range cands {
		if kept[c] {
			for _, m := range c.Kills {
				killed[m] = true
			}
		}
	}
	var more []*candidate
	for _, c := range cands {
		if len(more) == maxMutantCases {
			break
		}
		if kept[c] || c.failed || keptArgs[argsKey(c.Case)] {
			continue
		}
		for i, m := range c.Kills {
			if !killed[m] {
				c.tells = &c.Kills[i]
				break
			}
		}
		if c.tells == nil {
			continue
		}
		for _, m := range c.Kills {
			killed[m] = true
		}
		keptArgs[argsKey(c.Case)] = true
		more = append(more, c)
	}
	return more
}

// mutated is the mutant's operation as it would read: "y < n" for the
// "<" mutant of "y <= n", "i--" for "i++", "x" for "-x"; "" when the
// operator cannot be told in the text (it occurs twice).
func mutated(m Mutant) string {
	switch {
	case m.To == "":
		return strings.TrimPrefix(m.Expr, m.From)
	case m.From == "++" || m.From == "--":
		return strings.TrimSuffix(m.Expr, m.From) + m.To
	}
	op := " " + m.From + " "
	if strings.Count(m.Expr, op) != 1 {
		return ""
	}
	return strings.Replace(m.Expr, op, " "+m.To+" ", 1)
}

// mutantText is what a case kept for mutant m tells apart, for its
// comment: "lev.go:26: tells y <= n from y < n".
func mutantText(m Mutant) string {
	pos := m.Pos
	if i := strings.LastIndexByte(pos, ':'); i > 0 && strings.Count(pos, ":") == 2 {
		pos = pos[:i] // the line is enough for a reader
	}
	other := mutated(m)
	if other == "" {
		other = "it with " + m.To + " for " + m.From
	}
	return commentText(pos) + ": tells " + commentText(m.Expr) + " from " + commentText(other)
}

// mutantPhrase is the part of a case's name that says which mutant it
// tells apart, after its outcome: not_y_below_n (returns_2_not_y_below_n:
// with y < n the call would not return 2), not_i_decremented,
// with_minus_x.
func mutantPhrase(m Mutant) string {
	switch {
	case m.To == "":
		return "with_" + condPhrase(m.Expr)
	case m.To == "--":
		return "not_" + condPhrase(strings.TrimSuffix(m.Expr, m.From)) + "_decremented"
	case m.To == "++":
		return "not_" + condPhrase(strings.TrimSuffix(m.Expr, m.From)) + "_incremented"
	}
	if other := mutated(m); other != "" {
		if p := condPhrase(other); p != "" {
			return "not_" + p
		}
	}
	return ""
}
