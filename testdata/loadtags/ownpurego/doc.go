// Package ownpurego has a file of its own behind the purego tag: the
// loader must load it as go test builds it, without the tag.
package ownpurego

// Kind says which file was compiled.
func Kind() string { return kind }
