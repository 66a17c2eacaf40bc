// Package iofail copies from a reader to a writer. Its error branches run
// only on readers and writers that fail, which the executor's failing
// inputs are.
package iofail

import (
	"bytes"
	"io"
	"strings"
)

// OpError is a failed read or write.
type OpError struct {
	Op  string
	Err error
}

func (e *OpError) Error() string { return e.Op + ": " + e.Err.Error() }

// Unwrap gives the reader's or writer's error.
func (e *OpError) Unwrap() error { return e.Err }

// Copy copies r to w through a small buffer and returns how many bytes it
// wrote. A read or write error comes back wrapped in an OpError, after the
// bytes written before it are counted.
func Copy(w io.Writer, r io.Reader) (int, error) {
	var buf [4]byte
	total := 0
	for {
		n, err := r.Read(buf[:])
		if n > 0 {
			m, werr := w.Write(buf[:n])
			total += m
			if werr != nil {
				return total, &OpError{Op: "write", Err: werr}
			}
		}
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, &OpError{Op: "read", Err: err}
		}
	}
}

// Shout copies s to w in upper case, in chunks as Copy reads them.
func Shout(w io.Writer, s string) (int, error) {
	return Copy(upper{w}, strings.NewReader(s))
}

// upper writes to w in upper case.
type upper struct{ w io.Writer }

func (u upper) Write(p []byte) (int, error) { return u.w.Write(bytes.ToUpper(p)) }
