package prune

// Thresholds computes with its float input, meets a branch on b that x
// does not decide, and reads x again. The states that took two candidates
// for x reach the second read holding the same unchosen input; only each
// path's pin of the candidate tells them apart, so the detector must not
// prune one against the other.
func Thresholds(x float64, b bool) int {
	n := 0
	if x > 0 {
		n = 1
	}
	if b {
		n += 10
	}
	if x < -2 {
		return n + 100
	}
	return n
}
