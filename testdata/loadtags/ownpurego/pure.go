//go:build purego

package ownpurego

// kind says which file was compiled.
const kind = "pure"
