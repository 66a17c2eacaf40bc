package main

import (
	"sync"
	"sync/atomic"
)

// -p runs several jobs at once: the explorations of functions, then the
// generation and validation of packages' tests. Jobs are handed out in
// their order and each writes its result where its index says, and what
// is merged from the results (figures, logs of a package's tests) is
// merged in that order too, so that what the run writes does not depend
// on -p or on which job finished first.

// forEach calls do(i) for every i from 0 to n-1 on up to p goroutines at
// once, handing the indexes out in increasing order, and returns when
// every call has returned.
func forEach(n, p int, do func(i int)) {
	forEachInOrder(n, p, do, func(int) bool { return true })
}

// forEachInOrder is forEach, and calls then(i) for each i in increasing
// order on the caller's goroutine, as soon as do(i) and every then before
// it have returned, so that results are merged in the order of their
// indexes however the calls were scheduled. When then returns false, do
// is called for no index not yet started and then for no later index;
// forEachInOrder still waits for the calls in progress.
func forEachInOrder(n, p int, do func(i int), then func(i int) bool) {
	if n == 0 {
		return
	}
	p = max(1, min(p, n))
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range p {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if !stop.Load() {
					do(i)
				}
				close(done[i])
			}
		}()
	}
	for i := range n {
		<-done[i]
		if !then(i) {
			stop.Store(true)
			break
		}
	}
	wg.Wait()
}
