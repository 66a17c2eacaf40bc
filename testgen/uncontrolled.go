package testgen

import "fmt"

// uncontrolledSkip says why a row whose path depends on values the test
// cannot set (Case.Uncontrolled) left the file: Go ran it down another
// path, which is no disagreement between the interpreter and Go.
func uncontrolledSkip(t *table, r row) string {
	return fmt.Sprintf("%s: case %q: its path depends on values the test cannot set (the clock, the call stack), and go test ran it differently", t.testName, r.name)
}
