package report

import (
	"fmt"
	"strings"
)

// Bounds are the limits every dead claim is made within.
type Bounds struct {
	MaxLen       int `json:"max_len"`
	MaxElems     int `json:"max_elems"`
	MaxDepth     int `json:"max_depth"`
	MaxCallDepth int `json:"max_call_depth"`
	MaxSteps     int `json:"max_steps"`
	MaxDecisions int `json:"max_decisions"`
	MaxFork      int `json:"max_fork"`
	// MaxLenCap and MaxElemsCap are what MaxLen and MaxElems grew to at
	// most, for an input a branch needed larger (0: no growth). A claim
	// holds within the bounds its exploration last used, which contain
	// MaxLen and MaxElems.
	MaxLenCap   int `json:"max_len_cap,omitempty"`
	MaxElemsCap int `json:"max_elems_cap,omitempty"`
	// MaxCalls is how many steps (method calls of the package, or
	// assignments to exported fields) were taken on a value it made
	// before the function under test (0: none).
	MaxCalls int `json:"max_calls,omitempty"`
	// Budget, MaxWork and MaxPaths stop an exploration; one that stops on
	// them is not exhausted, so they bound no claim, but the report
	// states them.
	Budget   string `json:"budget"`
	MaxWork  int64  `json:"max_work,omitempty"`
	MaxPaths int    `json:"max_paths"`
	// Inputs says what the harness gives the inputs it does not make
	// symbolic in full.
	Inputs string `json:"inputs"`
}

// boundsInputs is the input model of the executor (symbolic/doc.go) that a
// claim of dead code depends on besides the numeric bounds. Inputs the
// harness cannot give every value (func values a path calls, any,
// interfaces with more implementations than it tries, maps ranged over in
// one order, package variables that change after init) make a path
// non-exhaustive, so they never back a claim and need no mention.
const boundsInputs = "interface inputs nil or one of the (at most 4, for any up to 16 the function asserts to) types of the program that implement them, or where none does a fake the test declares, whose methods return values scripted for up to 8 calls each; " +
	"map inputs with integer, bool or string keys"

// newBounds takes the executor's defaults (machine.Bounds.WithDefaults)
// so the report states the bounds that were in force.
func newBounds(in Input) Bounds {
	b := in.Bounds.WithDefaults()
	out := Bounds{
		MaxLen:       b.MaxLen,
		MaxElems:     b.MaxElems,
		MaxDepth:     b.MaxDepth,
		MaxCallDepth: b.MaxCallDepth,
		MaxSteps:     b.MaxSteps,
		MaxDecisions: b.MaxDecisions,
		MaxFork:      b.MaxFork,
		MaxCalls:     b.MaxCalls,
		MaxWork:      in.MaxWork,
		MaxPaths:     in.MaxPaths,
		Inputs:       boundsInputs,
	}
	if b.GrowLen > b.MaxLen {
		out.MaxLenCap = b.GrowLen
	}
	if b.GrowElems > b.MaxElems {
		out.MaxElemsCap = b.GrowElems
	}
	if in.Budget > 0 {
		out.Budget = in.Budget.String()
	}
	return out
}

// String states the bounds in a sentence.
func (b Bounds) String() string {
	grows := func(cap int, unit string) string {
		if cap == 0 {
			return ""
		}
		return fmt.Sprintf(" (grown up to %d %s for an input a branch needs larger)", cap, unit)
	}
	parts := []string{
		fmt.Sprintf("strings ≤ %d bytes%s", b.MaxLen, grows(b.MaxLenCap, "bytes")),
		fmt.Sprintf("slices and maps ≤ %d elements%s", b.MaxElems, grows(b.MaxElemsCap, "elements")),
		fmt.Sprintf("pointer/struct nesting ≤ %d", b.MaxDepth),
		fmt.Sprintf("call depth ≤ %d", b.MaxCallDepth),
		fmt.Sprintf("≤ %d instructions and ≤ %d decisions per path", b.MaxSteps, b.MaxDecisions),
		fmt.Sprintf("≤ %d values per symbolic index", b.MaxFork),
	}
	return strings.Join(parts, ", ") + "; " + b.Inputs
}
