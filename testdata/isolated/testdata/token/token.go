// Package token reads crypto/rand, whose bytes a test cannot set. It sits
// in a testdata directory of its own so that the ./testdata/... wildcard
// leaves it out: crypto/rand brings much of crypto into a program, and
// the tests that load every fixture (the points-to check explores each
// function of all of them) would pay for it.
package token

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
)

// Token is n random bytes from crypto/rand, in hex. Its length is the
// input's to choose; its bytes are not.
func Token(n int) (string, error) {
	if n <= 0 || n > 8 {
		return "", errors.New("token length out of range")
	}
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}
