// Package budget has a function whose exploration outlasts a small
// budget, for the report's test that such gaps are never called dead.
package budget

// Steps counts the Collatz steps of n, up to 1000.
func Steps(n uint32) int {
	steps := 0
	for n > 1 && steps < 1000 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	if steps >= 1000 {
		return -1
	}
	return steps
}
