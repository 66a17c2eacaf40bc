package solver

import (
	"context"
	"fmt"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// cacheLayer (LayerCache) answers a query it has seen before, exactly:
// the key (cachekey.go) is the premise as a set and the last constraint's
// atom, and each key holds two slots, the query and its negation, as in
// KLEE's caching solver. It keeps Sat and Unsat answers whatever the
// resource limit, and resource-limit Unknowns for the same limit only
// (slot says which comes first). A Sat answer is given again only after
// its model is evaluated anew against the query.
//
// With a Store, the layer reads its scope's entries before its first
// query and saves the entries it added or changed when it closes. A
// Store that fails is not fatal: the layer goes on without it, and
// StoreErr says what failed.
type cacheLayer struct {
	layer
	keys    *keyer
	entries map[string]*entry

	store  Store
	scope  string
	loaded bool
	// raw are the stored entries not decoded yet (decoded on first use).
	raw map[string][]byte
	// storeErr is the first Store error; storeErrors counts them all
	// (undecodable entries included).
	storeErr    error
	storeErrors int
}

func newCacheLayer(inner Solver, keys *keyer, store Store, scope string) *cacheLayer {
	return &cacheLayer{layer: layer{inner: inner}, keys: keys, entries: map[string]*entry{}, store: store, scope: scope}
}

func (c *cacheLayer) Check(ctx context.Context, q Query) Response {
	defer c.enter()()
	if len(q.Constraints) == 0 || !wellFormed(q) {
		return c.pass(ctx, q)
	}
	c.load(ctx)
	key, negated := c.keys.queryKey(q.Constraints)
	pol := 0
	if negated {
		pol = 1
	}
	e := c.lookup(key)
	s := e.slots[pol]
	if s != nil {
		if r, ok := s.answer(q.ResourceLimit); ok && (r.Result != Sat || c.fits(q, r.Model)) {
			return c.answer(ctx, q, r)
		}
	}
	r := c.pass(ctx, q)
	if !reusable(r, q.ResourceLimit) {
		return r
	}
	if s == nil {
		s = &slot{}
		e.slots[pol] = s
	}
	switch r.Result {
	case Unknown:
		s.Unknowns = append(s.Unknowns, limited{Limit: q.ResourceLimit, Reason: r.Reason})
	case Sat:
		s.Result, s.Model = Sat, project(r.Model, expr.Vars(q.Constraints...))
	default:
		s.Result, s.Model = r.Result, nil
	}
	e.dirty = true
	c.entries[key] = e
	return r
}

// fits reports whether a stored model is one of q: it evaluates every
// constraint to true and gives every variable a value.
func (c *cacheLayer) fits(q Query, m *expr.Values) bool {
	return modelHolds(q.Constraints, m) && covers(m, expr.Vars(q.Constraints...))
}

// lookup is the entry for key, decoded from the store if need be, or a
// new empty one (not yet in entries).
func (c *cacheLayer) lookup(key string) *entry {
	if e, ok := c.entries[key]; ok {
		return e
	}
	if data, ok := c.raw[key]; ok {
		delete(c.raw, key)
		e, err := decodeEntry(data)
		if err == nil {
			c.entries[key] = e
			return e
		}
		c.fail(fmt.Errorf("stored answer %s of %s: %w", key, c.scope, err))
	}
	return &entry{}
}

// load reads the scope's stored entries, once.
func (c *cacheLayer) load(ctx context.Context) {
	if c.loaded || c.store == nil {
		return
	}
	c.loaded = true
	raw, err := c.store.Load(ctx, c.scope)
	if err != nil {
		c.fail(fmt.Errorf("loading the stored answers of %s: %w", c.scope, err))
		c.store = nil // go on without it
		return
	}
	c.raw = raw
}

func (c *cacheLayer) fail(err error) {
	c.storeErrors++
	if c.storeErr == nil {
		c.storeErr = err
	}
}

// save writes the entries added or changed in this run.
func (c *cacheLayer) save() {
	if c.store == nil || !c.loaded {
		return
	}
	out := map[string][]byte{}
	for key, e := range c.entries {
		if e.dirty {
			out[key] = e.encode()
		}
	}
	if len(out) == 0 {
		return
	}
	if err := c.store.Save(context.Background(), c.scope, out); err != nil {
		c.fail(fmt.Errorf("saving the answers of %s: %w", c.scope, err))
	}
}

// Close saves to the store, then closes the inner solver.
func (c *cacheLayer) Close() error {
	c.save()
	c.store = nil
	return c.inner.Close()
}

// StoreErr is the first error of the Store, with how many there were;
// nil when there was none.
func (c *cacheLayer) StoreErr() error {
	if c.storeErr == nil {
		return nil
	}
	if c.storeErrors > 1 {
		return fmt.Errorf("%w (and %d more store errors)", c.storeErr, c.storeErrors-1)
	}
	return c.storeErr
}
