// Package pkgstate keeps its settings in package variables, as
// github.com/google/uuid keeps the node it stamps into UUIDs: a call
// that sets one leaves it set for every later call.
package pkgstate

import (
	"errors"
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
