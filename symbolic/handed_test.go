package symbolic

import (
	"sort"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// handedResults explores a method of package handed and returns its
// tests' results, each with whether its element parameters were handed
// out by the receiver.
func handedResults(t *testing.T, name string) []string {
	t.Helper()
	_, paths := explore(t, name, machine.Config{MaxWork: 3_000_000, Bounds: machine.Bounds{MaxLen: 2, MaxElems: 2, MaxDepth: 3}})
	var out []string
	for _, p := range testedPaths(t, paths) {
		s := p.Test.Results[0].String()
		for _, a := range p.Test.Args[1:] {
			if a.Kind == concrete.Handed {
				if a.Int != 0 || a.Elem.Kind != concrete.Call || a.Elem.Func.Name() != "Add" {
					t.Errorf("handed input %s, want the receiver's Add", a)
				}
				s += " handed"
			} else {
				s += " own"
			}
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// TestHandedElementBelongsToReceiver: an element made on a list of its
// own is never the receiver's, so Owns returned only false; the element
// the receiver hands out is its own, and Owns returns true for it.
func TestHandedElementBelongsToReceiver(t *testing.T) {
	got := strings.Join(handedResults(t, "handed.List.Owns"), ", ")
	if want := "false own, true handed"; got != want {
		t.Errorf("results %s, want %s", got, want)
	}
}

// TestHandedElementsTwoParams: both elements may be the receiver's,
// each handed out by a call of its own, in order.
func TestHandedElementsTwoParams(t *testing.T) {
	got := strings.Join(handedResults(t, "handed.List.Same"), ", ")
	if !strings.Contains(got, "2 handed handed") {
		t.Errorf("results %s, want two of the receiver's elements", got)
	}
}
