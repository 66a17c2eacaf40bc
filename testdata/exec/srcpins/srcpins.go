// Package srcpins has branches to read in source terms: in the function
// under test, in a function it calls, in a method, and in a switch.
package srcpins

// Version tells whether s is a version: a 'v' and then digits only.
func Version(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	return digits(s[1:])
}

// digits tells whether s has decimal digits only.
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < '0' || c > '9' {
			return false
		}
	}
	return true
}

type lexer struct{ lines int }

// class is 0 for a blank, 1 for a newline, 2 for anything else.
func (l *lexer) class(c byte) int {
	switch c {
	case ' ', '\t':
		return 0
	case '\n':
		l.lines++
		return 1
	}
	return 2
}

// Kind names the class of c.
func Kind(c byte) string {
	l := &lexer{}
	if k := l.class(c); k == 1 {
		return "newline"
	} else if k == 0 {
		return "blank"
	}
	return "other"
}
