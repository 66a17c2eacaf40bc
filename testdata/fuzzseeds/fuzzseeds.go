// Package fuzzseeds has functions with every kind of parameter go test
// -fuzz generates, and functions it cannot fuzz, for testgen's fuzz
// targets (testgen/fuzzseeds_test.go).
package fuzzseeds

import "time"

// Level is a package type on an integer: its target converts.
type Level int

// Prefix is the first n bytes of s, or s when it is shorter.
func Prefix(s string, n int) string {
	if n < 0 || n >= len(s) {
		return s
	}
	return s[:n]
}

// Index is s[i]; it panics when i is out of range.
func Index(s string, i int) byte {
	return s[i]
}

// Checksum adds up data.
func Checksum(data []byte) byte {
	var sum byte
	for _, b := range data {
		sum += b
	}
	return sum
}

// Scale multiplies x by 2, negated when neg is set.
func Scale(x float64, neg bool) float64 {
	if neg {
		return -2 * x
	}
	return 2 * x
}

// Pick combines a level, a rune and a byte.
func Pick(l Level, r rune, b uint8) int {
	if l > 3 && r == 'x' {
		return int(b)
	}
	return 0
}

// half is unexported; its target is named FuzzHalf.
func half(x int64, f float32) int64 {
	if f > 0.5 {
		return x / 2
	}
	return x
}

// Wait's parameter is a type of another package: no target.
func Wait(d time.Duration) bool { return d > time.Second }

// Sum is variadic: no target.
func Sum(xs ...int) int {
	total := 0
	for _, x := range xs {
		total += x
	}
	return total
}

// Zero has no parameters: no target.
func Zero() int { return 0 }

// Point is a struct: go test -fuzz does not generate it.
type Point struct{ X, Y int }

// Move is a method: no target.
func (p Point) Move(dx int) Point { return Point{p.X + dx, p.Y} }

// Norm takes a struct: no target.
func Norm(p Point) int { return p.X*p.X + p.Y*p.Y }

// UseHalf keeps half used.
func UseHalf() int64 { return half(4, 1) }
