// Package ctor holds fixtures whose inputs are made through their
// packages' APIs: a type with unexported fields made by its constructor,
// io.Reader, io.Writer and error parameters, and an io.Writer field.
package ctor

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"

	"github.com/gosymtest/gosymtest/testdata/exec/ctor/tally"
)

// ErrEmpty is the sentinel Classify looks for.
var ErrEmpty = errors.New("empty")

// Scanner reads bytes from a reader; the zero value has no reader, so it
// is made by NewScanner.
type Scanner struct {
	r     io.Reader
	count int
}

// NewScanner returns a scanner over r.
func NewScanner(r io.Reader) *Scanner { return &Scanner{r: r} }

// Next returns the next byte, and false at the end of the input.
func (s *Scanner) Next() (byte, bool) {
	var b [1]byte
	n, err := s.r.Read(b[:])
	if n == 0 || err != nil {
		return 0, false
	}
	s.count++
	return b[0], true
}

// CountDigits counts the digits r yields, up to the first non-digit; it
// tells an input that starts with a letter apart.
func CountDigits(r io.Reader) int {
	var b [1]byte
	n := 0
	for {
		k, err := r.Read(b[:])
		if k == 0 || err != nil {
			return n
		}
		if b[0] < '0' || b[0] > '9' {
			if n == 0 && b[0] >= 'a' && b[0] <= 'z' {
				return -1
			}
			return n
		}
		n++
	}
}

// Greet writes a greeting to w; a long name gets a shorter one, and a
// name that starts with "x" a shout.
func Greet(w io.Writer, name string) (int, error) {
	if len(name) > 3 {
		return w.Write([]byte("hi"))
	}
	if strings.HasPrefix(name, "x") {
		return w.Write(bytes.ToUpper([]byte("hello " + name)))
	}
	return w.Write([]byte("hello " + name))
}

// Classify tells the sentinel, another error and nil apart.
func Classify(err error) string {
	switch {
	case err == nil:
		return "ok"
	case err == ErrEmpty:
		return "empty"
	case err.Error() == "eof":
		return "eof"
	}
	return "other"
}

// Spend counts on t until it is used up, at most n times; t is made by
// tally.New, since its fields are unexported.
func Spend(t *tally.Tally, n int) int {
	spent := 0
	for i := 0; i < n && i < 3; i++ {
		if !t.Add() {
			return -spent
		}
		spent++
	}
	return t.Left()
}

// Fits reports whether n fits in r; r is made by tally.NewRing, which
// panics on sizes no ring has.
func Fits(r *tally.Ring, n int) bool {
	if n < r.Size() {
		return true
	}
	return false
}

// Level sets g to v; g is made by new(tally.Gauge).Init.
func Level(g *tally.Gauge, v int) string {
	if !g.Set(v) {
		return "over"
	}
	return "set"
}

// Log writes lines to the writer it keeps, as a logger does.
type Log struct {
	out    io.Writer
	prefix string
}

// Print writes the prefix and msg to l.out, ending the line when msg does
// not.
func (l *Log) Print(msg string) error {
	if !strings.HasSuffix(msg, "\n") {
		msg += "\n"
	}
	_, err := io.WriteString(l.out, l.prefix+msg)
	return err
}

// Pool is configured by functional options, as many packages' types are.
type Pool struct {
	size  int
	label string
}

// PoolOption sets an option of a Pool.
type PoolOption func(*Pool)

// NewPool makes a Pool of four slots with the options applied in order.
func NewPool(opts ...PoolOption) *Pool {
	p := &Pool{size: 4}
	for _, opt := range opts {
		opt(p)
	}
	return p
}

// Take takes n slots of p.
func (p *Pool) Take(n int) error {
	if n > p.size {
		return errors.New("pool exhausted")
	}
	return nil
}

// Poll tells, without waiting, whether ctx is done, and otherwise the sign
// of n.
func Poll(ctx context.Context, n int) string {
	select {
	case <-ctx.Done():
		return "done: " + ctx.Err().Error()
	default:
	}
	if n < 0 {
		return "negative"
	}
	return "positive"
}
