// Package biginit computes a package variable with math/big in its
// initialiser, which a function then reads.
package biginit

import "math/big"

// pow is computed with math/big in the package's init.
var pow = new(big.Int).Exp(big.NewInt(3), big.NewInt(39), nil)

// Big compares with a package-level big number.
func Big(x int64) int {
	return big.NewInt(x).Cmp(pow)
}
