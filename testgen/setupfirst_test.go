package testgen

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// TestFewerSetupsFirst (the names are in Boundary): candidates whose
// inputs need fewer setup calls
// come first, and the executor's order is kept among equals.
func TestFewerSetupsFirst(t *testing.T) {
	made := concrete.Value{Kind: concrete.Call}
	setup := func(calls int) concrete.Value {
		return concrete.Value{Kind: concrete.Setup, Elem: &made, Elems: make([]concrete.Value, calls)}
	}
	cand := func(name string, args ...concrete.Value) *candidate {
		return &candidate{Case: Case{Boundary: name, Args: args}}
	}
	cands := []*candidate{cand("two", setup(2)), cand("one", setup(1)), cand("plain", made), cand("one-b", made, setup(1)), cand("plain-b")}
	var got []string
	for _, c := range fewerSetupsFirst(cands) {
		got = append(got, c.Boundary)
	}
	want := []string{"plain", "plain-b", "one", "one-b", "two"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	if cands[0].Boundary != "two" {
		t.Errorf("the candidates given were reordered")
	}
}
