package machine

import (
	"math"

	"github.com/gosymtest/gosymtest/symbolic/value"
)

// gcSizes are the sizes of the gc compiler on a 64-bit platform.
var gcSizes = value.GCSizes

func minFloat(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Min(a, b)
}

func maxFloat(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Max(a, b)
}
