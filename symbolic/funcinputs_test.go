package symbolic

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestFuncInputsAreConstantFunctions: a func input is nil or a function
// returning values the solver chooses, so every outcome of CountIf and
// Rank is reached, a deferred call of a nil func panics as it returns
// (Settle), the cases agree with compiled Go, and a non-nil func is a
// literal of its results. A path that calls the func says that it
// holds for constant functions only; one that never calls it (a nil
// keep, HasHook) holds for every function, and HasHook is exhausted.
func TestFuncInputsAreConstantFunctions(t *testing.T) {
	for name, want := range map[string][]string{
		"funcs.CountIf": {"[0]", "[1]"},
		"funcs.Rank":    {`["unknown"]`, `["top"]`, `["negative"]`, `["ranked"]`},
		"funcs.HasHook": {},
		"funcs.Settle":  {"[0]", "[1]"},
	} {
		sum, paths := explore(t, name, machine.Config{})
		got := outcomes(paths)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no path returns %s; got %v", name, w, got)
			}
		}
		blocks := sum.Blocks
		if name == "funcs.Settle" {
			blocks-- // its recover block runs only when a deferred call recovers
		}
		if sum.Covered != blocks {
			t.Errorf("%s: covered %d of %d blocks", name, sum.Covered, sum.Blocks)
		}
		calls := false
		for _, p := range paths {
			if p.Test == nil {
				continue
			}
			f := p.Test.Args[map[string]int{"funcs.CountIf": 1, "funcs.Rank": 1, "funcs.HasHook": 0, "funcs.Settle": 0}[name]]
			limited := slices.ContainsFunc(p.Concretized, func(c string) bool { return strings.Contains(c, "constant functions") })
			called := f.Kind == concrete.FuncLit && name != "funcs.HasHook" && (name != "funcs.CountIf" || len(p.Test.Args[0].Elems) > 0)
			if limited != called {
				t.Errorf("%s(%v): the path says it holds for constant functions only: %v, want %v (%v)", name, p.Test.Args, limited, called, p.Concretized)
			}
			if f.Kind != concrete.Nil && f.Kind != concrete.FuncLit {
				t.Errorf("%s(%v): the func input is a %v", name, p.Test.Args, f.Kind)
			}
			if name == "funcs.Settle" && p.Test.Panics != (f.Kind == concrete.Nil) {
				t.Errorf("%s(%v): panics %v", name, p.Test.Args, p.Test.Panics)
			}
			calls = calls || called
		}
		if sum.Exhausted == calls {
			t.Errorf("%s: exhausted %v, though a path calls its func input: %v", name, sum.Exhausted, calls)
		}
		checkAgainstGo(t, name, paths)
	}
}
