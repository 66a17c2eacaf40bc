// Package units is imported by the testgen fixture: it has an exported
// type, which tests can write, and an unexported one, which they cannot.
package units

// Length is a length in centimetres.
type Length int

// Meter is one metre.
const Meter Length = 100

// token is unexported: another package cannot write a token literal.
type token struct{ n int }

// NewToken returns a token.
func NewToken(n int) any { return token{n} }

// Money is exported, but its currency field is not: another package can
// only write a Money whose currency is empty.
type Money struct {
	Cents    int
	currency string
}
