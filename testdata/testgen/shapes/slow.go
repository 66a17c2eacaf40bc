package shapes

import "time"

// Nap sleeps, so that tests can interrupt a validation while it runs and
// make a case outlast go test's timeout.
func Nap(d time.Duration) { time.Sleep(d) }
