// Package bigdep uses math/big, whose arithmetic is assembly on amd64
// unless the program is built with the math_big_pure_go tag: the loader
// test checks that gosymtest loads the Go fallback.
package bigdep

import "math/big"

// Square is x*x computed with math/big.
func Square(x int64) string {
	b := big.NewInt(x)
	return b.Mul(b, b).String()
}
