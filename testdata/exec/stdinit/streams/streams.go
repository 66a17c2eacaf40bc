// Package streams writes diagnostics to os.Stderr, whose package cannot
// initialise in the interpreter.
package streams

import (
	"fmt"
	"os"
)

// Warn reports a negative value on os.Stderr.
func Warn(n int) int {
	if n < 0 {
		fmt.Fprintln(os.Stderr, "negative:", "n")
		return 0
	}
	os.Stdout.WriteString("ok\n")
	return n
}
