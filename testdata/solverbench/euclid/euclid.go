// Package euclid is a Go port of the Euclid subject of the GreenTrie
// paper's evaluation (§7): the greatest common divisor by Euclid's
// algorithm with subtraction only, written here for the solver bench
// (testdata/solverbench, bench's solver arms).
//
// Every turn of the loop is a branch on the difference of the inputs
// so far, so the path conditions grow by one comparison a turn and each
// is a prefix of the next: the case where answers can be reused.
package euclid

// Max bounds the inputs, so that the loop runs a bounded number of turns
// and the exploration can finish.
const Max = 24

// GCD returns the greatest common divisor of a and b, both in 1..Max, and
// 0 for inputs out of that range.
func GCD(a, b int) int {
	if a < 1 || b < 1 || a > Max || b > Max {
		return 0
	}
	for a != b {
		if a > b {
			a -= b
		} else {
			b -= a
		}
	}
	return a
}
