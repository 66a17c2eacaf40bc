package symbolic

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

func TestInterfaceInputsTakeEachImplementation(t *testing.T) {
	sum, paths := explore(t, "ifaces.Measure", machine.Config{})
	got := outcomes(paths)
	for _, want := range []string{"[-1]", "[0]", "[1]"} {
		if !slices.Contains(got, want) {
			t.Errorf("no path returns %s; got %v", want, got)
		}
	}
	types := map[string]bool{}
	for _, p := range paths {
		if p.Test != nil && len(p.Test.Args) == 1 && p.Test.Args[0].Elem != nil {
			types[p.Test.Args[0].Elem.Type.String()] = true
		}
	}
	if len(types) != 2 {
		t.Errorf("dynamic types chosen: %v, want Rect and *Square", types)
	}
	if !sum.Exhausted || sum.Covered != sum.Blocks {
		t.Errorf("exhausted=%v, covered %d of %d", sum.Exhausted, sum.Covered, sum.Blocks)
	}
}

// A reader of another package in a struct field (*io.LimitedReader, as
// the program's types give it) is never a nil pointer in a non-nil
// interface: no caller passes (*io.LimitedReader)(nil), and its Read
// would only panic. The package's own types keep their nil (Bump's
// *Counter).
func TestForeignDynamicPointersAreNotNil(t *testing.T) {
	_, paths := explore(t, "ifaces.ReadOne", machine.Config{})
	readers := 0
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		src := p.Test.Args[0]
		if src.Kind != concrete.Pointer || src.Elem == nil {
			continue
		}
		if r := src.Elem.Elems[0]; r.Kind == concrete.Interface && r.Elem != nil {
			if r.Elem.Kind == concrete.Nil {
				t.Errorf("ReadOne is given a nil %s as its reader", r.Elem.Type)
			}
			readers++
		}
	}
	if readers == 0 {
		t.Error("no path gives ReadOne a reader")
	}
	_, paths = explore(t, "ifaces.Bump", machine.Config{})
	nilCounter := false
	for _, p := range paths {
		if p.Test != nil && p.Test.Args[0].Elem != nil && p.Test.Args[0].Elem.Kind == concrete.Nil {
			nilCounter = true
		}
	}
	if !nilCounter {
		t.Error("Bump: no path passes a nil *Counter, which the package's own type keeps")
	}
}

func TestMapInputsTakeEachSize(t *testing.T) {
	sum, paths := explore(t, "maps.CountAbove", machine.Config{Bounds: machine.Bounds{MaxElems: 3}})
	got := outcomes(paths)
	for _, want := range []string{"[-1]", "[0]", "[1]", "[2]", "[3]"} {
		if !slices.Contains(got, want) {
			t.Errorf("no path returns %s; got %v", want, got)
		}
	}
	sizes := map[int]bool{}
	for _, p := range paths {
		if p.Test != nil && p.Test.Args[0].Kind == concrete.Map {
			keys := map[string]bool{}
			for _, k := range p.Test.Args[0].Keys {
				keys[k.Str] = true
			}
			if len(keys) != len(p.Test.Args[0].Keys) {
				t.Errorf("input map with repeated keys: %v", p.Test.Args[0])
			}
			sizes[len(keys)] = true
		}
	}
	if len(sizes) != 4 {
		t.Errorf("map sizes tried: %v, want 0..3", sizes)
	}
	// CountAbove ranges over its map: with two or more entries only one
	// order is explored, and the paths say so.
	for _, p := range paths {
		ranged := p.Test != nil && len(p.Test.Args[0].Keys) >= 2
		if ranged != slices.Contains(p.Concretized, "map iteration: only insertion order is explored") {
			t.Errorf("path with args %v: limitations %v", p.Test.Args, p.Concretized)
		}
	}
	if sum.Exhausted {
		t.Error("CountAbove explored one iteration order only, so it must not be exhausted")
	}
}

func TestNestedAndEmptyInterfaceInputs(t *testing.T) {
	for _, tc := range []struct {
		name      string
		want      []string
		exhausted bool
	}{
		// any: the types the package asserts to, then int and string.
		{"ifaces.Kind", []string{`["nil"]`, `["int"]`, `["big int"]`, `["bool"]`, `["rect"]`, `["other"]`}, false},
		// any: the function's own assertions come first.
		{"ifaces.Bump", []string{"[0]", "[1]"}, false},
		// Nested in a pointee, built when first read (forks mid-instruction).
		{"ifaces.Open", []string{"[-1]", "[0]", "[1]", "[2]"}, true},
		// Nested in a struct parameter, built with the initial state.
		{"ifaces.Inspect", []string{"[0]", "[1]", "[2]", "[3]"}, true},
	} {
		sum, paths := explore(t, tc.name, machine.Config{Bounds: machine.Bounds{MaxElems: 2}})
		got := outcomes(paths)
		for _, want := range tc.want {
			if !slices.Contains(got, want) {
				t.Errorf("%s: no path returns %s; got %v", tc.name, want, got)
			}
		}
		if sum.Covered != sum.Blocks {
			t.Errorf("%s: covered %d of %d blocks", tc.name, sum.Covered, sum.Blocks)
		}
		if sum.Exhausted != tc.exhausted {
			t.Errorf("%s: exhausted=%v, want %v", tc.name, sum.Exhausted, tc.exhausted)
		}
	}
}

func TestMapOrderDependentTestsAreFlagged(t *testing.T) {
	sum, paths := explore(t, "maps.FirstKey", machine.Config{Bounds: machine.Bounds{MaxElems: 2}})
	bySize := map[int][]bool{}
	for _, p := range paths {
		if p.Test != nil && p.Test.Args[0].Kind == concrete.Map {
			n := len(p.Test.Args[0].Keys)
			bySize[n] = append(bySize[n], p.Test.OrderDependent)
		}
	}
	for n, want := range map[int]bool{0: false, 1: false, 2: true} {
		if len(bySize[n]) == 0 {
			t.Errorf("no test with a map of %d entries", n)
		}
		for _, got := range bySize[n] {
			if got != want {
				t.Errorf("map of %d entries: OrderDependent=%v, want %v", n, got, want)
			}
		}
	}
	if sum.Exhausted {
		t.Error("ranging over two entries explores one order only, so it must not be exhausted")
	}
	// Total sums the values: the order does not change the outcome.
	_, paths = explore(t, "maps.Total", machine.Config{})
	for _, p := range paths {
		if p.Test != nil && p.Test.OrderDependent {
			t.Errorf("Total(%v) flagged as order dependent", p.Test.Args)
		}
	}
}
