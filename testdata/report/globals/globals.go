// Package globals holds functions whose behaviour depends on package
// variables that change after initialisation, so that exploring them from
// the initial state proves nothing dead.
package globals

import "errors"

var calls int

// CountCalls returns 2 from its second call on.
func CountCalls() int {
	calls++
	if calls > 1 {
		return 2
	}
	return 1
}

// ErrEmpty is only ever set by the initialiser.
var ErrEmpty = errors.New("empty")

// Check reads a variable that nothing but init writes: it can be
// exhausted, and its unreachable code proved dead.
func Check(s string) error {
	if len(s) == 0 {
		return ErrEmpty
	}
	if ErrEmpty == nil {
		return errors.New("never")
	}
	return nil
}
