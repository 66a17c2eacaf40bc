// Package prefixwords reads tagged lines: a header the line must start
// with, then a name. Its dictionary joins the header to the names.
package prefixwords

import (
	"errors"
	"io"
	"strings"
)

// Release is the one tag ParseTag knows.
const Release = "release"

var (
	errNoTag   = errors.New("not a tag line")
	errUnknown = errors.New("unknown tag")
)

// ParseTag reads a "#tag NAME" line, where NAME is a known tag.
func ParseTag(line string) (string, error) {
	rest, ok := strings.CutPrefix(line, "#tag")
	if !ok {
		return "", errNoTag
	}
	name := strings.TrimSpace(rest)
	if name != Release {
		return "", errUnknown
	}
	return name, nil
}

// ReadTag reads a tag line from r: its words go into the reader.
func ReadTag(r io.Reader) (string, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return "", err
	}
	return ParseTag(string(b))
}
