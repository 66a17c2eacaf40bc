//go:build purego

package ownpurego

// Kind says which file was compiled.
func Kind() string { return "pure" }
