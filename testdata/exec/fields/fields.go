// Package fields holds a fixture whose method under test branches on
// exported fields that callers set after the constructor, as they set
// csv.Reader's Comma: a splitter on ';', or a strict one, is reached only
// by an assignment after NewSplitter.
package fields

// Splitter splits on Sep; callers get one from NewSplitter and may set
// its exported fields before they use it.
type Splitter struct {
	Sep    rune
	Strict bool
	// Label is exported but nothing in the package reads it, so setting
	// it changes no branch.
	Label string
	n     int
}

// NewSplitter returns a lenient splitter on ','.
func NewSplitter() *Splitter { return &Splitter{Sep: ','} }

// Shared is a splitter every caller shares: no test may assign to it.
var Shared = &Splitter{Sep: ','}

// Common hands out the shared splitter, which a caller must not change
// either.
func Common() *Splitter { return Shared }

// Kind says how s splits: "semi" on ';', "strict" when it is strict,
// else "comma". A splitter as NewSplitter makes it is always "comma".
func (s *Splitter) Kind() string {
	s.n++
	if s.Sep == ';' {
		return "semi"
	}
	if s.Strict {
		return "strict"
	}
	return "comma"
}
