package slicing

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
)

const loopSrc = `package p

var sink int

// b0: jump b1; b1: s = φ, i = φ; if i < n b2 b3; b2: s += i; i++; jump b1;
// b3: if s == 3 b4 b5; b4: uncovered.
func Loop(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	if s == 3 {
		sink = 1
	}
	return s
}
`

// namesAt lists the relevant sets published at block b, in publication
// order (the latest visit first).
func (fx *fixture) namesAt(key string) []string {
	var out []string
	for _, s := range fx.snap {
		if k := fx.keyOf(s); k != key {
			continue
		}
		var names []string
		for _, l := range s.Locs {
			names = append(names, fx.name(s, l))
		}
		sort.Strings(names)
		out = append(out, "{"+strings.Join(names, ", ")+"}")
	}
	return out
}

// After a loop, the code reads the header's φ directly: the last test of
// the loop, which chose to leave it rather than define s again, decides
// s and is relevant, with n.
func TestLoopExit(t *testing.T) {
	fx := newFixture(t, loopSrc, "Loop", cdg.Options{NoImplicitBranches: true})
	if os.Getenv("SLICING_DUMP") != "" {
		fx.pkg.Func("Loop").WriteTo(os.Stdout)
	}
	fx.coverAllBut(fx.block("Loop", 4))
	fx.run("Loop", nil, []bool{true, false, false}) // one round, then leave
	got := fx.namesAt("Loop.b1")
	if len(got) != 2 {
		t.Fatalf("snapshots at Loop.b1: %v, want two", got)
	}
	// t0 is s, t1 is i (the φs of b1).
	if want := "{n, t0, t1}"; got[0] != want {
		t.Errorf("at the last entry into the loop header: %s, want %s", got[0], want)
	}
	if want := "{n, t0, t1}"; got[1] != want {
		t.Errorf("at the first entry into the loop header: %s, want %s", got[1], want)
	}
	checkSets(t, map[string]string{"Loop.b0": fx.namesAt("Loop.b0")[0], "Loop.b3": fx.namesAt("Loop.b3")[0]},
		map[string]string{"Loop.b0": "{n}", "Loop.b3": "{t0}"})
}
