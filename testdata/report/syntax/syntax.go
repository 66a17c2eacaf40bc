// Package syntax holds the statement forms that make cmd/cover split
// blocks in unusual ways; the report's test checks that its blocks are
// exactly go test -cover's on this file.
package syntax

import "fmt"

var hook = func(x int) int { return x + 1 }

// Labels uses goto, labels on plain and control statements, and empty
// blocks.
func Labels(n int) (r int) {
	i := 0
loop:
	if i < n {
		i++
		goto loop
	}
outer:
	for j := 0; j < n; j++ {
		for k := 0; k < j; k++ {
			if k == 3 {
				continue outer
			}
			if k == 5 {
				break outer
			}
		}
	}
	if n > 100 {
	} else if n < -100 {
	} else {
		r = 1
	}
	{
		r++
	}
	return r
}

// Literals puts function literals in conditions, initialisers and calls.
func Literals(xs []int) int {
	if f := func() bool { return len(xs) > 2 }; f() {
		return 1
	}
	total := 0
	apply(xs, func(x int) { total += x })
	defer func() {
		total = 0
	}()
	for i := func() int { return 0 }(); i < len(xs); i++ {
		total += hook(i)
	}
	return total
}

func apply(xs []int, f func(int)) {
	for _, x := range xs {
		f(x)
	}
}

// Switches has expression, tagless, type and empty switches, fallthrough
// and a select.
func Switches(x int, v any, c chan int) string {
	switch y := x * 2; y {
	case 2, 4:
		x++
		fallthrough
	case 6:
		x--
	default:
	}
	switch {
	}
	switch t := v.(type) {
	case nil:
		return "nil"
	case int, int8:
		return fmt.Sprint(t)
	}
	select {
	case c <- x:
		return "sent"
	default:
		panic("full")
	}
}

// Bare ends a block with a panic call, as cmd/cover does.
func Bare(x int) int {
	if x > 0 {
		x++
		panic("positive")
	}
	return x
}
