// Package user instantiates a generic function of package targets with
// type arguments that package targets never uses itself.
package user

import "github.com/gosymtest/gosymtest/testdata/targets"

// Celsius is a temperature.
type Celsius float64

// Bigger returns the larger of a and b.
func Bigger(a, b float64) float64 { return targets.Max(a, b) }

// Warmer returns the warmer of a and b.
func Warmer(a, b Celsius) Celsius { return targets.Max(a, b) }
