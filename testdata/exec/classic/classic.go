// Package classic holds classic branchy programs.
package classic

import "errors"

// RGB is a colour.
type RGB struct{ R, G, B uint8 }

func hexDigit(c byte) (uint8, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// ParseHexColor parses "#rgb" and "#rrggbb".
func ParseHexColor(s string) (RGB, error) {
	if len(s) == 0 || s[0] != '#' {
		return RGB{}, errors.New("missing #")
	}
	var vals []uint8
	for i := 1; i < len(s); i++ {
		d, ok := hexDigit(s[i])
		if !ok {
			return RGB{}, errors.New("bad digit")
		}
		vals = append(vals, d)
	}
	switch len(vals) {
	case 3:
		return RGB{vals[0] * 17, vals[1] * 17, vals[2] * 17}, nil
	case 6:
		return RGB{vals[0]<<4 | vals[1], vals[2]<<4 | vals[3], vals[4]<<4 | vals[5]}, nil
	}
	return RGB{}, errors.New("bad length")
}

// Options are parsed command-line flags.
type Options struct {
	Verbose bool
	Level   int
}

// ParseFlag parses one flag of the form -v or -l=N (N a digit).
func ParseFlag(arg string) (Options, error) {
	var o Options
	switch {
	case arg == "-v":
		o.Verbose = true
	case len(arg) == 4 && arg[:3] == "-l=":
		c := arg[3]
		if c < '0' || c > '9' {
			return o, errors.New("level must be a digit")
		}
		o.Level = int(c - '0')
	default:
		return o, errors.New("unknown flag")
	}
	return o, nil
}

// Stack is a stack of ints.
type Stack struct{ items []int }

// Push pushes x.
func (s *Stack) Push(x int) { s.items = append(s.items, x) }

// Pop pops the top; it panics on an empty stack.
func (s *Stack) Pop() int {
	if len(s.items) == 0 {
		panic("pop of empty stack")
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x
}
