// Package pins holds a function whose paths pin a symbolic value: the
// executor converts an integer to a float by fixing the integer to one
// value its path allows.
package pins

// Half halves n as a float once n is known to be positive.
func Half(n int) float64 {
	if n <= 0 {
		return 0
	}
	return float64(n) / 2
}
