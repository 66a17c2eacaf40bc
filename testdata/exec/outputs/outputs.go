// Package outputs is a writer that holds back what it writes until it
// is flushed, as csv.Writer does: the executor reads what reached the
// io.Writer it was made over after a Flush.
package outputs

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
