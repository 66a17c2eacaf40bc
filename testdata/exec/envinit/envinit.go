// Package envinit reads the environment in its initialiser, which runs
// before a test could set it.
package envinit

import "os"

var verbose = os.Getenv("ENVINIT_VERBOSE") != ""

// Verbose tells whether the package was started verbose.
func Verbose() bool { return verbose }
