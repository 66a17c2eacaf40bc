// Package broken does not parse: gosymtest must report the error with
// its file and line, and go on with the other packages.
package broken

// Half is missing the closing parenthesis of its parameter list.
func Half(x int {
	return x / 2
}
