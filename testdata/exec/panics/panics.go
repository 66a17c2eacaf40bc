// Package panics holds fixtures for panic, defer and recover, and the
// runtime panics the executor finds.
package panics

// SafeDiv recovers from a division by zero.
func SafeDiv(a, b int) (q int, ok bool) {
	defer func() {
		if recover() != nil {
			q, ok = 0, false
		}
	}()
	return a / b, true
}

// Explicit panics with a message.
func Explicit(x int) int {
	if x == 42 {
		panic("the answer")
	}
	return x
}

// Shift panics on a negative amount.
func Shift(x, n int) int { return x << n }

// Deref dereferences a pointer that may be nil.
func Deref(p *int) int { return *p }

// Order records the order deferred calls run in.
func Order(x int) (s string) {
	defer func() { s += "1" }()
	defer func() { s += "2" }()
	if x > 0 {
		return "pos"
	}
	return "neg"
}

// writeError wraps an error to tell it from other panics, as
// text/tabwriter's osError does; it is no error itself.
type writeError struct{ err error }

// Wrapped panics with a writeError for a negative n: fmt prints the value,
// as it has no Error method.
func Wrapped(n int) int {
	if n < 0 {
		panic(writeError{nil})
	}
	return n
}

// DerefChecked compares p with nil and still dereferences it when strict:
// a nil p panics there, which is a finding, not a misuse.
func DerefChecked(p *int, strict bool) int {
	if p == nil && !strict {
		return 0
	}
	return *p
}

// Chain is a linked list.
type Chain struct {
	Next *Chain
	V    int
}

// Third reads the third link without checking for nil.
func Third(c *Chain) int { return c.Next.Next.V }

// DerefOrMinus recovers from a nil p: the recovering code runs only for a
// nil p, which the code never compares with nil.
func DerefOrMinus(p *int) (n int) {
	defer func() {
		if recover() != nil {
			n = -1
		}
	}()
	return *p
}
