// Package fields holds a fixture whose method under test branches on
// exported fields that callers set after the constructor, as they set
// csv.Reader's Comma: a splitter on ';', or a strict one, is reached only
// by an assignment after NewSplitter. A config or options value that the
// package hands out to every caller is never assigned to.
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

// Config has one instance, which Current hands out: a caller that set
// its fields would change them for every other caller.
type Config struct {
	Verbose bool
	n       int
}

// current is a package variable of the struct itself, which no init
// sets, so the executor allocates its object only when a path first
// reads it.
var current Config

// Current hands out the address of current.
func Current() *Config { return &current }

// Mode is "verbose" only for a config a caller set Verbose in.
func (c *Config) Mode() string {
	c.n++
	if c.Verbose {
		return "verbose"
	}
	return "quiet"
}

// Options has one instance, which the package's init makes and
// Defaults hands out.
type Options struct {
	Strict bool
	n      int
}

var defaults = &Options{}

// Defaults hands out the options every caller shares.
func Defaults() *Options { return defaults }

// Mode is "strict" only for options a caller set Strict in.
func (o *Options) Mode() string {
	o.n++
	if o.Strict {
		return "strict"
	}
	return "lenient"
}

// Add counts k and says whether the count passed 3. It reads no exported
// field, so no caller's setting of one changes what it does.
func (s *Splitter) Add(k int) bool {
	s.n += k
	return s.n > 3
}
