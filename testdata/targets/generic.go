package targets

import "cmp"

// Max is generic; only its instantiations are targets.
func Max[T cmp.Ordered](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// Stack is a generic type; the instantiations of its methods are targets.
type Stack[T any] struct{ items []T }

// Push has a pointer receiver.
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

// Len has a value receiver.
func (s Stack[T]) Len() int { return len(s.items) }

// Peek is called by nothing, so SSA builds no Stack[int].Peek of its own:
// Load makes it, as a method of an instance the program has.
func (s Stack[T]) Peek() (T, bool) {
	var top T
	if len(s.items) == 0 {
		return top, false
	}
	return s.items[len(s.items)-1], true
}

// Unused is never instantiated, so it contributes no target.
func Unused[T any](x T) T { return x }

// Larger is generic and never instantiated; the call to Max inside it
// makes a parameterized Max[T], which is not a target either.
func Larger[T cmp.Ordered](a, b T) T { return Max(a, b) }

// Queue is a generic type nothing instantiates: Load instantiates it,
// with int, for the targets of its methods.
type Queue[T any] struct{ items []T }

// Put has a pointer receiver.
func (q *Queue[T]) Put(v T) { q.items = append(q.items, v) }

// Size has a value receiver.
func (q Queue[T]) Size() int { return len(q.items) }

// Label's parameter admits no int, so Load instantiates it with string.
type Label[T ~string] struct{ text T }

// Text gives the label's text.
func (l Label[T]) Text() T { return l.text }

// Shaped's parameter admits neither int nor string: no target.
type Shaped[T interface{ Area() int }] struct{ shape T }

// Area is the shape's.
func (s Shaped[T]) Area() int { return s.shape.Area() }
