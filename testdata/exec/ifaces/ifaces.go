// Package ifaces holds interface fixtures: an interface with two
// implementations, type switches and assertions, and a reader of another
// package's type held in a struct.
package ifaces

import (
	"errors"
	"io"
)

// Shape has an area.
type Shape interface{ Area() int }

// Rect is a rectangle.
type Rect struct{ W, H int }

// Area implements Shape.
func (r Rect) Area() int { return r.W * r.H }

// Square is a square.
type Square struct{ Side int }

// Area implements Shape.
func (s *Square) Area() int { return s.Side * s.Side }

// Pick builds one of two shapes and calls through the interface.
func Pick(square bool, n int) int {
	var s Shape
	if square {
		s = &Square{Side: n}
	} else {
		s = Rect{W: n, H: 2}
	}
	if s.Area() > 100 {
		return 1
	}
	return 0
}

// Describe is a type switch.
func Describe(kind int) string {
	var v any
	switch kind {
	case 0:
		v = 42
	case 1:
		v = "text"
	case 2:
		v = Rect{1, 2}
	}
	switch x := v.(type) {
	case int:
		return "int"
	case string:
		return "string " + x
	case Shape:
		return "shape"
	}
	return "nil"
}

// MustInt asserts (and panics when it fails).
func MustInt(useString bool) int {
	var v any = 1
	if useString {
		v = "one"
	}
	return v.(int)
}

// ErrNegative is returned for negative inputs.
var ErrNegative = errors.New("negative input")

// Check returns errors.
func Check(x int) error {
	if x < 0 {
		return ErrNegative
	}
	if x == 0 {
		return errors.New("zero")
	}
	return nil
}

// Measure takes a Shape input: nil, a Rect or a *Square.
func Measure(s Shape) int {
	if s == nil {
		return -1
	}
	if s.Area() > 50 {
		return 1
	}
	return 0
}

// AreaOf calls a method of its input without comparing it with nil.
func AreaOf(s Shape) int { return s.Area() }

// Kind takes any value and tells a few dynamic types apart.
func Kind(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int:
		if x > 10 {
			return "big int"
		}
		return "int"
	case bool:
		return "bool"
	case Rect:
		return "rect"
	}
	return "other"
}

// Box holds an interface and a map, so both are nested inside inputs.
type Box struct {
	Label string
	Item  Shape
	Tags  map[string]int
}

// Open reads a Box through a pointer: its fields are built lazily.
func Open(b *Box) int {
	if b == nil {
		return -1
	}
	if b.Item == nil {
		return 0
	}
	if b.Tags["big"] > b.Item.Area() {
		return 2
	}
	return 1
}

// Inspect takes a Box by value: its fields are built with the parameter.
func Inspect(b Box) int {
	if len(b.Tags) > 1 {
		return 3
	}
	if r, ok := b.Item.(Rect); ok && r.W > 5 {
		return 2
	}
	if b.Item != nil {
		return 1
	}
	return 0
}

// Counter counts.
type Counter struct{ N int }

// Bump increments a *Counter held in an any: the pointer reaches memory.
func Bump(v any) int {
	if c, ok := v.(*Counter); ok && c != nil {
		c.N++
		return c.N
	}
	return 0
}

// Source holds a reader of any package's making.
type Source struct{ R io.Reader }

// ReadOne reads one byte from s.R: a nil reader is -1, else what Read
// returns.
func ReadOne(s *Source) int {
	if s == nil || s.R == nil {
		return -1
	}
	var b [1]byte
	n, _ := s.R.Read(b[:])
	return n
}
