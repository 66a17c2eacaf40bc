// Package strs holds string fixtures for the executor.
package strs

import "strings"

// Greet builds a string by concatenation.
func Greet(name string) string {
	if name == "" {
		return "hello, stranger"
	}
	return "hello, " + name
}

// FirstByte indexes a string (and panics on an empty one).
func FirstByte(s string) byte {
	return s[0]
}

// Middle slices a string.
func Middle(s string) string {
	if len(s) < 3 {
		return s
	}
	return s[1 : len(s)-1]
}

// Compare orders two strings.
func Compare(a, b string) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// CountVowels ranges over a string, decoding UTF-8.
func CountVowels(s string) int {
	n := 0
	for _, r := range s {
		switch r {
		case 'a', 'e', 'i', 'o', 'u':
			n++
		case 'é':
			n += 10
		}
	}
	return n
}

// Upper converts through a byte slice.
func Upper(s string) string {
	b := []byte(s)
	for i := range b {
		if 'a' <= b[i] && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// Pad right-aligns s in w columns, as text tables do: strings.Repeat
// makes the padding, with a count taken from the inputs, so it can be
// larger than any string the machine can hold.
func Pad(s string, w int) string {
	if n := w - len(s); n > 0 {
		return strings.Repeat(".", n) + s
	}
	return s
}
