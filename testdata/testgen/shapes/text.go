package shapes

import (
	"fmt"
	"strings"
)

// Greet has a parameter called name, like the table's own column.
func Greet(name string) string {
	if name == "" {
		return "hello, stranger"
	}
	return "hello, " + name
}

// Join is variadic.
func Join(sep string, parts ...string) string { return strings.Join(parts, sep) }

// Count counts words into a map.
func Count(words []string) map[string]int {
	counts := make(map[string]int)
	for _, w := range words {
		counts[w]++
	}
	return counts
}

// Lookup fails for a missing key, with a formatted error.
func Lookup(m map[string]int, key string) (int, error) {
	v, ok := m[key]
	if !ok {
		return 0, fmt.Errorf("shapes: no %q", key)
	}
	return v, nil
}

// Upper works on bytes.
func Upper(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// Must panics with a message of its own.
func Must(ok bool) {
	if !ok {
		panic("shapes: not ok")
	}
}
