package solver

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The layers of the chain, outermost first: a query meets them in this
// order, and whatever a layer cannot answer it passes on, possibly
// rewritten, to the next one. The innermost solver (Z3) is not a layer.
const (
	// LayerFast folds constant constraints, drops duplicates, and answers
	// Unsat when a constraint and its negation are both present.
	LayerFast = "fast"
	// LayerIndependence splits a query into groups of constraints that
	// share no variables, solves each group on its own and joins their
	// models.
	LayerIndependence = "indep"
	// LayerCache answers a query it has seen, in canonical form, before.
	// With a Store its answers outlive the run.
	LayerCache = "cache"
	// LayerTrie is GreenTrie's reuse by implication (seed 004): a stored
	// Sat query that implies this one gives its model; a stored Unsat one
	// that this one implies gives Unsat.
	LayerTrie = "trie"
	// LayerCex is KLEE's counterexample cache: a stored Unsat subset
	// gives Unsat, a stored model of a superset, or any stored model that
	// satisfies the query, gives Sat.
	LayerCex = "cex"
)

// Layers lists the layer names in chain order, outermost first.
var Layers = []string{LayerFast, LayerIndependence, LayerCache, LayerTrie, LayerCex}

// ChainOptions assemble a chain.
type ChainOptions struct {
	// Off names the layers to leave out (for measurement); a name not in
	// Layers is an error.
	Off []string
	// Validate checks every answer a layer gives instead of the innermost
	// solver against a Z3 of its own: a model must satisfy the query and
	// an Unsat must be confirmed. A wrong answer is counted
	// (LayerStats.Wrong) and replaced by Z3's. It is for debugging and
	// the tests.
	Validate bool
	// Store keeps the cache layer's answers across runs; nil keeps them
	// for the run only.
	Store Store
	// Scope names the entries of Store that this chain reads and adds
	// to: the full name of the function being explored. A function's
	// answers are kept apart from another's so that what a run writes
	// never depends on which other functions ran before it, on this
	// machine or another.
	Scope string
}

// LayerStats count one layer's work.
type LayerStats struct {
	Name string
	// Queries reached the layer; Answered of them it answered itself.
	Queries, Answered int64
	// Time is the wall time spent in the layer itself, not in the layers
	// it passed queries on to.
	Time time.Duration
	// Wrong counts the answers that validation found wrong (only with
	// ChainOptions.Validate).
	Wrong int64
}

// NewChain puts the layers that opts leaves on in front of core, which
// the chain owns from then on: closing the chain closes it. Its Stats are
// core's, with Layers filled in, so that Queries keeps counting only what
// reached core.
func NewChain(core Solver, opts ChainOptions) (Solver, error) {
	for _, name := range opts.Off {
		if !slices.Contains(Layers, name) {
			return nil, fmt.Errorf("unknown solver layer %q (want one of %s)", name, strings.Join(Layers, ", "))
		}
	}
	return &chain{core: core, top: core}, nil
}

// chain is an assembled chain: top is the outermost layer.
type chain struct {
	core, top Solver
	layers    []*LayerStats
}

func (c *chain) Check(ctx context.Context, q Query) Response { return c.top.Check(ctx, q) }

func (c *chain) Stats() Stats {
	st := c.core.Stats()
	st.Layers = nil
	for _, l := range c.layers {
		st.Layers = append(st.Layers, *l)
	}
	return st
}

func (c *chain) Close() error { return c.top.Close() }
