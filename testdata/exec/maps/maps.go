// Package maps holds map fixtures for the executor.
package maps

// Histogram counts the bytes of a string.
func Histogram(s string) map[byte]int {
	h := make(map[byte]int)
	for i := 0; i < len(s); i++ {
		h[s[i]]++
	}
	return h
}

// Lookup uses the comma-ok form and delete.
func Lookup(k int) (string, bool) {
	m := map[int]string{1: "one", 2: "two", 3: "three"}
	delete(m, 3)
	v, ok := m[k]
	return v, ok
}

// Total ranges over a map built from the input.
func Total(a, b int) int {
	m := map[string]int{"a": a, "b": b}
	t := 0
	for _, v := range m {
		t += v
	}
	if t == 100 {
		return len(m)
	}
	return t
}

// NilMap writes to a map that may be nil.
func NilMap(create bool, k int) int {
	var m map[int]int
	if create {
		m = map[int]int{}
	}
	m[k] = 1
	return len(m)
}

// CountAbove counts the entries of an input map above a limit.
func CountAbove(m map[string]int, limit int) int {
	if m == nil {
		return -1
	}
	n := 0
	for _, v := range m {
		if v > limit {
			n++
		}
	}
	return n
}

// FirstKey returns whichever key a range over m yields first: with two or
// more entries, Go does not say which.
func FirstKey(m map[string]int) string {
	for k := range m {
		return k
	}
	return ""
}
