package prune

// PhiFlag is "x := 0; if c { x = 1 }; if x == 1 {…}": the value the φ of
// x selects depends on the branch on c, so a state that took the other
// edge differs in x and must not be pruned before the branch on x. y is
// written on some paths too, but no branch reads it.
func PhiFlag(c, d int) int {
	x := 0
	if c > 0 {
		x = 1
	}
	y := 0
	if d > 0 {
		y = 2
	}
	if x == 1 {
		return 10 + y
	}
	return y
}

// PhiCount counts three signs into n through a chain of φs and tests the
// count. States that reach the test with the same count (a>0, b<=0 and
// a<=0, b>0 both give 1) are the same for the future; those with other
// counts are not, and n == 3 needs every sign positive.
func PhiCount(a, b, c int) int {
	n := 0
	if a > 0 {
		n++
	}
	if b > 0 {
		n++
	}
	if c > 0 {
		n++
	}
	if n == 3 {
		return 1
	}
	return 0
}

// PhiLoop runs a bounded loop whose iterations each set a flag on some
// paths only; the flag decides a branch after the loop, and the sum does
// not.
func PhiLoop(a, b, c int) int {
	in := [3]int{a, b, c}
	seen, sum := false, 0
	for i := 0; i < 3; i++ {
		if in[i] > 0 {
			sum += in[i]
		}
		if in[i] == 7 {
			seen = true
		}
	}
	if seen {
		return sum
	}
	return -1
}
