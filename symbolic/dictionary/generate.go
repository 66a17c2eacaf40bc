package dictionary

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"unicode/utf8"
)

// patternWords are strings made from the syntax tree of p: the first
// choice everywhere, then, one part at a time, each other choice of that
// part (each alternative, an optional group taken and not, a repetition
// 1, 0 and 2 times, a char class by its first char), the strings p
// matches first. Optional parts are taken in the first choice, so that
// it is the fullest shape ("1.2.3-beta+build" more than "1"), which
// takes a parser furthest, and each other word drops or varies one part; then, for each, a variant that fails at one part. At
// most maxPerPattern in all; none for a pattern that does not compile.
func patternWords(p pattern) []string {
	flags := syntax.Perl
	compile := regexp.Compile
	if p.posix {
		flags = syntax.POSIX
		compile = regexp.CompilePOSIX
	}
	re, err := syntax.Parse(p.expr, flags)
	if err != nil {
		return nil
	}
	prog, err := compile(p.expr)
	if err != nil {
		return nil
	}
	var matching []string
	for _, w := range choices(re.Simplify()) {
		if len(matching) == maxPerPattern/2 {
			break
		}
		if prog.MatchString(w) && !slices.Contains(matching, w) {
			matching = append(matching, w)
		}
	}
	out := append([]string(nil), matching...)
	for _, w := range matching {
		if f, ok := failing(w, prog); ok && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// maxChoices bounds the strings one node of a syntax tree gives, so that
// a deep pattern costs little.
const maxChoices = 8

// choices are the strings re gives, its first choice first: a
// concatenation varies one part at a time, the others at their first
// choice, so that the strings grow with the parts, not with their
// product.
func choices(re *syntax.Regexp) []string {
	var out []string
	add := func(ss ...string) {
		for _, s := range ss {
			if len(out) < maxChoices && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	switch re.Op {
	case syntax.OpLiteral:
		add(string(re.Rune))
	case syntax.OpCharClass:
		add(string(classChar(re.Rune)))
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		add("a")
	case syntax.OpCapture:
		add(choices(re.Sub[0])...)
	case syntax.OpStar:
		add(repeat(re.Sub[0], 1, 0, 2)...)
	case syntax.OpPlus:
		add(repeat(re.Sub[0], 1, 2)...)
	case syntax.OpQuest:
		add(repeat(re.Sub[0], 1, 0)...)
	case syntax.OpRepeat:
		ns := []int{re.Min, re.Min + 1, re.Min + 2}
		if re.Min == 0 {
			ns = []int{1, 0, 2}
		}
		for _, n := range ns {
			if re.Max < 0 || n <= re.Max {
				add(repeat(re.Sub[0], n)...)
			}
		}
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			add(choices(s)...)
		}
	case syntax.OpConcat:
		parts := make([][]string, len(re.Sub))
		for i, s := range re.Sub {
			parts[i] = choices(s)
			if len(parts[i]) == 0 {
				return nil
			}
		}
		join := func(at, choice int) string {
			var b []byte
			for i, p := range parts {
				c := 0
				if i == at {
					c = choice
				}
				b = append(b, p[c]...)
			}
			return string(b)
		}
		add(join(-1, 0))
		for i, p := range parts {
			for c := 1; c < len(p); c++ {
				add(join(i, c))
			}
		}
	case syntax.OpNoMatch:
	default:
		// The empty matches: ^, $, \b and the like.
		add("")
	}
	return out
}

// repeat is sub repeated each of counts times (its first choice each
// time), then once with each other choice of sub when 1 is among the
// counts.
func repeat(sub *syntax.Regexp, counts ...int) []string {
	cs := choices(sub)
	var out []string
	for _, n := range counts {
		if len(cs) == 0 {
			if n == 0 {
				out = append(out, "")
			}
			continue
		}
		var s string
		for range n {
			s += cs[0]
		}
		out = append(out, s)
	}
	if len(cs) > 1 && slices.Contains(counts, 1) {
		out = append(out, cs[1:]...)
	}
	return out
}

// classChar is a char of the class ranges: the first ASCII letter or
// digit, else the first printable ASCII char, when there is one, as a
// person would write, else the first.
func classChar(ranges []rune) rune {
	for _, r := range "0aA" {
		for i := 0; i+1 < len(ranges); i += 2 {
			lo, hi := ranges[i], ranges[i+1]
			if base := max(lo, r); base <= hi && base < r+10 && (r != '0' || base <= '9') && (r == '0' || base <= r+25) {
				return base
			}
		}
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := max(ranges[i], ' '+1), min(ranges[i+1], '~')
		if lo <= hi {
			return lo
		}
	}
	if len(ranges) == 0 {
		return utf8.RuneError
	}
	return ranges[0]
}

// failing is w with one byte changed, or else its last byte dropped, so
// that re no longer matches it: the first such change from the end,
// where a parser's later parts are.
func failing(w string, re *regexp.Regexp) (string, bool) {
	for i := len(w) - 1; i >= 0; i-- {
		for _, c := range []byte{'x', '0', '.', '-'} {
			if w[i] == c {
				continue
			}
			v := w[:i] + string(c) + w[i+1:]
			if !re.MatchString(v) {
				return v, true
			}
		}
	}
	if v := w[:len(w)-min(len(w), 1)]; v != "" && !re.MatchString(v) {
		return v, true
	}
	return "", false
}
