// Package output is a writer that holds back what it writes until it is
// flushed: its tests make it over a buffer they hold and read the buffer
// after Flush.
package output

import (
	"bufio"
	"io"
)

// Writer writes records, one per line, each after its Prefix.
type Writer struct {
	Prefix string
	out    *bufio.Writer
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{out: bufio.NewWriter(w)}
}

// Record writes the Prefix, s and a newline.
func (w *Writer) Record(s string) error {
	if _, err := w.out.WriteString(w.Prefix + s); err != nil {
		return err
	}
	return w.out.WriteByte('\n')
}

// Flush writes what the Writer holds to its io.Writer.
func (w *Writer) Flush() error {
	return w.out.Flush()
}
