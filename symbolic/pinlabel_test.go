package symbolic

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// A pin decided in another function than the one under test names it:
// digits' c is not a variable of Version, and a comment that read
// "c >= '0'" beside Version's s would mislead.
func TestPinsOfCalleesNameTheirFunction(t *testing.T) {
	_, paths := explore(t, "srcpins.Version", machine.Config{})
	var own, callee int
	for _, p := range paths {
		if p.Test == nil || fmt.Sprint(p.Test.Results) != "[true]" {
			continue
		}
		for _, pin := range p.Pins {
			switch {
			case strings.HasPrefix(pin, "digits: "):
				callee++
			case strings.Contains(pin, "c "), strings.Contains(pin, "i "):
				t.Errorf("pin %q of digits is not labelled with it (pins %q)", pin, p.Pins)
			default:
				own++
			}
		}
	}
	if own == 0 || callee == 0 {
		t.Errorf("%d pins of Version, %d labelled pins of digits; want some of each", own, callee)
	}
}
