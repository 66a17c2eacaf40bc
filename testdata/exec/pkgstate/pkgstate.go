// Package pkgstate keeps its settings in package variables, as
// github.com/google/uuid keeps the node it stamps into UUIDs: a call
// that sets one leaves it set for every later call.
package pkgstate

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
)

var (
	mu     sync.Mutex // holds a lock: go vet forbids copying it
	name   string
	node   [4]byte
	stamps = map[string]int{}
	config struct{ verbose bool }
)

// ErrShort is returned for a node of fewer than four bytes.
var ErrShort = errors.New("pkgstate: node too short")

// SetNode sets the node and the name, as uuid.SetNodeID does.
func SetNode(id []byte) error {
	if len(id) < 4 {
		return ErrShort
	}
	mu.Lock()
	defer mu.Unlock()
	copy(node[:], id)
	markUser()
	return nil
}

// markUser changes name; SetNode changes it through this call.
func markUser() { name = "user" }

// Name is the name SetNode leaves: empty until it is called.
func Name() string {
	mu.Lock()
	defer mu.Unlock()
	if name == "" {
		return "none"
	}
	return name
}

// Stamp counts key in a map the package variable holds: the map's
// entries are not the variable's own storage.
func Stamp(key string) int {
	stamps[key]++
	return stamps[key]
}

// SetVerbose sets a field of a package variable.
func SetVerbose(on bool) { config.verbose = on }

// Verbose reads it.
func Verbose() bool { return config.verbose }

// Describe formats its error through fmt, whose printers come from a
// pool of fmt's own (fmt.ppFree): fmt resets each printer it takes.
func Describe(n int) error {
	if n < 0 {
		return fmt.Errorf("pkgstate: %d is negative: %w", -1, ErrShort)
	}
	return nil
}

// bufs is a pool of the package's own.
var bufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Render writes into a buffer from bufs and puts it back without
// resetting it: a second call finds the first call's text still there.
func Render(on bool) string {
	b := bufs.Get().(*bytes.Buffer)
	defer bufs.Put(b)
	if on {
		b.WriteString("on")
	}
	return b.String()
}

var (
	greetOnce sync.Once
	greeting  string
)

// Greeting sets greeting the first time it is called, under greetOnce,
// as regexps are compiled lazily: every call returns the same text. The
// literal captures word, so Do is handed a closure.
func Greeting() string {
	word := "hello"
	greetOnce.Do(func() { greeting = word })
	return greeting
}
