package demo

import "errors"

// ErrSyntax reports a string that is not a number.
var ErrSyntax = errors.New("demo: not a number")

// ParseDigits parses an optional minus sign followed by decimal digits.
func ParseDigits(s string) (int, error) {
	if s == "" {
		return 0, ErrSyntax
	}
	negative := false
	if s[0] == '-' {
		negative = true
		s = s[1:]
		if s == "" {
			return 0, ErrSyntax
		}
	}
	n := 0
	for i := 0; i < len(s); i++ {
		d := s[i]
		if d < '0' || d > '9' {
			return 0, ErrSyntax
		}
		n = n*10 + int(d-'0')
	}
	if negative {
		n = -n
	}
	return n, nil
}
