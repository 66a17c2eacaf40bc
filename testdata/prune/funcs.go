package prune

// Gate calls its callback, meets a branch on b that the callback's result
// does not decide, and calls the callback again. The states that took
// either result reach the second call holding the same func input; only
// each path's condition on its result tells them apart, so the detector
// must not prune one against the other.
func Gate(keep func(int) bool, b bool) int {
	if keep == nil {
		return -1
	}
	n := 0
	if keep(1) {
		n = 1
	}
	if b {
		n += 10
	}
	if !keep(2) {
		return n + 100
	}
	return n
}
