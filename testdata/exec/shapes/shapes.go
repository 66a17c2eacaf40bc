// Package shapes holds fixtures of types that no function of the package
// returns, which the package builds by composite literals in a few
// shapes only, or not by a literal at all.
package shapes

// parser is built only as &parser{s: text}, in Words: no caller ever
// holds a parser whose pos or tok is set before its methods run.
type parser struct {
	s   string
	pos int
	tok string
}

// Words counts the words of text.
func Words(text string) int {
	p := &parser{s: text}
	p.pos = 0 // a store after the literal is no part of its shape
	return p.words()
}

// words counts the words of p.s from p.pos on.
func (p *parser) words() int {
	n := 0
	for p.lex(); p.tok != ""; p.lex() {
		if p.tok[0] >= 'a' && p.tok[0] <= 'z' {
			n++
		}
	}
	return n
}

// lex reads the next token of p.s into p.tok: a run of lower-case
// letters or one other byte, "" at the end; spaces are skipped.
func (p *parser) lex() {
	for p.pos < len(p.s) && p.s[p.pos] == ' ' {
		p.pos++
	}
	if p.pos >= len(p.s) {
		p.tok = ""
		return
	}
	start := p.pos
	for p.pos < len(p.s) && 'a' <= p.s[p.pos] && p.s[p.pos] <= 'z' {
		p.pos++
	}
	if p.pos == start {
		p.pos++
	}
	p.tok = p.s[start:p.pos]
}

// span is built in two shapes: {lo} and {lo, hi}. Nothing sets open.
type span struct {
	lo, hi int
	open   bool
}

// From is the width of the span that starts at lo and has no end.
func From(lo int) int { return (&span{lo: lo}).width() }

// Between is the width of the span from lo to hi.
func Between(lo, hi int) int {
	s := span{lo: lo, hi: hi}
	return s.width()
}

// width is hi-lo, 0 for an empty span, and -1 for an open one.
func (s span) width() int {
	if s.open {
		return -1
	}
	if s.hi < s.lo {
		return 0
	}
	return s.hi - s.lo
}

// counter is made only by new: no literal of it sets n, yet callers
// reach other counts through add.
type counter struct{ n int }

// Count counts to k, at most 3.
func Count(k int) int {
	c := new(counter)
	for i := 0; i < k; i++ {
		c.add()
	}
	return c.n
}

// add counts one more, up to 3, and reports the count.
func (c *counter) add() int {
	if c.n >= 3 {
		return c.n
	}
	c.n++
	return c.n
}

// wrapped implements error through its embedded error, as a value too,
// but the package builds only &wrapped{…}, which Wrap hands out.
type wrapped struct {
	error
	note string
}

// Wrap notes note on err.
func Wrap(err error, note string) error { return &wrapped{err, note} }

// Note is the note of a wrapped error, "" for another one.
func Note(err error) string {
	if w, ok := err.(*wrapped); ok {
		return "noted " + w.note
	}
	return ""
}

// Bag is made by NewBag.
type Bag struct{ items []*Item }

// NewBag returns an empty bag.
func NewBag() *Bag { return &Bag{} }

// Item is handed out only by the methods of *Bag: no function returns
// one.
type Item struct {
	Value int
	bag   *Bag
}

// Add puts v in b.
func (b *Bag) Add(v int) *Item {
	it := &Item{Value: v, bag: b}
	b.items = append(b.items, it)
	return it
}

// First is the first item of b, nil for none.
func (b *Bag) First() *Item {
	if len(b.items) == 0 {
		return nil
	}
	return b.items[0]
}

// Owned reports whether it is in a bag, and its value.
func (it *Item) Owned() (bool, int) {
	if it.bag == nil {
		return false, it.Value
	}
	return true, it.Value
}
