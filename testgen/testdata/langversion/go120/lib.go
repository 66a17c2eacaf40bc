// Package lib is a module at go 1.20: the tests written for it must
// compile at that language version.
package lib

import (
	"errors"
	"os"
	"strconv"
)

// Deref is *p, or -1 for nil: a pointer to an int has no composite
// literal, so its input needs the pointer helper.
func Deref(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// Label is *s with a prefix, for the helper of another type.
func Label(s *string) string {
	if s == nil {
		return "none"
	}
	return "label: " + *s
}

// Describe says what v holds.
func Describe(v interface{}) string {
	switch v.(type) {
	case nil:
		return "nothing"
	case int8:
		return "a small number"
	}
	return "something"
}

// ErrEmpty is returned for an empty input.
var ErrEmpty = errors.New("lib: empty")

// Parse reads a number.
func Parse(s string) (int, error) {
	if s == "" {
		return 0, ErrEmpty
	}
	return strconv.Atoi(s)
}

// Greeting reads the environment, which a test sets and restores.
func Greeting() string {
	if name := os.Getenv("LIB_NAME"); name != "" {
		return "hello, " + name
	}
	return "hello"
}
