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

// Valuer has a value: a token is one.
type Valuer interface{ Value() int }

// Value is the token's number.
func (t token) Value() int { return t.n }

// NewValuer returns a token as a Valuer.
func NewValuer(n int) Valuer { return token{n} }

// Money is exported, but its currency field is not: another package can
// only write a Money whose currency is empty.
type Money struct {
	Cents    int
	currency string
}
