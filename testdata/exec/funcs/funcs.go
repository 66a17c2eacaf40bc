// Package funcs holds fixtures for closures, method values and recursion.
package funcs

import "os"

// Counter returns a closure over a captured variable.
func Counter(start int) int {
	n := start
	inc := func() { n++ }
	inc()
	inc()
	if n == 10 {
		return 0
	}
	return n
}

// Acc is an accumulator with a method.
type Acc struct{ total int }

// Add adds to the accumulator.
func (a *Acc) Add(x int) { a.total += x }

// MethodValue calls through a method value.
func MethodValue(x int) int {
	a := &Acc{}
	add := a.Add
	add(x)
	add(x)
	return a.total
}

// Fact is recursive.
func Fact(n uint8) uint64 {
	if n <= 1 {
		return 1
	}
	return uint64(n) * Fact(n-1)
}

// Apply calls a func that may be nil.
func Apply(f func(int) int, x int) int {
	return f(x)
}

// Home reads the environment: gosymtest skips it.
func Home() string { return lookup("HOME") }

func lookup(k string) string { return os.Getenv(k) }

// Drain takes a channel: gosymtest skips it.
func Drain(c chan int) int { return <-c }
