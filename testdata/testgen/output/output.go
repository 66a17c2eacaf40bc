// Package output is a writer that holds back what it writes until it is
// flushed: its tests make it over a buffer they hold and read the buffer
// after Flush.
package output

import (
	"bufio"
	"io"
)

// Writer writes lines, upper-cased when Upper is set.
type Writer struct {
	w     *bufio.Writer
	Upper bool
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriter(w)}
}

// Line writes s and a newline.
func (w *Writer) Line(s string) error {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if w.Upper && 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		if err := w.w.WriteByte(c); err != nil {
			return err
		}
	}
	return w.w.WriteByte('\n')
}

// Flush writes what the Writer holds to its io.Writer.
func (w *Writer) Flush() error {
	return w.w.Flush()
}
