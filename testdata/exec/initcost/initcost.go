// Package initcost has a package variable whose initialiser runs a loop of
// some hundreds of instructions, so that a small init budget runs out.
package initcost

var squares = build(40)

func build(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i * i
	}
	return s
}

// Square looks i up in the table the initialiser built.
func Square(i int) int {
	if i < 0 || i >= len(squares) {
		return -1
	}
	return squares[i]
}

// Twice needs no package variable.
func Twice(x int) int {
	if x > 100 {
		return 0
	}
	return 2 * x
}
