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

// Unused is never instantiated, so it contributes no target.
func Unused[T any](x T) T { return x }

// Larger is generic and never instantiated; the call to Max inside it
// makes a parameterized Max[T], which is not a target either.
func Larger[T cmp.Ordered](a, b T) T { return Max(a, b) }
