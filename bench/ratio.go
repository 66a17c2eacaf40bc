package main

import (
	"math"
	"sort"
)

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

// median is the median of the values that are not NaN, and how many
// there were.
func median(xs []float64) (float64, int) {
	var v []float64
	for _, x := range xs {
		if !math.IsNaN(x) {
			v = append(v, x)
		}
	}
	if len(v) == 0 {
		return math.NaN(), 0
	}
	sort.Float64s(v)
	if len(v)%2 == 1 {
		return v[len(v)/2], len(v)
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2, len(v)
}
