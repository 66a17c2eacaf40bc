// Package iofail copies from a reader to a writer. Its error branches run
// only on readers and writers that fail, which the executor's failing
// inputs are.
package iofail

import (
	"bytes"
	"errors"
	"io"
	"strings"
)

// Copy copies r to w through a small buffer and returns how many bytes it
// wrote. A read or write error comes back wrapped ("read: …", "write: …"),
// after the bytes written before it are counted.
func Copy(w io.Writer, r io.Reader) (int, error) {
	var buf [4]byte
	total := 0
	for {
		n, err := r.Read(buf[:])
		if n > 0 {
			m, werr := w.Write(buf[:n])
			total += m
			if werr != nil {
				return total, wrap("write", werr)
			}
		}
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, wrap("read", err)
		}
	}
}

// wrap prefixes the message of err with op.
func wrap(op string, err error) error {
	return errors.New(op + ": " + err.Error())
}

// WriteTrimmed writes s to w without its surrounding space.
func WriteTrimmed(w io.Writer, s string) (int, error) {
	return io.WriteString(w, strings.TrimSpace(s))
}

// WriteTrimmedBytes writes p to w without its surrounding space.
func WriteTrimmedBytes(w io.Writer, p []byte) (int, error) {
	return w.Write(bytes.TrimSpace(p))
}
