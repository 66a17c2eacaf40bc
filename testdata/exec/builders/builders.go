// Package builders holds fixtures of types that only the package's own
// functions build, by literals that set their unexported fields, and of
// types like them whose methods stay targets: one that a function
// returns, plain data, one that a literal builds empty, and one that only
// a package variable's initializer builds.
package builders

// scanner is built only in count, as &scanner{s: text}, and no function
// returns one: its methods, on a pointer receiver, are tested through
// count, never on a literal of their own.
type scanner struct {
	s   string
	pos int
}

// count counts the digits of text.
func count(text string) int {
	sc := &scanner{s: text}
	n := 0
	for sc.more() {
		if sc.digit() {
			n++
		}
	}
	return n
}

// more reports whether a byte is left.
func (sc *scanner) more() bool { return sc.pos < len(sc.s) }

// digit reads a byte and reports whether it is a digit.
func (sc *scanner) digit() bool {
	c := sc.s[sc.pos]
	sc.pos++
	return '0' <= c && c <= '9'
}

// window is built only in Width, as a value: its method, on a value
// receiver, is tested through Width.
type window struct{ lo, hi int }

// Width is the width of the window from lo to hi, 0 for an empty one.
func Width(lo, hi int) int { return window{lo: lo, hi: hi}.size() }

func (w window) size() int {
	if w.hi < w.lo {
		return 0
	}
	return w.hi - w.lo
}

// cursor is built by a literal too, but newCursor returns it: a test
// makes one with newCursor, and its method keeps its table.
type cursor struct {
	s string
	i int
}

func newCursor(s string) *cursor { return &cursor{s: s} }

// next is the next byte of c, 0 at the end.
func (c *cursor) next() byte {
	if c.i >= len(c.s) {
		return 0
	}
	c.i++
	return c.s[c.i-1]
}

// point has exported fields only: plain data, which a test writes as a
// literal like any caller. Its method keeps its table.
type point struct{ X, Y int }

// Manhattan is the distance of (x, y) from the origin.
func Manhattan(x, y int) int { return point{X: x, Y: y}.norm() }

func (p point) norm() int {
	n := 0
	for _, v := range []int{p.X, p.Y} {
		if v < 0 {
			v = -v
		}
		n += v
	}
	return n
}

// tally is built empty, &tally{}, which a test may write too: no private
// state. Its method keeps its table.
type tally struct{ n int }

// Thrice adds to a new tally three times.
func Thrice() int {
	t := &tally{}
	t.add()
	t.add()
	return t.add()
}

func (t *tally) add() int {
	if t.n >= 2 {
		return t.n
	}
	t.n++
	return t.n
}

// table is built only by the initializer of defaults, which is no
// target: its method keeps its table.
type table struct{ names []string }

var defaults = &table{names: []string{"go"}}

// Known reports whether the default table has s.
func Known(s string) bool { return defaults.has(s) }

func (t *table) has(s string) bool {
	for _, n := range t.names {
		if n == s {
			return true
		}
	}
	return false
}
