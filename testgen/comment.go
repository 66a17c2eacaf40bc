package testgen

import (
	"go/types"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// commentWidth is where a row's comment is wrapped, between two parts.
const commentWidth = 100

// maxDecisive bounds the branches one comment names: the first case of a
// function adds every block it enters, and a reader wants the gist.
const maxDecisive = 6

// ssaTemp matches the name of an unnamed SSA value (t2).
var ssaTemp = regexp.MustCompile(`\bt[0-9]+\b`)

// commentText makes s fit on a comment line: runs of white space become
// one space, and a text with control characters (a NUL is not even legal
// in Go source) or invalid UTF-8 is written with Go's escapes instead.
func commentText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }) < 0 {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// wordText says which input a dictionary case set to a word: "s from
// the package's words" for a parameter; for a text deeper in one (the
// string a reader argument reads, a field), the parameter it is in, as
// the input's own name spells the constructors it went through.
func wordText(input string) string {
	if root, _, deeper := strings.Cut(input, "."); deeper {
		return commentText(root) + " holds one of the package's words"
	}
	return commentText(input) + " from the package's words"
}

// branchText is a decisive branch as the comment gives it: where it is and
// the condition as written, prefixed with the callee's name when the
// branch is not in the function under test: "parse.go:42: s[0] != 'v'",
// "parseInt: strconv.go:12: c < '0'".
func branchText(b Branch) string {
	s := commentText(b.Cond)
	if b.Pos != "" {
		s = commentText(b.Pos) + ": " + s
	}
	if b.Func != "" {
		s = commentText(b.Func) + ": " + s
	}
	return s
}

// comment says what decides a case, and how it panics. With the case's
// branches in source terms, it names the decisive ones (decisive.go);
// a case that no branch decides (kept for its panic, its boundary or a
// mutant, or with every path) names nothing but its boundary, if it has
// one, that a parameter holds one of the package's words, if it does,
// and the mutant it tells apart ("lev.go:26: tells y <= n from
// y < n"), if it was kept for one. Without branches, a case kept for a
// mutant says only that; any other falls back on the pins, joined with
// &&: a pin that names an SSA temporary tells a reader nothing and is
// left out, and a loop's pin that repeats on every turn is said once.
// "no branch depends on the inputs" is said only when that is true: the
// path pinned no branch at all.
func comment(c *candidate, home *types.Package) []string {
	var parts []string
	sep := " && "
	switch {
	case len(c.Branches) > 0:
		sep = "; "
		for _, b := range decisive(c, home) {
			if len(parts) == maxDecisive {
				parts[len(parts)-1] += "; …"
				break
			}
			parts = append(parts, branchText(b))
		}
	case c.tells != nil:
		// Kept for a mutant alone, with no branch in source terms: the
		// pins are a path condition that decided nothing about it, and
		// the mutant below says why the case is here.
	default:
		seen := make(map[string]bool)
		for _, p := range c.Pins {
			p = commentText(p)
			if ssaTemp.MatchString(p) || seen[p] || p == commentText(c.Boundary) {
				// A boundary case that took no explored path has its
				// boundary for its pin: it is said once, below.
				continue
			}
			seen[p] = true
			if strings.HasPrefix(p, "then ") && len(parts) > 0 {
				// A sentence about the path ("then run concretely to
				// the end…"), not one more condition of it.
				parts[len(parts)-1] += ";"
			}
			parts = append(parts, p)
		}
	}
	// The boundary, the mutant and the panic are sentences of their own,
	// not one more condition of the path: each ends the part before it,
	// so that pins joined with && never run on into them.
	if c.Boundary != "" {
		parts = append(endClause(parts), "boundary: "+commentText(c.Boundary))
	}
	if c.Word != "" {
		parts = append(endClause(parts), wordText(c.Word))
	}
	if c.tells != nil {
		parts = append(endClause(parts), mutantText(*c.tells))
	}
	if c.Want.Panics {
		p := "panics"
		if c.Want.PanicMsgKnown {
			p += ": " + commentText(c.Want.PanicMsg)
		}
		parts = append(endClause(parts), p)
	}
	if len(parts) == 0 {
		if len(c.Pins) == 0 && len(c.Branches) == 0 {
			return []string{"no branch depends on the inputs"}
		}
		return nil
	}
	return wrapParts(parts, sep)
}

// endClause ends the last part with a semicolon, unless it has one:
// wrapParts then puts a space after it, not the separator.
func endClause(parts []string) []string {
	if n := len(parts); n > 0 && !strings.HasSuffix(parts[n-1], ";") {
		parts[n-1] += ";"
	}
	return parts
}

// wrapParts joins parts with sep into lines of at most commentWidth
// bytes where the parts allow, breaking after a separator. A line never
// starts with white space: gofmt reads an indented comment line as a
// code block, and rewrites it as an empty // line and a tab-indented
// one.
func wrapParts(parts []string, sep string) []string {
	var lines []string
	line := ""
	for i, p := range parts {
		s := sep
		if i == 0 || strings.HasSuffix(parts[i-1], ";") {
			s = " "
		}
		switch {
		case line == "":
			line = p
		case len(line)+len(s)+len(p) > commentWidth:
			lines = append(lines, line+strings.TrimRight(s, " "))
			line = p
		default:
			line += s + p
		}
	}
	return append(lines, line)
}
