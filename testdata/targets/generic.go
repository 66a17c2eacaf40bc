package targets

import (
	"cmp"
	"time"
)

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

// Unused is never instantiated: Load instantiates it, with int.
func Unused[T any](x T) T { return x }

// Larger is never instantiated either: Load makes Larger[int], whose call
// makes the Max[int] that Instantiate makes too. The call to Max in the
// generic body makes a parameterized Max[T], which is no target.
func Larger[T cmp.Ordered](a, b T) T { return Max(a, b) }

// Last's S admits neither int nor string, and Go infers nothing from a ~
// term: Load writes the term, Last[int, []int].
func Last[T any, S ~[]T](s S) (T, bool) {
	var zero T
	if len(s) == 0 {
		return zero, false
	}
	return s[len(s)-1], true
}

// Durations' reference would name package time, which the package Load
// writes does not import: the type checker rejects it, no target, and
// the other references still make theirs.
func Durations[S ~[]time.Duration](s S) int { return len(s) }

// AreaOf's parameter admits neither int nor string and has no type term:
// no target.
func AreaOf[T interface{ Area() int }](s T) int { return s.Area() }

// first is unexported, and nothing instantiates it: another package
// cannot name it, so it gives no target.
func first[T any](s []T) T { return s[0] }

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
