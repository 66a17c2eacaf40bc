// Package flow holds the cases of the flow edges, on which
// Relevance.CanCover tells whether a state may still run code of the
// package that is not covered yet (cdg/flow_test.go).
package flow

import "strings"

// Count calls into the standard library, which cannot call back.
func Count(s string) int {
	if s == "" {
		return -1
	}
	return strings.Count(s, "a")
}

// Twice calls helper before and after a branch of its own.
func Twice(x int) int {
	a := helper(x)
	if x > 5 {
		a++
	}
	return a + helper(x+1)
}

func helper(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Apply calls a func value: it may call any function of the package
// whose value is taken, such as UseApply's literal.
func Apply(f func(int) int, x int) int {
	return f(x)
}

// ApplyIf calls a func value when x is positive: its branch decides
// whether a function of the package whose value is taken runs.
func ApplyIf(f func(int) int, x int) int {
	if x > 0 {
		return f(x)
	}
	return 0
}

func UseApply() int {
	return Apply(func(x int) int {
		if x > 2 {
			return x
		}
		return 0
	}, 3)
}

// Deferred's deferred call runs after its return.
func Deferred(x int) (r int) {
	defer settle(&r)
	if x > 0 {
		return 1
	}
	return 2
}

func settle(r *int) {
	if *r > 1 {
		*r = 0
	}
}
