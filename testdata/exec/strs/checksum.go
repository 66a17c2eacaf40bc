package strs

import "errors"

// Errors of Checksum.
var (
	ErrShort   = errors.New("strs: fewer than two bytes")
	ErrZeroSum = errors.New("strs: a prefix sums to zero")
)

// Checksum is the XOR of the bytes of s, which holds two or more. One
// whose prefix of two or more bytes has a zero XOR is an error. A
// success enters no block that a failure does not enter, but the return,
// and takes a decision more: a short exploration ends only the failures.
func Checksum(s string) (byte, error) {
	if len(s) < 2 {
		return 0, ErrShort
	}
	var sum byte
	for i := 0; i < len(s); i++ {
		sum ^= s[i]
		if i > 0 && sum == 0 {
			return 0, ErrZeroSum
		}
	}
	return sum, nil
}
