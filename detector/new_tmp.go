// Package detector is the redundant-state detector. TEMPORARY stand-in so
// that the rsetests branch compiles before the integrator's detector lands:
// the integrator drops this file (commit "TEMP").
package detector

import (
	"github.com/gosymtest/gosymtest/symbolic"
	"golang.org/x/tools/go/ssa"
)

// Options switch the detector's refinements off one by one, to measure each one's share.
type Options struct {
	NoRefine      bool // §3.4 dynamic refinement
	NoSingleValue bool // §3.5 single-valued locations
	NoSearch      bool // §3.6 relevant-search heuristic
	Semantic      bool // semantic matching by the solver (off by default)
}

// New returns a Config.Pruner for engines exploring prog. The stand-in
// returns nil: no pruning.
func New(prog *ssa.Program, opts Options) func() symbolic.Pruner { return nil }
