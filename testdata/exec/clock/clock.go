// Package clock holds fixtures whose results depend on values a test
// cannot set: the clock, the call stack and the process's id. The
// executor models them as unknown values within their ranges; the
// generated tests check only what does not depend on them.
package clock

import (
	"errors"
	"os"
	"runtime"
	"strconv"
	"time"
)

// ErrExpired is Remaining's error for a deadline already past.
var ErrExpired = errors.New("deadline passed")

// Remaining is the time left until deadline (Unix seconds): an error when
// the deadline is past, and whether it is near otherwise. Which branch runs
// depends on the clock.
func Remaining(deadline int64) (time.Duration, bool, error) {
	if deadline < 0 {
		return 0, false, errors.New("negative deadline")
	}
	now := time.Now()
	if deadline < now.Unix() {
		return 0, false, ErrExpired
	}
	left := time.Duration(deadline-now.Unix()) * time.Second
	return left, left < time.Hour, nil
}

// Elapsed measures how long since start (Unix seconds) in whole seconds,
// and labels it. The label depends on the input, the duration on the
// clock.
func Elapsed(start int64, label string) (string, int64) {
	secs := time.Now().Unix() - start
	if label == "" {
		label = "elapsed"
	}
	return label, secs
}

// Stamped is an error with the call stack where it was made, as
// github.com/pkg/errors records it.
type Stamped struct {
	msg   string
	stack []uintptr
}

func (s *Stamped) Error() string { return s.msg }

// Depth is how many frames the stack holds.
func (s *Stamped) Depth() int { return len(s.stack) }

// NewStamped is an error whose message is msg and whose stack is the
// caller's: its message does not depend on the stack.
func NewStamped(msg string) error {
	if msg == "" {
		return nil
	}
	var pcs [32]uintptr
	n := runtime.Callers(2, pcs[:])
	return &Stamped{msg: msg, stack: pcs[:n]}
}

// TempName is a file name unique to the process: the prefix, checked, and
// the process id.
func TempName(prefix string) (string, error) {
	if len(prefix) > 8 {
		return "", errors.New("prefix too long")
	}
	return prefix + "-" + strconv.Itoa(os.Getpid()), nil
}

// Frames is how many of the caller's frames fit in depth entries, for a
// depth of 1 to 64: the buffer's length is an input, the count is not.
func Frames(depth int) (int, error) {
	if depth < 1 || depth > 64 {
		return 0, errors.New("depth out of range")
	}
	pcs := make([]uintptr, depth)
	n := runtime.Callers(1, pcs)
	return n, nil
}

// Where labels the function that called it, walking the caller's frames
// as loggers do: the label is checked, the frames are not.
func Where(label string) (string, int) {
	if label == "" {
		label = "at"
	}
	var pcs [8]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs[:])])
	depth := 0
	for {
		frame, more := frames.Next()
		if frame.Function != "" {
			depth++
		}
		if !more {
			break
		}
	}
	return label, depth
}
