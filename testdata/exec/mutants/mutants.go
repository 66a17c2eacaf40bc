// Package mutants holds fixtures with operators whose mutants (as a
// mutation tool makes them: <= for <, - for +, x for -x) the shortest
// inputs cannot tell from the original, and some other input can.
package mutants

import "strings"

// SumTo is 0 + 1 + … + n. Only an n of 1 or more tells i <= n from
// i < n: for n <= 0 both sum nothing.
func SumTo(n int) int {
	s := 0
	for i := 0; i <= n; i++ {
		s += i
	}
	return s
}

// Discount takes 10 off a price above 100. Only a price of 100 tells
// price > 100 from price >= 100.
func Discount(price int) int {
	if price > 100 {
		return price - 10
	}
	return price
}

// Abs is |x|: dropping the negation shows on a negative x alone.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Blank tells whether s is all white space. strings.TrimSpace has
// comparisons of its own, which are not this package's to mutate.
func Blank(s string) bool {
	return strings.TrimSpace(s) == ""
}

// Shift moves a position past the start by an offset. The shortest inputs
// have an offset of 0, and pos + 0 is pos - 0: only a case made for the
// mutant tells them apart.
func Shift(pos, offset int) int {
	if pos > 0 {
		return pos + offset
	}
	return pos
}

// Gate passes v through when n is positive, and 0 otherwise. v takes no
// part in any branch, so the readable model leaves it 0, and then no case
// tells n > 0 from n <= 0: both return 0. Only a case on the same path
// with another v does.
func Gate(n, v int) int {
	if n > 0 {
		return v
	}
	return 0
}

// Ring counts what it holds. Take points head back at the ring itself,
// and its fields are unexported, so a test reads what Take leaves in r
// through Len: a mutant of r.n-- shows only there.
type Ring struct {
	head *Ring
	n    int
}

// Take removes one item from the ring.
func (r *Ring) Take() {
	r.head = r
	r.n--
}

// Len is the count: what a test reads of a Ring.
func (r *Ring) Len() int { return r.n }
