package machine

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// The Outside is what a test does not control: the operating system's
// streams and variables, the clock, the caller's frames. Its models make
// the values that stand for it (package outside); the machine asks it at the three points where such
// values meet the path, through this contract.
type Outside interface {
	// StandIn is told that s touches the package variable g, and
	// reports whether g is one the outside stands in for: then the
	// machine does not check g's package initialisation.
	StandIn(s *State, g *ssa.Global) bool
	// PinForBranch is asked when the solver cannot decide a side of
	// cond on s. It may pin the values no test can set, and reports
	// whether it did: the machine then asks the solver again.
	PinForBranch(s *State, cond expr.Expr) bool
	// Ending is told that s, not a replay, ends, before its end is
	// counted and reported: it may record that the path depends on
	// values the test cannot set.
	Ending(s *State)
}

// OutsideState is what one path knows of the outside. A fork copies it.
type OutsideState struct {
	// Env is what the path knows of the process environment, nil until
	// it reads it: the outside's (envOf, outside/environ.go).
	Env any
	// UncontrolledCalls counts the calls whose results a test cannot
	// set (the clock, the call stack); lastMono is the last monotonic
	// clock reading (outside/uncontrolled.go).
	UncontrolledCalls int
	LastMono          expr.Expr
}
