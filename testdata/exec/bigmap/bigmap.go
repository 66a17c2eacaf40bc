// Package bigmap holds a map that its init fills with thousands of
// constant entries, as html's entity table is, and functions that look
// keys up in it and in small maps that mix constant and symbolic keys.
package bigmap

import "strconv"

// names maps "n0" … "n2999" to their numbers.
var names = map[string]int{}

func init() {
	for i := 0; i < 3000; i++ {
		names["n"+strconv.Itoa(i)] = i
	}
}

// Pick looks one of two names up in the big map, and adds the values that
// a map of its own holds for the constant keys 1 and 2 after k was set.
func Pick(first bool, k int) int {
	name := "n2999"
	if first {
		name = "n7"
	}
	m := map[int]int{1: 10, 2: 20}
	m[k] = 5
	if m[1] == 5 {
		return -names[name]
	}
	return names[name] + m[1] + m[2]
}

// Drop deletes a constant key before setting k, so the map is scanned
// from then on.
func Drop(k int) int {
	m := map[int]int{1: 10, 2: 20, 3: 30}
	delete(m, 2)
	m[k] = 1
	if _, ok := m[2]; ok {
		return -1
	}
	return m[3] + len(m)
}
