package symbolic

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestRuneCountPins: []rune(s) decides the rune count by forking, so the
// source's `len(rs) == 2` later compares constants; the conversion's own
// pin says what decided the path, in source terms, once per path.
func TestRuneCountPins(t *testing.T) {
	_, paths := explore(t, "stdlib.Runes", machine.Config{MaxPaths: 12, NoBoundaries: true})
	counts := make(map[string]bool)
	for _, p := range paths {
		n := 0
		for _, pin := range p.Pins {
			if strings.HasPrefix(pin, "len([]rune(s)) == ") {
				n++
				counts[pin] = true
			}
		}
		if p.Kind == machine.EndReturn && n != 1 {
			t.Errorf("path %q has %d rune-count pins, want 1", p.Pins, n)
		}
	}
	for _, want := range []string{"len([]rune(s)) == 0", "len([]rune(s)) == 1", "len([]rune(s)) == 2"} {
		if !counts[want] {
			t.Errorf("no path pins %q; pins seen: %v", want, counts)
		}
	}
}
