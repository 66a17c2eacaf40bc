// Package efaceview holds fixtures in which the standard library looks
// inside interface values through unsafe views of them: fmt formatting an
// operand of a named type (reflect.ValueOf), a struct or a slice
// (reflect.Value's Field and Index) and printing a type (%T),
// sync.Map (whose hash-trie asks internal/abi.TypeOf for its hash
// function), errors.As (reflectlite), a package variable initialised
// with reflect.TypeFor, and reflect's Implements and AssignableTo.
package efaceview

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
)

// Version is a named byte with a String method, as google/uuid's is.
type Version byte

// String prints an unknown version with %d, which fmt formats through
// reflect.ValueOf since Version is not a predeclared type.
func (v Version) String() string {
	if v > 5 {
		return fmt.Sprintf("BAD_VERSION_%d", v)
	}
	return "V" + string(rune('0'+v))
}

// Level is a named integer without methods.
type Level int8

// Describe prints a Level with %d, or with %T and %v.
func Describe(n int8) string {
	l := Level(n)
	if n < 0 {
		return fmt.Sprintf("%T(%v)", l, l)
	}
	return fmt.Sprintf("%d", l)
}

// Cached stores into a sync.Map and loads an entry back.
func Cached(k string) int {
	var m sync.Map
	m.Store("a", 1)
	m.Store(k, 2)
	v, _ := m.Load("a")
	return v.(int)
}

type codeErr struct{ code int }

func (e *codeErr) Error() string { return "code" }

// Code finds a *codeErr inside a wrapped error with errors.As.
func Code(n int) int {
	var err error = &codeErr{n}
	if n > 10 {
		err = errors.New("plain")
	}
	wrapped := fmt.Errorf("wrapped: %w", err)
	var ce *codeErr
	if errors.As(wrapped, &ce) {
		return ce.code
	}
	return -1
}

// errorType is initialised through reflect.TypeFor, which reads a type
// word through internal/abi.TypeFor.
var errorType = reflect.TypeFor[error]()

// IsInterface asks the initialised type its kind.
func IsInterface(n int) bool {
	return n > 0 && errorType.Kind() == reflect.Interface
}

type pair struct {
	N Level
	s string
}

// Show prints a struct (one field unexported) and a slice of a named type
// with %v, which fmt walks with reflect.Value's Field, Len and Index.
func Show(n int8, s string) string {
	p := pair{Level(n), s}
	return fmt.Sprintf("%v %v", p, []Level{Level(n), 2})
}

// Keys ranges over a sync.Map, whose order Go randomises: the executor
// stops there rather than assert an order.
func Keys(k string) int {
	var m sync.Map
	m.Store("a", 1)
	m.Store(k, 2)
	n := 0
	m.Range(func(key, value any) bool {
		n += value.(int)
		return true
	})
	return n
}

// LocalKinds formats values of two local types of one name, whose type
// descriptors must stay apart.
func LocalKinds(n int) string {
	a := func() any {
		type T int
		return T(n)
	}()
	b := func() any {
		type T string
		return T("x")
	}()
	return fmt.Sprintf("%d %s", a, b)
}

// Printable tells how a formatter that looks for fmt.Stringer and error
// with reflect, as spf13/cast does, would print the value n picks: a
// codeErr is an error only through its pointer, whose method set has
// Error.
func Printable(n int) string {
	var v any
	switch {
	case n < 0:
		v = Version(1)
	case n == 0:
		v = &codeErr{n}
	case n < 10:
		v = codeErr{n}
	default:
		v = Level(n)
	}
	t := reflect.TypeOf(v)
	switch {
	case t.Implements(reflect.TypeFor[fmt.Stringer]()):
		return "stringer"
	case t.Implements(errorType):
		return "error"
	case t.AssignableTo(reflect.TypeFor[Level]()):
		return "level"
	}
	return "other"
}
