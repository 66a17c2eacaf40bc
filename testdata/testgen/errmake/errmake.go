// Package errmake has functions that make errors and functions that
// fail with one.
package errmake

import (
	"errors"
	"strconv"
)

// codeError is an error with a code.
type codeError struct{ code int }

func (e *codeError) Error() string { return "code " + strconv.Itoa(e.code) }

// Code makes the error of code n.
func Code(n int) error { return &codeError{code: n} }

// Quiet makes an error whose message is empty.
func Quiet() error { return errors.New("") }

// Check fails when n is negative.
func Check(n int) error {
	if n < 0 {
		return &codeError{code: -n}
	}
	return nil
}

// Forward returns what f returns: it makes no error of its own.
func Forward(f func() error) error { return f() }
