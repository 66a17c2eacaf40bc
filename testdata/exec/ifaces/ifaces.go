// Package ifaces holds interface fixtures: an interface with two
// implementations, type switches and assertions.
package ifaces

import "errors"

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
