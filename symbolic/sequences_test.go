package symbolic

import (
	"sort"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// exploreSequences explores a fixture of package sequences with up to
// maxCalls method calls on a made receiver, and returns the results its
// replayed tests return, and the tests' receivers.
func exploreSequences(t *testing.T, name string, maxCalls int) (map[string]bool, []concrete.Value) {
	t.Helper()
	_, paths := explore(t, name, machine.Config{MaxWork: 3_000_000, Bounds: machine.Bounds{MaxLen: 4, MaxElems: 3, MaxCalls: maxCalls}})
	results := map[string]bool{}
	var recvs []concrete.Value
	for _, p := range testedPaths(t, paths) {
		if len(p.Test.Results) > 0 && p.Test.Results[0].Kind == concrete.String {
			r := p.Test.Results[0].Str
			if strings.HasSuffix(r, "star") || strings.HasSuffix(r, "plain") {
				r = suffixOf(r)
			}
			results[r] = true
		}
		recvs = append(recvs, p.Test.Args[0])
	}
	return results, recvs
}

// suffixOf is the padding Pad appended to its result.
func suffixOf(r string) string {
	if strings.HasSuffix(r, "star") {
		return "star"
	}
	return "plain"
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestSequencesReachUsedStates: Report's branches other than "none" are
// reached only by a counter that was added to or closed first, so
// without sequences only "none" is returned, and with one call every
// result is, through a receiver set up by a method call.
func TestSequencesReachUsedStates(t *testing.T) {
	off, _ := exploreSequences(t, "sequences.Counter.Report", 0)
	if got := strings.Join(keys(off), ","); got != "none" {
		t.Errorf("without sequences: results %s, want only none", got)
	}
	on, recvs := exploreSequences(t, "sequences.Counter.Report", 1)
	if got := strings.Join(keys(on), ","); got != "closed,high,none,some" {
		t.Errorf("with one call: results %s, want closed,high,none,some", got)
	}
	setups := 0
	for _, r := range recvs {
		switch {
		case r.Kind == concrete.Setup:
			setups++
			if r.Elem.Kind != concrete.Call || r.Elem.Func.Name() != "NewCounter" || len(r.Elems) != 1 {
				t.Errorf("receiver %s, want NewCounter() and one call", r)
			}
		case r.Kind != concrete.Call || r.Func.Name() != "NewCounter":
			t.Errorf("receiver %s, want NewCounter()", r)
		}
	}
	if setups == 0 {
		t.Errorf("no receiver was set up by a method call")
	}
}

// TestSequenceBuilderReplacesTheValue: Pad's "star" branch needs the
// padder that WithPad('*') returns, which replaces the constructor's; a
// builder is also called on the package variable Dashes.
func TestSequenceBuilderReplacesTheValue(t *testing.T) {
	off, _ := exploreSequences(t, "sequences.Padder.Pad", 0)
	if off["star"] {
		t.Errorf("without sequences, star was reached")
	}
	on, recvs := exploreSequences(t, "sequences.Padder.Pad", 1)
	if !on["star"] || !on["plain"] {
		t.Errorf("with one call: results %v, want star and plain", keys(on))
	}
	onGlobal := false
	for _, r := range recvs {
		if r.Kind != concrete.Setup {
			continue
		}
		if len(r.Elems) != 1 || r.Elems[0].Func.Name() != "WithPad" && r.Elems[0].Func.Name() != "Pad" {
			t.Errorf("receiver %s: want a call of WithPad or Pad", r)
		}
		if r.Elem.Kind == concrete.Global {
			// A package variable is every test's: only a builder
			// declared on the value may be called on it.
			onGlobal = true
			if r.Elems[0].Func.Name() != "WithPad" {
				t.Errorf("receiver %s: a call on a package variable that is no builder", r)
			}
		}
	}
	if !onGlobal {
		t.Errorf("no receiver was built from Dashes")
	}
}
