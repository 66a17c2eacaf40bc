package prune

// Latch may close one channel and may queue n on another, then reads
// both without blocking. The states that closed the first channel or not
// reach the same point holding the same registers; only the channel's
// object tells them apart, and the detector must not prune one against
// the other, or the select's other outcome is never covered.
func Latch(a, b bool, n int) int {
	done := make(chan struct{})
	q := make(chan int, 1)
	if a {
		close(done)
	}
	if b {
		q <- n
	}
	r := 0
	select {
	case <-done:
		r = 1
	default:
		r = 2
	}
	select {
	case v := <-q:
		if v > 5 {
			r += 10
		} else {
			r += 20
		}
	default:
	}
	return r
}
