// Package words is a fixture of the dictionary cases: a parser whose
// success wants a shape that its constant and its regexp know and a
// short string the solver picks does not have.
package words

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// Prefix starts every release name.
const Prefix = "release-"

// defaultName is a string variable with a constant initialiser.
var defaultName = "stable"

var shape = regexp.MustCompile(`^release-([0-9]+)\.([0-9]+)(-rc[0-9])?$`)

// ErrSyntax is returned for a name that is not a release.
var ErrSyntax = errors.New("words: not a release name")

// Version is a parsed release name.
type Version struct {
	Major, Minor int
	RC           bool
}

// Latest is the newest release.
var Latest, _ = ParseVersion("release-2.0")

// ParseVersion parses "release-MAJOR.MINOR" with an optional "-rcN". For
// example, ParseVersion("release-1.2-rc3") has RC set.
func ParseVersion(s string) (Version, error) {
	if !strings.HasPrefix(s, Prefix) {
		return Version{}, ErrSyntax
	}
	m := shape.FindStringSubmatch(s)
	if m == nil {
		return Version{}, ErrSyntax
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	return Version{Major: major, Minor: minor, RC: m[3] != ""}, nil
}

// IsDefault tells the default name.
func IsDefault(b []byte) bool {
	return string(b) == defaultName
}
