package symbolic

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestGenericInterfaceTakesGenericImplementations: only the generic
// Bag[T] implements Store[T], so a Store[int] input was always nil. It is
// now nil or a *Bag[int] (a nil one too, whose Len panics, when nil is
// tried anywhere), and every outcome of Fill is reached (Go agrees:
// TestEveryFixtureAgreesWithGo).
func TestGenericInterfaceTakesGenericImplementations(t *testing.T) {
	_, paths := explore(t, "generics.Fill", machine.Config{MaxPaths: 100, NilAnywhere: true})
	if got, want := outcomes(paths), []string{"[-1]", "[0]", "[1]", "[2]", "panic: runtime error: invalid memory address or nil pointer dereference"}; !slices.Equal(got, want) {
		t.Errorf("outcomes %v, want %v", got, want)
	}
}
