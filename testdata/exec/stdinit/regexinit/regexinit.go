// Package regexinit compiles a regexp in its initialiser, which a function
// then uses.
package regexinit

import "regexp"

// word is compiled in the package's init.
var word = regexp.MustCompile(`^[a-z]+$`)

// IsWord matches the package-level regexp.
func IsWord(s string) bool {
	return word.MatchString(s)
}
