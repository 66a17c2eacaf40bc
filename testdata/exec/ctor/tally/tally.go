// Package tally provides a type with unexported fields, made by its
// constructor: a test of another package cannot write it as a literal.
package tally

// Tally counts up to a limit.
type Tally struct {
	n, limit int
}

// New returns a tally that counts up to limit (at least 1).
func New(limit int) *Tally {
	if limit < 1 {
		limit = 1
	}
	return &Tally{limit: limit}
}

// Add counts one; it reports false when the limit was already reached.
func (t *Tally) Add() bool {
	if t.n >= t.limit {
		return false
	}
	t.n++
	return true
}

// Left is how many counts remain.
func (t *Tally) Left() int { return t.limit - t.n }

// Ring has a positive size.
type Ring struct{ size int }

// NewRing returns a ring of the given size; it panics unless size is
// positive.
func NewRing(size int) *Ring {
	if size <= 0 {
		panic("tally: ring size must be positive")
	}
	return &Ring{size: size}
}

// Size is the ring's size.
func (r *Ring) Size() int { return r.size }

// Gauge measures up to a maximum; it has no constructor function, the user
// calls Init on a new one.
type Gauge struct{ max, v int }

// Init sets the maximum and returns g.
func (g *Gauge) Init(max int) *Gauge {
	g.max, g.v = max, 0
	return g
}

// Set sets the value; it reports false above the maximum.
func (g *Gauge) Set(v int) bool {
	if v > g.max {
		return false
	}
	g.v = v
	return true
}
