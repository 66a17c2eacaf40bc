// Package deadcode has branches that no input reaches, next to branches
// that look alike and do run, for the coverage report's tests. Comments
// "dead" mark the blocks the report must prove dead; nothing else may be.
package deadcode

// Mod4's inner branch is dead: x%4 == 1 makes x odd.
func Mod4(x int) int {
	if x%4 == 1 {
		if x%2 == 0 {
			return 100 // dead
		}
		return 1
	}
	return 0
}

// Short's inner check is dead: len(s) > 5 under len(s) < 3.
func Short(s string) string {
	if len(s) < 3 {
		if len(s) > 5 {
			return "impossible" // dead
		}
		return "short"
	}
	return "long"
}

// Shape is implemented by Square and *Circle only: its method is
// unexported, so no type of another package implements it.
type Shape interface{ area() int }

type Square struct{ Side int }

func (s Square) area() int { return s.Side * s.Side }

type Circle struct{ R int }

func (c *Circle) area() int { return 3 * c.R * c.R }

// Perimeterer is implemented by no type of the program.
type Perimeterer interface{ Perimeter() int }

// Kind's Perimeterer case is dead: no implementing type reaches it.
func Kind(s Shape) string {
	switch s.(type) {
	case Square:
		return "square"
	case *Circle:
		return "circle"
	case Perimeterer:
		return "has a perimeter" // dead
	case nil:
		return "nil"
	}
	return "other" // dead
}

// Label's second case only assigns, so it has no SSA instruction of its
// own: the report finds it through the SSA edge into the case body.
func Label(x uint8) string {
	s := "small"
	switch {
	case x > 200:
		s = "large"
	case x > 250:
		s = "huge" // dead
	}
	return s
}

// Sign's branches only assign, and all of them run.
func Sign(x int) int {
	r := 0
	if x > 0 {
		r = 1
	} else if x < 0 {
		r = -1
	}
	return r
}

// Flag branches on a parameter: there is no condition instruction to
// follow, and both branches run.
func Flag(b bool, x int) int {
	r := x
	if b {
		r = -x
	}
	return r
}

// Sum's break never runs (i < 8), but the SSA has no block for it (the
// jump goes straight to the loop exit), so the report cannot prove it
// dead and must not claim it.
func Sum(n uint8) int {
	sum := 0
	for i := 0; i < int(n%8); i++ {
		if i > 10 {
			break
		}
		sum += i
	}
	return sum
}

// Adder's closure body does not run here, but it is no dead code: the
// caller calls it.
func Adder(n int) func(int) int {
	return func(x int) int { return x + n }
}

// Clamper's closure has blocks of its own. None runs here, and none is
// dead: the caller calls the closure.
func Clamper(max int) func(int) int {
	return func(x int) int {
		if x > max {
			return max
		}
		return x
	}
}

// Tried tries its classifier on the parity of n, and returns it: a
// caller may call it with any x, so nothing in it is dead.
func Tried(n int) func(int) int {
	classify := func(x int) int {
		if x > 5 {
			return 1
		}
		return 0
	}
	_ = classify(n & 1)
	return classify
}

// Local calls its classifier only on the parity of n: x > 5 never holds.
func Local(n int) int {
	classify := func(x int) int {
		if x > 5 {
			return 1 // dead
		}
		return 0
	}
	return classify(n & 1)
}

// Either's right operand is dead: x > 5 && x < 3.
func Either(x int) bool {
	if x > 5 {
		return x < 3 && x%2 == 0
	}
	return false
}
