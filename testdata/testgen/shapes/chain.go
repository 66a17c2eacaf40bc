package shapes

// Chain is a doubly linked list of ints. Its links are private: callers
// walk it from Front by Next, or from Back by Prev
// (testgen/walkcheck.go).
type Chain struct {
	front, back *Link
}

// Link is one element of a Chain.
type Link struct {
	Value      int
	next, prev *Link
}

// Front is the first link, or nil.
func (c *Chain) Front() *Link { return c.front }

// Back is the last link, or nil.
func (c *Chain) Back() *Link { return c.back }

// Next is the link after l, or nil.
func (l *Link) Next() *Link { return l.next }

// Prev is the link before l, or nil.
func (l *Link) Prev() *Link { return l.prev }

// Pair returns the chain a, b, or an empty chain when a == b.
func Pair(a, b int) *Chain {
	if a == b {
		return &Chain{}
	}
	x, y := &Link{Value: a}, &Link{Value: b}
	x.next, y.prev = y, x
	return &Chain{front: x, back: y}
}

// Swap exchanges the values at the chain's ends.
func (c *Chain) Swap() {
	c.front.Value, c.back.Value = c.back.Value, c.front.Value
}

// Normalize clears the links past the chain's ends. A chain its functions
// built has none, so it stays as it was.
func (c *Chain) Normalize() {
	if c.front != nil {
		c.front.prev = nil
	}
	if c.back != nil {
		c.back.next = nil
	}
}
