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
