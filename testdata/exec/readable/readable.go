// Package readable has inputs whose tests should read as a person would
// write them: bytes no branch reads, strings longer than the bytes read,
// integers past a limit.
package readable

// Tag is 1 for a string longer than five bytes with a colon at index 2.
func Tag(s string) int {
	if len(s) > 5 && s[2] == ':' {
		return 1
	}
	return 0
}

// Over tells whether n is past a limit.
func Over(n uint) bool {
	if n > 1000 {
		return true
	}
	return false
}

// Sign names the sign of x, with a margin.
func Sign(x int) string {
	if x < -5 {
		return "negative"
	}
	if x > 5 {
		return "positive"
	}
	return "small"
}

// Sum adds the bytes of b that are not NUL.
func Sum(b []byte) int {
	t := 0
	for i := 0; i < len(b); i++ {
		if b[i] != 0 {
			t += int(b[i])
		}
	}
	return t
}

// Words counts the words of s, runs of runes other than a space, up to
// three. Any text reaches every block with ASCII alone.
func Words(s string) int {
	n, in := 0, false
	for _, r := range s {
		if r == ' ' {
			in = false
			continue
		}
		if !in {
			n++
			in = true
		}
	}
	if n >= 3 {
		return 3
	}
	return n
}

// Pad is text/tabwriter's padding arithmetic: the cell width rounded up
// to a multiple of the tab width, less the text width. The division by a
// symbolic tab width makes Z3's preference queries hard at 64 bits.
func Pad(textw, cellw, tabwidth int) int {
	if tabwidth == 0 {
		return 0
	}
	cellw = (cellw + tabwidth - 1) / tabwidth * tabwidth
	n := cellw - textw
	if n < 0 {
		panic("internal error")
	}
	return (n + tabwidth - 1) / tabwidth
}
