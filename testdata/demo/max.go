package demo

import "cmp"

// Max returns the larger of a and b.
func Max[T cmp.Ordered](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// HighScore returns the highest of the scores, or 0 if there are none.
func HighScore(scores []int) int {
	best := 0
	for _, s := range scores {
		best = Max(best, s)
	}
	return best
}

// LaterName returns whichever name sorts later.
func LaterName(a, b string) string {
	return Max(a, b)
}
