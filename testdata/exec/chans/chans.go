// Package chans holds fixtures for channels used by one goroutine:
// signals, buffered queues, non-blocking selects, and the runtime's
// channel panics.
package chans

// Signal closes a done channel when n is negative, and reports whether a
// non-blocking receive finds it closed.
func Signal(n int) bool {
	done := make(chan struct{})
	if n < 0 {
		close(done)
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// Drain queues at most three of xs in a buffered channel, closes it, and
// sums what a range over the channel receives.
func Drain(xs []int) int {
	ch := make(chan int, 3)
	for i, x := range xs {
		if i == 3 {
			break
		}
		ch <- x
	}
	close(ch)
	sum := 0
	for v := range ch {
		sum += v
	}
	return sum
}

// TrySend offers k values to a channel with room for two, and returns how
// many it took and how many it holds.
func TrySend(k uint8) (taken, held int) {
	ch := make(chan uint8, 2)
	for i := uint8(0); i < k && i < 4; i++ {
		select {
		case ch <- i:
			taken++
		default:
		}
	}
	return taken, len(ch) + cap(ch)*10
}

// Last receives with ok from a closed channel that held x when x is odd.
func Last(x int) (int, bool) {
	ch := make(chan int, 1)
	if x%2 != 0 {
		ch <- x
	}
	close(ch)
	v, ok := <-ch
	if ok {
		return v, true
	}
	v, ok = <-ch
	return v, ok
}

// CloseTwice closes a channel, and again when again is set: the runtime
// panics with "close of closed channel".
func CloseTwice(again bool) int {
	ch := make(chan bool)
	close(ch)
	if again {
		close(ch)
	}
	return 1
}

// SendClosed sends on a closed channel when n is 7.
func SendClosed(n int) int {
	ch := make(chan int, 1)
	if n == 7 {
		close(ch)
	}
	ch <- n
	return <-ch
}

// Same compares two channel variables.
func Same(fresh bool) bool {
	a := make(chan int)
	b := a
	if fresh {
		b = make(chan int)
	}
	return a == b
}

// Node has a channel that its owner closes to tell watchers it changed.
type Node struct {
	Name    string
	changed chan struct{}
}

// Touch closes n's changed channel; the zero Node has none, and closing a
// nil channel panics.
func Touch(n *Node) string {
	if n.Name == "" {
		return "unnamed"
	}
	close(n.changed)
	return n.Name
}

// Wait blocks forever when n is positive: nothing else could send.
func Wait(n int) int {
	ch := make(chan int)
	if n > 0 {
		return <-ch
	}
	return n
}

// Either selects between two channels; when both are ready Go takes one
// at random.
func Either(a, b bool) int {
	x, y := make(chan int, 1), make(chan int, 1)
	if a {
		x <- 1
	}
	if b {
		y <- 2
	}
	select {
	case v := <-x:
		return v
	case v := <-y:
		return v
	default:
		return 0
	}
}

// Watcher holds a channel that is closed when what it watches changes.
type Watcher struct {
	Ch <-chan struct{}
}

// Changed reports, without blocking, whether w's channel is closed.
func Changed(w Watcher) string {
	if w.Ch == nil {
		return "unwatched"
	}
	select {
	case <-w.Ch:
		return "changed"
	default:
		return "unchanged"
	}
}

// Stop closes done unless it is nil.
func Stop(done chan struct{}) bool {
	if done == nil {
		return false
	}
	close(done)
	return true
}

// Overfill sends a second value to a channel with room for one when n is
// positive: that send waits forever.
func Overfill(n int) int {
	ch := make(chan int, 1)
	ch <- n
	if n > 0 {
		ch <- n
	}
	return <-ch
}
