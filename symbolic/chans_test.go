package symbolic

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestChannelsInOneGoroutine explores the channel fixtures: every outcome
// one goroutine can reach is a tested path that agrees with compiled Go,
// and the paths that would wait forever or depend on select's random
// choice end unsupported, which keeps their functions unexhausted.
func TestChannelsInOneGoroutine(t *testing.T) {
	cases := []struct {
		name        string
		outcomes    []string
		unsupported string // the reason of the path that has no test, if any
		limited     bool   // an input is fixed, so no exhaustion
		missed      int    // blocks that only inputs the executor does not make reach
	}{
		{name: "chans.Signal", outcomes: []string{"[false]", "[true]"}},
		{name: "chans.TrySend", outcomes: []string{"[0 20]", "[1 21]", "[2 22]"}},
		{name: "chans.Last", outcomes: []string{"[0 false]"}},
		{name: "chans.CloseTwice", outcomes: []string{"[1]", "panic: close of closed channel"}},
		{name: "chans.SendClosed", outcomes: []string{"panic: send on closed channel"}},
		{name: "chans.Same", outcomes: []string{"[false]", "[true]"}},
		{name: "chans.Touch", outcomes: []string{`["unnamed"]`, "panic: close of nil channel"}, limited: true},
		{name: "chans.Changed", outcomes: []string{`["unwatched"]`, `["unchanged"]`}, limited: true, missed: 1},
		{name: "chans.Stop", outcomes: []string{"[false]", "[true]"}, limited: true},
		{name: "chans.Wait", unsupported: "unsupported:blocking receive from an empty channel (a single goroutine would wait forever)"},
		{name: "chans.Overfill", unsupported: "unsupported:blocking send on a full channel (a single goroutine would wait forever)"},
		{name: "chans.Either", outcomes: []string{"[0]", "[1]", "[2]"}, unsupported: "unsupported:select with 2 cases ready (Go takes one at random)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sum, paths := explore(t, c.name, machine.Config{MaxPaths: 100})
			got := outcomes(paths)
			for _, w := range c.outcomes {
				if !slices.Contains(got, w) {
					t.Errorf("no path gives %s; got %v", w, got)
				}
			}
			var reasons []string
			for _, p := range paths {
				if p.Kind == machine.EndUnsupported || p.Kind == machine.EndInternal {
					reasons = append(reasons, p.Reason)
				}
				if p.Test != nil && p.Test.Panics && strings.Contains(p.Test.PanicMsg, "channel") && p.Panic != machine.PanicChan {
					t.Errorf("panic %q is of kind %v, want %v", p.Test.PanicMsg, p.Panic, machine.PanicChan)
				}
			}
			if c.unsupported == "" {
				if len(reasons) > 0 || sum.Exhausted == c.limited || sum.Covered != sum.Blocks-c.missed {
					t.Errorf("ends %v, exhausted %v, covered %d of %d blocks; want every path tested, exhausted unless limited, %d blocks missed", reasons, sum.Exhausted, sum.Covered, sum.Blocks, c.missed)
				}
			} else if !slices.Contains(reasons, c.unsupported) || sum.Exhausted {
				t.Errorf("ends %v, exhausted %v; want %q and no exhaustion", reasons, sum.Exhausted, c.unsupported)
			}
			checkAgainstGo(t, c.name, paths)
		})
	}
}

// TestDrainKeepsTheChannelsOrder: a range over a closed buffered channel
// receives what was sent, oldest first, and no more.
func TestDrainKeepsTheChannelsOrder(t *testing.T) {
	sum, paths := explore(t, "chans.Drain", machine.Config{MaxPaths: 100})
	if !sum.Exhausted {
		t.Error("Drain is not exhausted")
	}
	sums := 0
	for _, p := range paths {
		if p.Test == nil {
			t.Errorf("path %v ended %v (%s) without a test", p.Pins, p.Kind, p.Reason)
			continue
		}
		if p.Test.Results[0].String() != "0" {
			sums++
		}
	}
	if sums == 0 {
		t.Error("no path sums a non-empty queue")
	}
	checkAgainstGo(t, "chans.Drain", paths)
}
