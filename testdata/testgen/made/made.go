// Package made is the fixture for tests whose inputs are made through a
// package's API: constructors (one variadic), io.Reader, io.Writer and
// error parameters.
package made

import (
	"bytes"
	"errors"
	"io"
	"strings"
)

// ErrStop is a sentinel error.
var ErrStop = errors.New("stop")

// Counter counts in steps; its fields are unexported, so it is made by
// NewCounter.
type Counter struct{ n, step int }

// NewCounter returns a counter that counts in steps of step.
func NewCounter(step int) *Counter { return &Counter{step: step} }

// Next counts one step.
func (c *Counter) Next() int {
	c.n += c.step
	return c.n
}

// Bag holds strings.
type Bag struct{ items []string }

// NewBag returns a bag of the items.
func NewBag(items ...string) *Bag { return &Bag{items: items} }

// Len is the number of items.
func (b *Bag) Len() int { return len(b.items) }

// Items are the items, the very slice the bag was made with.
func (b *Bag) Items() []string { return b.items }

// Kind names an error; a long message is "long".
func Kind(err error) string {
	switch {
	case err == nil:
		return "nil"
	case err == ErrStop:
		return "stop"
	case strings.Count(err.Error(), "") > 4:
		return "long"
	}
	return "other"
}

// FirstByte reads one byte of r.
func FirstByte(r io.Reader) (byte, error) {
	var b [1]byte
	_, err := io.ReadFull(r, b[:])
	return b[0], err
}

// Echo writes s in upper case to w.
func Echo(w io.Writer, s string) int {
	n, _ := w.Write(bytes.ToUpper([]byte(s)))
	return n
}

// Meter has no constructor function: Init sets it up.
type Meter struct{ max int }

// Init sets the maximum and returns m.
func (m *Meter) Init(max int) *Meter {
	m.max = max
	return m
}

// Max is the maximum.
func (m *Meter) Max() int { return m.max }

// Style is used by value; the package hands it out as *Style.
type Style struct{ width int }

// NewStyle returns a style of the given width.
func NewStyle(width int) *Style { return &Style{width: width} }

// Default is the style callers use.
var Default = &Style{width: 4}

// Width is s's width.
func (s Style) Width() int { return s.width }

// upper is handed out only inside an io.Writer.
type upper struct{ w io.Writer }

// NewUpper returns a writer that writes to w in upper case.
func NewUpper(w io.Writer) io.Writer { return &upper{w: w} }

func (u *upper) Write(p []byte) (int, error) { return u.w.Write(bytes.ToUpper(p)) }

// Splitter splits on Sep; callers get one from NewSplitter and may set
// Sep before they use it.
type Splitter struct {
	Sep rune
	n   int
}

// NewSplitter returns a splitter on ','.
func NewSplitter() *Splitter { return &Splitter{Sep: ','} }

// Semi reports whether s splits on ';'.
func (s *Splitter) Semi() bool {
	s.n++
	return s.Sep == ';'
}
