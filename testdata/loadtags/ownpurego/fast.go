//go:build !purego

package ownpurego

// kind says which file was compiled. (Only constants differ between the
// files, so their coverage blocks are the same whichever is built.)
const kind = "fast"
