// Package typeerr parses but does not type-check: gosymtest must report
// the error with its file and line, and go on with the other packages.
package typeerr

// Double returns twice x.
func Double(x int) int {
	return x * 2
}

// Label adds a string to an int, which is a type error.
func Label(x int) string {
	return "n=" + x
}
