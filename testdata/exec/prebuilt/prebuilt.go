// Package prebuilt builds its tables on first use, through sync.OnceValue:
// one from constants alone, which the executor builds once after init,
// and one from a package variable, which it must leave to each path.
package prebuilt

import "sync"

var numbers = sync.OnceValue(func() map[string]int {
	m := make(map[string]int)
	for i, name := range []string{"one", "two", "three"} {
		m[name] = i + 1
	}
	return m
})

// Number is the number a name spells, or -1.
func Number(name string) int {
	if n, ok := numbers()[name]; ok {
		return n
	}
	return -1
}

var base int

var next = sync.OnceValue(func() int { return base + 1 })

// Next sets the base the table is built from to a positive b, then reads
// the table: the first call, Go's, sees the base set.
func Next(b int) int {
	if b <= 0 {
		return 0
	}
	base = b
	return next()
}
