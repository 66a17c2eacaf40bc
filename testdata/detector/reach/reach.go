// Package reach holds the cases of the detector's pruning of states that
// can reach no code left uncovered (detector/reach_test.go).
package reach

import "unicode/utf8"

// Runes counts the runes of s after a check of its own. Once both sides
// of the check have tests, nothing utf8's loop does can cover more of
// the package.
func Runes(s string) int {
	if s == "" {
		return -1
	}
	return utf8.RuneCountInString(s)
}

// Valid calls the same loop before a branch of its own, which stays
// ahead of every state inside the loop until both its sides have tests.
func Valid(s string) string {
	n := utf8.RuneCountInString(s)
	if n == len(s) {
		return "ascii"
	}
	return "utf8"
}
