// Package boundary holds fixtures whose comparisons have boundaries a test
// should sit on: a mutated comparison (>= for >, < for <=) is told apart
// only by the value at the boundary or the one next to it.
package boundary

// Grade maps a score to a letter; each threshold is a boundary.
func Grade(score int) string {
	if score >= 90 {
		return "A"
	} else if score >= 80 {
		return "B"
	} else if score >= 70 {
		return "C"
	}
	return "F"
}

// Clamp limits v to [lo, hi]: the boundaries are between two inputs.
func Clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Fits tells whether n bytes fit in a buffer of size 16; the comparison is
// unsigned.
func Fits(n uint) bool {
	if n <= 16 {
		return true
	}
	return false
}

// Step counts the steps of size 3 below limit, a loop whose every test is
// a comparison of the same source line.
func Step(limit int) int {
	n := 0
	for i := 0; i < limit && n < 4; i += 3 {
		n++
	}
	return n
}

// IsDigit compares a byte with characters: its boundaries read as
// characters too, c == '0' and c == '/', not 48 and 47.
func IsDigit(c byte) bool {
	if '0' <= c && c <= '9' {
		return true
	}
	return false
}
