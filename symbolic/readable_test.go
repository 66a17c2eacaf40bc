package symbolic

import (
	"fmt"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// TestReadableInputs checks that a test's inputs are values a person
// would write: the bytes no branch reads are letters by position, strings
// the shortest the path allows, unsigned integers past a limit not huge,
// signed ones small, and a NUL only where the path needs one.
func TestReadableInputs(t *testing.T) {
	args := func(name string) map[string][]concrete.Value {
		_, paths := explore(t, name, machine.Config{MaxPaths: 50})
		byResult := make(map[string][]concrete.Value)
		for _, p := range paths {
			if p.Test == nil || !p.Test.Replayed || p.Boundary != "" {
				continue // a boundary case's inputs are the boundary's
			}
			r := fmt.Sprint(p.Test.Results)
			byResult[r] = append(byResult[r], p.Test.Args[0])
		}
		return byResult
	}
	tag := args("readable.Tag")
	if got := tag["[1]"]; len(got) != 1 || got[0].Str != "ab:def" {
		t.Errorf("Tag returning 1: inputs %v, want the one \"ab:def\"", got)
	}
	for _, a := range tag["[0]"] {
		for _, c := range []byte(a.Str) {
			if c < ' ' || c > '~' {
				t.Errorf("Tag returning 0: input %q has a byte that is not printable", a.Str)
			}
		}
	}
	if got := args("readable.Over")["[true]"]; len(got) != 1 || got[0].Uint <= 1000 || got[0].Uint > 10000 {
		t.Errorf("Over returning true: inputs %v, want one in 1001 … 10000", got)
	}
	sign := args("readable.Sign")
	for result, want := range map[string][2]int64{`["negative"]`: {-100, -6}, `["positive"]`: {6, 100}, `["small"]`: {0, 5}} {
		if got := sign[result]; len(got) != 1 || got[0].Int < want[0] || got[0].Int > want[1] {
			t.Errorf("Sign returning %s: inputs %v, want one in %d … %d", result, got, want[0], want[1])
		}
	}
	nul := false
	for _, list := range args("readable.Sum") {
		for _, a := range list {
			for i, e := range a.Elems {
				switch {
				case e.Uint == 0:
					nul = true
				case e.Uint < ' ' || e.Uint > '~':
					t.Errorf("Sum: input %v: element %d is %d, not printable", a, i, e.Uint)
				}
			}
		}
	}
	if !nul {
		t.Errorf("Sum: no input has the NUL byte its branch needs")
	}
}

// TestASCIIFirst checks that the block a path first enters is entered on
// ASCII input when ASCII can reach it: a range over a string forks on
// how its bytes decode, and the non-ASCII ways run after the others
// (State.offbeat), so the test that covers a block reads as text.
func TestASCIIFirst(t *testing.T) {
	_, paths := explore(t, "readable.Words", machine.Config{MaxPaths: 40})
	seen := make(map[*ssa.BasicBlock]bool)
	firsts := 0
	for _, p := range paths {
		if p.Test == nil || !p.Test.Replayed {
			continue
		}
		first := false
		for _, b := range p.Blocks {
			if !seen[b] {
				seen[b], first = true, true
			}
		}
		if !first {
			continue
		}
		firsts++
		for _, c := range []byte(p.Test.Args[0].Str) {
			if c < ' ' || c > '~' {
				t.Errorf("the path that first enters a block has input %q, not printable ASCII", p.Test.Args[0].Str)
				break
			}
		}
	}
	if firsts < 3 {
		t.Errorf("%d paths entered a block first, want at least 3 (the loop, a space, three words)", firsts)
	}
}

// TestDividedIntegersAreSmall: Pad divides by a symbolic tab width, on
// which the preference queries are cut; every path's inputs must still be
// numbers a reviewer reads at a glance (within ±100), not the solver's
// 64-bit choice. The boundary case n == -1 needs textw and cellw moved
// together, and a returning path the solver put where cellw − textw
// wraps around needs the jump to small values.
func TestDividedIntegersAreSmall(t *testing.T) {
	_, paths := explore(t, "readable.Pad", machine.Config{MaxPaths: 50})
	tested := 0
	for _, p := range paths {
		if p.Test == nil || !p.Test.Replayed {
			continue
		}
		tested++
		for i, a := range p.Test.Args {
			if a.Int < -100 || a.Int > 100 {
				t.Errorf("path %d (%s): argument %d is %d, want within ±100", tested, p.Kind, i, a.Int)
			}
		}
	}
	if tested == 0 {
		t.Fatal("no tested path")
	}
}
