package symbolic

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestFloatInputsTryCandidates: a float input is tried as each of its
// candidates, among them the values beside the function's own constants,
// so every band of Grade is reached, and Celsius's float32 field goes
// below -459.67. A path that computes with a float input says that it
// speaks for those values only; one that never does (Celsius in "C", or
// with an unknown unit) holds for every value and says nothing.
func TestFloatInputsTryCandidates(t *testing.T) {
	for name, want := range map[string][]string{
		"floats.Grade":   {`["fraction"]`, `["invalid"]`, `["negative"]`, `["top"]`, `["whole"]`},
		"floats.Celsius": {`[0 &{"below absolute zero"}]`, `[-17.77777862548828 nil]`, `[0 nil]`, `[0 &{"unknown unit"}]`},
	} {
		sum, paths := explore(t, name, machine.Config{})
		got := outcomes(paths)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no path returns %s; got %v", name, w, got)
			}
		}
		if sum.Covered != sum.Blocks {
			t.Errorf("%s: covered %d of %d blocks", name, sum.Covered, sum.Blocks)
		}
		if sum.Exhausted {
			t.Errorf("%s: exhausted, though its float input took a few values only", name)
		}
		for _, p := range paths {
			if p.Test == nil {
				continue
			}
			limited := slices.ContainsFunc(p.Concretized, func(c string) bool { return strings.Contains(c, "values of type float") })
			computes := name == "floats.Grade" || p.Test.Args[0].Elems[1].Str == "F"
			if limited != computes {
				t.Errorf("%s(%v): the path says its float input took a few values only: %v, want %v (%v)", name, p.Test.Args, limited, computes, p.Concretized)
			}
		}
		checkAgainstGo(t, name, paths)
	}
}

// TestFloatChoicesAreBounded: only the first maxFloatChoices float inputs
// of a path get candidates; the others stay 0, and the path says so.
func TestFloatChoicesAreBounded(t *testing.T) {
	_, paths := explore(t, "floats.Signs", machine.Config{})
	counts := map[string]bool{}
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		if c := p.Test.Args[2]; c.Kind != concrete.Float || c.Float != 0 {
			t.Errorf("c = %v, want 0", c)
		}
		if !slices.Contains(p.Concretized, "c of type float64 is fixed to its zero value") {
			t.Errorf("a path does not say that c is fixed: %v", p.Concretized)
		}
		counts[p.Test.Results[0].String()] = true
	}
	for _, n := range []string{"0", "1", "2"} {
		if !counts[n] {
			t.Errorf("no path counts %s positive values; got %v", n, counts)
		}
	}
	checkAgainstGo(t, "floats.Signs", paths)
}

// TestUnreadFloatInputsStayOpen: a float input the function never
// computes with takes no candidate, so Label, which only reads the unit
// beside it, is exhausted.
func TestUnreadFloatInputsStayOpen(t *testing.T) {
	sum, paths := explore(t, "floats.Label", machine.Config{})
	if !sum.Exhausted || sum.Covered != sum.Blocks || len(paths) != 2 {
		t.Errorf("exhausted=%v, covered %d of %d blocks, %d paths; want exhausted, every block, 2 paths", sum.Exhausted, sum.Covered, sum.Blocks, len(paths))
	}
}
