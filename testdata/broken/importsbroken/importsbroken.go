// Package importsbroken is itself correct but imports a package that
// does not type-check, so it cannot be built either.
package importsbroken

import "github.com/gosymtest/gosymtest/testdata/broken/typeerr"

// Quadruple returns four times x.
func Quadruple(x int) int {
	return typeerr.Double(typeerr.Double(x))
}
