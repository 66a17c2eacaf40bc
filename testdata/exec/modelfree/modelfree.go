// Package modelfree holds a function whose exploration a work limit cuts
// short, and on which both the paths and the tests' inputs go through
// the solver's models: a slice taken from a symbolic index, whose values
// the solver enumerates, and bytes a test wants readable. The paths
// explored must be the same whatever models the solver gives.
package modelfree

// Score counts the letters of b from index i on: one for an 'a', two for
// a 'z', and stops at a '.'.
func Score(b []byte, i int) int {
	if i < 0 || i > len(b) {
		return -1
	}
	n := 0
	for _, c := range b[i:] {
		switch c {
		case 'a':
			n++
		case 'z':
			n += 2
		case '.':
			return n
		}
	}
	return n
}

// Twice counts the 'a's of b, twice over when n is 7, and refuses an n
// of 5 or less. Where a work limit cuts a path inside the loop, the run
// to its end goes the way n leads, and every n above 5 satisfies the
// path's condition there.
func Twice(b []byte, n int) int {
	if n <= 5 {
		return -1
	}
	count := 0
	for _, c := range b {
		if c == 'a' {
			count++
		}
	}
	if n == 7 {
		return 2 * count
	}
	return count
}
