// Package afterstate is a fixture for the checks of what a call leaves in
// the memory its arguments point to, and of sentinel errors: a method
// that returns nothing and changes a counter, functions that write into a
// slice argument (sorting, upper-casing) or a map, a ring whose root points to itself (no literal can
// write it whole) with a size and an embedded count that change, and a function that returns
// io.EOF, a sentinel of its own or an error made on the spot; and what a
// function and a writer type write to an io.Writer.
package afterstate

import (
	"errors"
	"io"
)

// Greet writes a greeting for name to w: what a test checks is the text.
func Greet(w io.Writer, name string) {
	if name == "" {
		name = "you"
	}
	io.WriteString(w, "hello, "+name)
}

// Logger writes lines to its output.
type Logger struct {
	out   io.Writer
	lines int
}

// NewLogger is a Logger writing to out.
func NewLogger(out io.Writer) *Logger { return &Logger{out: out} }

// Log writes one line; an empty message, or a Logger without an
// output, writes nothing.
func (l *Logger) Log(msg string) error {
	if l.out == nil || msg == "" {
		return nil
	}
	if _, err := io.WriteString(l.out, msg+"\n"); err != nil {
		return errors.New("log: " + err.Error())
	}
	l.lines++
	return nil
}

// Counter counts calls of Inc.
type Counter struct {
	n    int
	name string
}

// Inc adds one to the count, back to zero past 9; it returns nothing.
func (c *Counter) Inc() {
	c.n++
	if c.n > 9 {
		c.n = 0
	}
}

// N is the count: a getter, through which a test reads what Inc did.
func (c *Counter) N() int { return c.n }

// Score is a total that callers read through its String method.
type Score struct{ total int }

// Bump returns a score k higher than s; a negative k counts as 0.
func Bump(s Score, k int) *Score {
	if k < 0 {
		k = 0
	}
	return &Score{total: s.total + k}
}

// String says the total in a word.
func (s *Score) String() string {
	switch {
	case s.total == 0:
		return "nothing"
	case s.total > 9:
		return "many"
	}
	return "some"
}

// Sort2 puts the first two elements of xs in order, in place.
func Sort2(xs []int) {
	if len(xs) >= 2 && xs[0] > xs[1] {
		xs[0], xs[1] = xs[1], xs[0]
	}
}

// Upper turns the ASCII lower-case letters of b into upper case, in place.
func Upper(b []byte) {
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
}

type node struct {
	next *node
}

// Ring is a ring of nodes; its root points to itself when the ring is
// empty, as container/list's does. Its Stats are what a caller reads.
type Ring struct {
	root node
	size int
	Stats
}

// Stats counts what was done to a Ring.
type Stats struct {
	Adds int
}

// Len is the number of nodes.
func (r *Ring) Len() int { return r.size }

// Add puts a node after the root.
func (r *Ring) Add() {
	if r.root.next == nil {
		r.root.next = &r.root
	}
	r.root.next = &node{next: r.root.next}
	r.size++
	r.Adds++
}

// Tally counts one more of word; a nil map panics.
func Tally(counts map[string]int, word string) {
	counts[word]++
}

// ErrBang is returned by Take for a '!'.
var ErrBang = errors.New("afterstate: bang")

// Take returns the first byte of s: io.EOF when there is none, ErrBang
// for a '!', and an error of its own for a '?'.
func Take(s string) (byte, error) {
	if s == "" {
		return 0, io.EOF
	}
	switch s[0] {
	case '!':
		return 0, ErrBang
	case '?':
		return 0, errors.New("afterstate: question")
	}
	return s[0], nil
}
