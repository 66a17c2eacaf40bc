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

// Drain receives from a channel, which only another goroutine could fill:
// gosymtest's paths of it wait forever.
func Drain(c chan int) int { return <-c }

// CountIf counts the elements keep accepts; a nil keep accepts them all.
func CountIf(xs []int, keep func(int) bool) int {
	if keep == nil {
		return len(xs)
	}
	n := 0
	for _, x := range xs {
		if keep(x) {
			n++
		}
	}
	return n
}

// Scorer scores a name.
type Scorer func(name string) (int, bool)

// Rank ranks a name by a scorer, which may say it knows none.
func Rank(name string, score Scorer) string {
	s, ok := score(name)
	switch {
	case !ok:
		return "unknown"
	case s >= 90:
		return "top"
	case s < 0:
		return "negative"
	}
	return "ranked"
}

// HasHook only asks whether a hook is set, and never calls it.
func HasHook(hook func(string) error, x int) int {
	if hook != nil {
		return x + 1
	}
	return x
}

// Settle defers a callback, which panics on return when it is nil.
func Settle(done func(), x int) int {
	defer done()
	if x > 0 {
		return 1
	}
	return 0
}
