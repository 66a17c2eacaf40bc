package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/expr"
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
	// LayerTrie is GreenTrie's reuse by implication (package green): a stored
	// Sat query that implies this one gives its model; a stored Unsat one
	// that this one implies gives Unsat.
	LayerTrie = "trie"
	// LayerCex is KLEE's counterexample cache: a stored Unsat subset
	// gives Unsat, a stored model of a superset, or any stored model that
	// satisfies the query, gives Sat.
	LayerCex = "cex"
	// LayerSubst replaces, outside its own equation, each compound term
	// that an equation of the query equates to a constant by that
	// constant, and folds what becomes constant (subst.go).
	LayerSubst = "subst"
	// LayerNarrow asks a query that multiplies or divides wide
	// bit-vectors at 16 bits first, and answers Sat when the model it
	// gets, widened, satisfies the query (narrow.go).
	LayerNarrow = "narrow"
)

// Layers lists the layer names in chain order, outermost first.
var Layers = []string{LayerFast, LayerIndependence, LayerCache, LayerTrie, LayerCex, LayerSubst, LayerNarrow}

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
	// Oracle makes that Z3, on the first answer to check: a plain one,
	// with no options (z3.New(z3.Options{})). Validate needs it.
	Oracle func() (Solver, error)
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
	if err := CheckLayers(opts.Off); err != nil {
		return nil, err
	}
	if opts.Validate && opts.Oracle == nil {
		return nil, errors.New("solver: ChainOptions.Validate needs an Oracle")
	}
	c := &chain{core: core, top: core}
	if opts.Validate {
		c.validate = &validator{oracle: opts.Oracle}
	}
	on := func(name string) bool { return !slices.Contains(opts.Off, name) }
	// Assembled from the inside out; each layer gets what it wraps.
	var wrapped []*layer // innermost first
	add := func(name string, s Solver, l *layer) {
		l.stats.Name = name
		l.validate = c.validate
		c.top = s
		wrapped = append(wrapped, l)
	}
	if on(LayerNarrow) {
		l := &narrowLayer{layer: layer{inner: c.top}, wide: map[expr.Expr]bool{}}
		add(LayerNarrow, l, &l.layer)
	}
	if on(LayerSubst) {
		l := &substLayer{layer: layer{inner: c.top}}
		add(LayerSubst, l, &l.layer)
	}
	if on(LayerCex) {
		l := newCexLayer(c.top)
		add(LayerCex, l, &l.layer)
	}
	if on(LayerTrie) {
		l := newTrieLayer(c.top)
		add(LayerTrie, l, &l.layer)
	}
	if on(LayerCache) {
		l := newCacheLayer(c.top, newKeyer(), opts.Store, opts.Scope)
		add(LayerCache, l, &l.layer)
		c.cache = l
	}
	if on(LayerIndependence) {
		l := &indepLayer{layer: layer{inner: c.top}, vars: map[expr.Expr][]expr.Expr{}}
		add(LayerIndependence, l, &l.layer)
	}
	if on(LayerFast) {
		l := &fastLayer{layer: layer{inner: c.top}, seen: map[atomKey]uint8{}}
		add(LayerFast, l, &l.layer)
	}
	for i := len(wrapped) - 1; i >= 0; i-- {
		c.layers = append(c.layers, &wrapped[i].stats)
	}
	return c, nil
}

// CheckLayers reports the first of names that is not a layer of Layers.
func CheckLayers(names []string) error {
	for _, name := range names {
		if !slices.Contains(Layers, name) {
			return fmt.Errorf("unknown solver layer %q (want one of %s)", name, strings.Join(Layers, ", "))
		}
	}
	return nil
}

// chain is an assembled chain: top is the outermost layer.
type chain struct {
	core, top Solver
	layers    []*LayerStats // outermost first
	validate  *validator    // nil without ChainOptions.Validate
	cache     *cacheLayer   // nil when the cache is off
	closed    bool
}

func (c *chain) Check(ctx context.Context, q Query) Response {
	if c.closed {
		return unknown("solver is closed")
	}
	return c.top.Check(ctx, q)
}

func (c *chain) Stats() Stats {
	st := c.core.Stats()
	st.Layers = nil
	for _, l := range c.layers {
		st.Layers = append(st.Layers, *l)
	}
	return st
}

// Close closes the layers and the core; the cache saves to the Store
// first. Its error includes the Store's (StoreErr).
func (c *chain) Close() error {
	if c.closed {
		return nil
	}
	c.closed = true
	err := c.top.Close()
	if c.validate != nil {
		c.validate.close()
	}
	return errors.Join(err, c.StoreErr())
}

// StoreErr is what went wrong with the Store (ChainOptions.Store), if
// anything: the chain goes on without a Store that fails, and this says
// why (the first error, and how many there were).
func (c *chain) StoreErr() error {
	if c.cache == nil {
		return nil
	}
	return c.cache.StoreErr()
}

// StoreErr is the Store error of a chain made by NewChain (see
// ChainOptions.Store), nil for any other Solver or when there was none.
func StoreErr(s Solver) error {
	if c, ok := s.(interface{ StoreErr() error }); ok {
		return c.StoreErr()
	}
	return nil
}
