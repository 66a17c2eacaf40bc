package value

import "fmt"

// internalErr is the panic of a broken invariant of the data model: an
// executor bug, never a property of the program under test. Its message
// reads as the executor's own internal errors do.
type internalErr struct{ msg string }

func (b internalErr) Error() string { return "gosymtest internal error: " + b.msg }

func internalError(format string, args ...any) internalErr {
	return internalErr{fmt.Sprintf(format, args...)}
}
