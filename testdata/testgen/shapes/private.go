package shapes

import "strconv"

// Types with private state, for the checks of results and after-states
// through what the package exports (testgen/viewcheck.go).

// Tally counts under a name. Its count is private: callers read it
// through Count.
type Tally struct {
	Name string
	n    int
}

// Add adds k to the count and returns the tally.
func (t *Tally) Add(k int) *Tally {
	t.n += k
	return t
}

// Count is the count.
func (t *Tally) Count() int { return t.n }

// Find returns the tally named name in ts, or nil.
func Find(ts []*Tally, name string) *Tally {
	for _, t := range ts {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Gauge is a level that callers read through String.
type Gauge struct{ level int }

// String says the level.
func (g Gauge) String() string { return "level " + strconv.Itoa(g.level) }

// Raise returns g one level up.
func Raise(g Gauge) Gauge { return Gauge{g.level + 1} }

// Token has nothing exported: a test can only tell whether it got one.
type Token struct{ id int }

// Issue returns a token for id.
func Issue(id int) *Token { return &Token{id} }

// Stamp returns a token for id, as a value.
func Stamp(id int) Token { return Token{id} }

// All returns the tallies of ts that count something: a slice of a type
// with private state, which no literal is written for.
func All(ts []*Tally) []*Tally {
	var out []*Tally
	for _, t := range ts {
		if t.n != 0 {
			out = append(out, t)
		}
	}
	return out
}
