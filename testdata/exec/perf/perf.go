// Package perf holds the executor's benchmark fixtures.
package perf

// ConcreteLoop does concrete work only: its speed in the interpreter,
// against compiled Go, is the interpreter's overhead.
func ConcreteLoop() int {
	s := 0
	for i := 0; i < 10000; i++ {
		s += i * i % 7
	}
	return s
}

// Branchy has 2^10 paths: a measure of forking speed.
func Branchy(a, b, c, d, e, f, g, h, i, j bool) int {
	n := 0
	if a {
		n++
	}
	if b {
		n += 2
	}
	if c {
		n += 3
	}
	if d {
		n += 4
	}
	if e {
		n += 5
	}
	if f {
		n += 6
	}
	if g {
		n += 7
	}
	if h {
		n += 8
	}
	if i {
		n += 9
	}
	if j {
		n += 10
	}
	return n
}

// Record is an input with some memory behind it.
type Record struct {
	ID    int
	Name  string
	Tags  []string
	Score [4]int
}

// Touch reads an input record, so a state holds objects.
func Touch(r *Record, k int) int {
	if r == nil {
		return -1
	}
	return r.ID + r.Score[k&3] + len(r.Name)
}
