// Package handed is a list whose elements only the list hands out: a
// method that moves an element does so only for an element of its own
// list (symbolic/inputs/handed.go).
package handed

// List is a list of ints.
type List struct {
	front *Element
	n     int
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
	l.n++
	return e
}

// Len is the number of elements.
func (l *List) Len() int { return l.n }

// Front is the first element, or nil.
func (l *List) Front() *Element { return l.front }

// Next is the element after e, or nil.
func (e *Element) Next() *Element { return e.next }

// Owns reports whether e is an element of l: false for an element of
// another list.
func (l *List) Owns(e *Element) bool {
	if e.list != l {
		return false
	}
	return true
}

// Same reports whether a and b are one element of l.
func (l *List) Same(a, b *Element) int {
	if a.list != l || b.list != l {
		return 0
	}
	if a == b {
		return 1
	}
	return 2
}
