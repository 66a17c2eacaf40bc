// Package floats has float inputs, which the executor tries as a few
// candidate values: the usual ones and those beside the function's own
// constants.
package floats

import (
	"errors"
	"math"
)

// Grade sorts a score into a band.
func Grade(score float64) string {
	switch {
	case math.IsNaN(score):
		return "invalid"
	case score < 0:
		return "negative"
	case score >= 90:
		return "top"
	case score == math.Trunc(score):
		return "whole"
	}
	return "fraction"
}

// Reading is a temperature in a unit.
type Reading struct {
	Value float32
	Unit  string
}

// Celsius converts r to degrees Celsius.
func Celsius(r Reading) (float32, error) {
	switch r.Unit {
	case "C":
		return r.Value, nil
	case "F":
		if r.Value < -459.67 {
			return 0, errors.New("below absolute zero")
		}
		return (r.Value - 32) * 5 / 9, nil
	}
	return 0, errors.New("unknown unit")
}

// Signs counts the positive values among three: only the first two get
// candidates on a path, the third is 0.
func Signs(a, b, c float64) int {
	n := 0
	for _, x := range []float64{a, b, c} {
		if x > 0 {
			n++
		}
	}
	return n
}

// Label names r's unit. It never computes with r.Value, so its paths hold
// for every value of it.
func Label(r Reading) string {
	if r.Unit == "" {
		return "none"
	}
	return r.Unit
}
