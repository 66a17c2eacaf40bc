// Package handed is a list whose elements only the list hands out: a
// test of MoveToFront passes an element its receiver handed out
// (testgen/handedcolumn.go).
package handed

// List is a list of ints, the last added first.
type List struct {
	front *Element
}

// Element is one element of a List.
type Element struct {
	Value int
	next  *Element
	list  *List
}

// New returns an empty list.
func New() *List { return &List{} }

// Add puts v at the front and returns its element.
func (l *List) Add(v int) *Element {
	e := &Element{Value: v, next: l.front, list: l}
	l.front = e
	return e
}

// Owns reports whether e is an element of l.
func (l *List) Owns(e *Element) bool { return e.list == l }
