package testgen

import (
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// A case whose inputs are set up by method calls (concrete.Setup: a list
// after a PushBack) reads longer than one made by the constructor alone,
// and the executor may end its path first: the initial states of all the
// sequences are searched together. So, where two cases tie on what they
// add, the one with fewer setup calls is preferred: the candidates are
// taken in order of their setup calls, stably, before the executor's
// order. Without sequences the order is unchanged.

// fewerSetupsFirst is cands, stably ordered by their setup calls.
func fewerSetupsFirst(cands []*candidate) []*candidate {
	out := slices.Clone(cands)
	slices.SortStableFunc(out, func(a, b *candidate) int { return setupCalls(a.Case) - setupCalls(b.Case) })
	return out
}

// setupCalls counts the method calls that set up c's inputs.
func setupCalls(c Case) int {
	n := 0
	for _, a := range c.Args {
		a.Every(func(v concrete.Value) bool {
			if v.Kind == concrete.Setup {
				n += len(v.Elems)
			}
			return true
		})
	}
	return n
}
