// Package tritype is a Go port of TriTyp, DeMillo and Offutt's solution
// of Myers's triangle classification problem: one of the subjects of the
// GreenTrie paper's evaluation (§7), written here for the solver bench
// (testdata/solverbench, bench's solver arms).
//
// Unlike demo.Classify it keeps the original's shape: it first counts
// which sides are equal into one number, then branches on that number
// and on the triangle inequalities, so that many paths share prefixes
// and the same comparisons come back in the solver's queries.
package tritype

// Type is the classification.
type Type int

// The classifications, numbered as in the original.
const (
	Scalene     Type = 1
	Isosceles   Type = 2
	Equilateral Type = 3
	NotTriangle Type = 4
)

// Classify classifies the triangle with sides i, j and k.
func Classify(i, j, k int) Type {
	if i <= 0 || j <= 0 || k <= 0 {
		return NotTriangle
	}
	// match is 1 when i == j, plus 2 when i == k, plus 3 when j == k:
	// the original's way of telling which sides are equal.
	match := 0
	if i == j {
		match++
	}
	if i == k {
		match += 2
	}
	if j == k {
		match += 3
	}
	if match == 0 {
		if i+j <= k || j+k <= i || i+k <= j {
			return NotTriangle
		}
		return Scalene
	}
	switch {
	case match > 3:
		return Equilateral
	case match == 1 && i+j > k:
		return Isosceles
	case match == 2 && i+k > j:
		return Isosceles
	case match == 3 && j+k > i:
		return Isosceles
	}
	return NotTriangle
}
