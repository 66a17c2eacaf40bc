package targets

import _ "unsafe" // for go:linkname

// add has no body: the linker binds it to addImpl. It is not a target.
//
//go:linkname add github.com/gosymtest/gosymtest/testdata/targets.addImpl
func add(a, b int) int

// addImpl is the implementation of add: a target.
func addImpl(a, b int) int { return a + b }

// Sum calls add.
func Sum(a, b int) int { return add(a, b) }
