// Package env holds fixtures that read the process environment, which the
// executor treats as an input.
package env

import (
	"os"
	"strings"
)

// Home reads a variable by a constant name.
func Home() string {
	h := os.Getenv("HOME")
	if h == "" {
		return "/"
	}
	return h
}

// Flag reads a variable the caller names, telling unset from empty.
func Flag(name string) int {
	v, ok := os.LookupEnv(name)
	if !ok {
		return -1
	}
	if v == "on" {
		return 1
	}
	return 0
}

// Lookup finds a variable by walking os.Environ, as envconf's FromEnv
// does, then reads it with Getenv.
func Lookup(name, def string) string {
	found := false
	for _, e := range os.Environ() {
		if strings.HasPrefix(e, name+"=") {
			found = true
			break
		}
	}
	if !found {
		return def
	}
	return "[" + os.Getenv(name) + "]"
}

// Count is the number of variables with a prefix.
func Count(prefix string) int {
	n := 0
	for _, e := range os.Environ() {
		if strings.HasPrefix(e, prefix) {
			n++
		}
	}
	return n
}

// Expand expands $NAME and ${NAME} in s from the environment, with an
// empty text marked.
func Expand(s string) string {
	out := os.ExpandEnv(s)
	if out == "" {
		return "(empty)"
	}
	return out
}

// Crowded tells whether the environment has more than five variables,
// which only an environment larger than its first bound has.
func Crowded() string {
	if len(os.Environ()) > 5 {
		return "crowded"
	}
	return "quiet"
}

// Toggle sets a variable that is unset and unsets one that is set, and
// tells whether it is set afterwards.
func Toggle(name string) bool {
	if _, was := os.LookupEnv(name); was {
		os.Unsetenv(name)
	} else {
		os.Setenv(name, "1")
	}
	_, now := os.LookupEnv(name)
	return now
}

// Remember sets a variable and reads it back.
func Remember(name, value string) string {
	os.Setenv(name, value)
	return os.Getenv(name)
}
