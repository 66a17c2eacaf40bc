package main

import (
	"strings"

	"github.com/gosymtest/gosymtest/report"
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3"
)

// solverChain is how the flags assemble the solver chain for the
// function named fn (its full name scopes the stored answers).
// Validation asks a plain Z3 of its own.
func (c config) solverChain(fn string) solver.ChainOptions {
	return solver.ChainOptions{Off: c.solverOff, Validate: c.solverValidate, Oracle: plainZ3, Store: c.solverStore, Scope: fn}
}

// plainZ3 is a Z3 with no options, the oracle of -solver-validate.
func plainZ3() (solver.Solver, error) { return z3.New(z3.Options{}) }

// layerList is the -solver-off flag: a comma-separated list of solver
// layers (solver.Layers) to leave out; "all" leaves out every one. A flag
// given twice replaces the first list.
type layerList struct{ off *[]string }

func (v layerList) String() string {
	if v.off == nil {
		return ""
	}
	return strings.Join(*v.off, ",")
}

func (v layerList) Set(s string) error {
	var off []string
	for _, w := range strings.Split(s, ",") {
		w = strings.TrimSpace(w)
		switch {
		case w == "":
		case w == "all":
			off = append(off, solver.Layers...)
		default:
			off = append(off, w)
		}
	}
	// Checked here, so that the error names the flag before any work.
	if err := solver.CheckLayers(off); err != nil {
		return err
	}
	*v.off = off
	return nil
}

// layersJSON is the solver chain's layers as the -stats file gives them.
func layersJSON(layers []solver.LayerStats) []report.LayerStats {
	out := []report.LayerStats{}
	for _, l := range layers {
		out = append(out, report.LayerStats{Name: l.Name, Queries: l.Queries, Answered: l.Answered, Ms: l.Time.Milliseconds(), Wrong: l.Wrong})
	}
	return out
}

// addLayers adds one function's layer counts into the totals, by name,
// keeping the chain's order.
func addLayers(total, fn []report.LayerStats) []report.LayerStats {
	for _, l := range fn {
		i := 0
		for i < len(total) && total[i].Name != l.Name {
			i++
		}
		if i == len(total) {
			total = append(total, report.LayerStats{Name: l.Name})
		}
		total[i].Queries += l.Queries
		total[i].Answered += l.Answered
		total[i].Ms += l.Ms
		total[i].Wrong += l.Wrong
	}
	return total
}
