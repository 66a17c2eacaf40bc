// Package apimade holds fixtures whose values of the package's own types
// are made only through the package's API: a constructor, a constructor
// of *T for a value T, package variables, and factories that return an
// unexported type inside an interface.
package apimade

import (
	"errors"
	"io"
	"strings"
)

// Encoding is used by value; the package hands it out as *Encoding.
type Encoding struct {
	pad  rune
	name string
}

// NewEncoding returns an encoding that pads with pad.
func NewEncoding(pad rune) *Encoding { return &Encoding{pad: pad, name: "custom"} }

// StdEncoding and NoPadding are the encodings callers use.
var (
	StdEncoding = &Encoding{pad: '=', name: "std"}
	NoPadding   = Encoding{pad: -1, name: "raw"}
)

// Padded reports whether enc pads, and how many bytes n pads to.
func (enc Encoding) Padded(n int) (bool, int) {
	if enc.pad < 0 {
		return false, n
	}
	return true, (n + 3) / 4 * 4
}

// encoder is reached only through NewEncoder's io.Writer.
type encoder struct {
	w   io.Writer
	n   int
	err error
}

// NewEncoder returns a writer that counts what it writes to w.
func NewEncoder(w io.Writer) io.Writer { return &encoder{w: w} }

func (e *encoder) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	if len(p) > 3 {
		e.err = errors.New("too long")
		return 0, e.err
	}
	e.n += len(p)
	return e.w.Write(p)
}

// source is returned by Open only for a positive kind.
type source struct {
	left int
}

// Open returns a source of kind bytes, or an empty reader for no kind.
func Open(kind int) io.Reader {
	if kind <= 0 {
		return strings.NewReader("")
	}
	return &source{left: kind}
}

func (s *source) Read(p []byte) (int, error) {
	if s.left == 0 {
		return 0, io.EOF
	}
	s.left--
	return 0, nil
}

// Stack is made by New.
type Stack struct {
	items []int
	limit int
}

// New returns a stack of at most limit items.
func New(limit int) *Stack {
	if limit < 1 {
		limit = 1
	}
	return &Stack{limit: limit}
}

// newEmpty is a stack of one item. It takes fewer parameters than New,
// but callers outside the package cannot call it: New is preferred.
func newEmpty() *Stack { return &Stack{limit: 1} }

// Push pushes v; it reports false when s is full.
func (s *Stack) Push(v int) bool {
	if len(s.items) >= s.limit {
		return false
	}
	s.items = append(s.items, v)
	return true
}

// node is a type no function returns: it is built field by field, in
// the shape of push's literal.
type node struct {
	val  int
	next *node
}

// push sums the list at n with v in front.
func push(n *node, v int) int { return sum(&node{val: v, next: n}) }

// sum adds up the values of the list at n.
func sum(n *node) int {
	t := 0
	for ; n != nil; n = n.next {
		t += n.val
	}
	return t
}

// Meter is shared through Shared, and Add changes what it points to: a
// test must not be given Shared, or it would change it for the others.
type Meter struct{ n int }

// Shared is the meter the package keeps.
var Shared = &Meter{}

// Add adds n to m.
func (m *Meter) Add(n int) { m.n += n }
