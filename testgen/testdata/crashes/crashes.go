// Package crashes has functions whose tests fail in every way a test can
// under go test: a wrong expectation, a binary that exits, a panic in
// another goroutine that nothing can recover. It is a module of its own,
// so that the repository's tests that explore every package of testdata
// never run it.
package crashes

import "os"

// Double is 2n.
func Double(n int) int { return 2 * n }

// Exit ends the process with the code, unless it is 0.
func Exit(code int) int {
	if code != 0 {
		os.Exit(code)
	}
	return 0
}

// Spawn panics in a goroutine of its own when fail is set: no recover in
// the test can stop it, and the test binary dies.
func Spawn(fail bool) bool {
	done := make(chan bool)
	go func() {
		if fail {
			panic("crashes: in a goroutine")
		}
		done <- true
	}()
	return <-done
}
