// Package sequences holds fixtures whose method under test has branches
// that only a receiver used before reaches: a counter after an Add or a
// Close, a padder after its builder WithPad.
package sequences

// Counter counts what it is told; callers get one from NewCounter.
type Counter struct {
	n    int
	done bool
}

// NewCounter returns an empty, open counter.
func NewCounter() *Counter { return &Counter{} }

// Add adds k, when it is 1, 2 or 3.
func (c *Counter) Add(k int) {
	if k > 0 && k <= 3 {
		c.n += k
	}
}

// Close ends the counting.
func (c *Counter) Close() error {
	c.done = true
	return nil
}

// Report says how far the counter got. A new counter is always "none".
func (c *Counter) Report() string {
	if c.done {
		return "closed"
	}
	if c.n > 2 {
		return "high"
	}
	if c.n > 0 {
		return "some"
	}
	return "none"
}

// Padder pads with its pad rune; callers get one from NewPadder.
type Padder struct {
	pad rune
}

// NewPadder returns a padder that pads with '='.
func NewPadder() *Padder { return &Padder{pad: '='} }

// Dashes pads with '-'. No method changes the padder a pointer points
// to, so callers share it.
var Dashes = &Padder{pad: '-'}

// WithPad returns a copy of p that pads with r.
func (p Padder) WithPad(r rune) *Padder {
	p.pad = r
	return &p
}

// Pad reports how s is padded: "star" only after WithPad('*').
func (p *Padder) Pad(s string) string {
	if p.pad == '*' {
		return s + "star"
	}
	return s + "plain"
}
