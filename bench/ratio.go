package main

import "math"

// ratio is a/b, or NaN when it does not mean anything (no baseline, or
// a baseline of zero): such cells print n/a and stay out of geomeans.
func ratio(a, b float64) float64 {
	if b <= 0 || math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return a / b
}

// geomean is the geometric mean of the positive, finite values, and how
// many there were. A zero ratio (gosymtest covered nothing where the
// baseline did) cannot enter a geometric mean; it is left out and
// counted by the table's n.
func geomean(xs []float64) (float64, int) {
	sum, n := 0.0, 0
	for _, x := range xs {
		if x > 0 && !math.IsInf(x, 0) && !math.IsNaN(x) {
			sum += math.Log(x)
			n++
		}
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return math.Exp(sum / float64(n)), n
}
