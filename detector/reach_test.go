package detector

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// TestReachPrunesWhatCoversNothing is the differential test of
// Options.Reach: the states inside utf8's loop over a string of up to
// 16 bytes are dropped once nothing of the package is left for them to
// cover, so the detector finishes each function in a few paths, where
// without it the work bound cuts it (matching needs the loop's subtrees
// to end first), and it covers the same blocks of the package as
// without it and as the unpruned search.
func TestReachPrunesWhatCoversNothing(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/detector/reach"}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := func(p func() machine.Pruner) machine.Config {
		return machine.Config{MaxWork: 2_000_000, Bounds: machine.Bounds{MaxLen: 16}, Pruner: p}
	}
	pkg := prog.Packages[0]
	for _, name := range []string{"Runes", "Valid"} {
		fn := pkg.SSA.Func(name)
		none := exploreIn(t, prog.SSA, fn, cfg(nil))
		off := exploreIn(t, prog.SSA, fn, cfg(New(prog.SSA, nil, Options{})))
		on := exploreIn(t, prog.SSA, fn, cfg(New(prog.SSA, nil, Options{Reach: true})))
		want := ownBlocks(none.covered, pkg.SSA)
		for arm, r := range map[string]run{"reach on": on, "reach off": off} {
			if got := ownBlocks(r.covered, pkg.SSA); !slices.Equal(got, want) {
				t.Errorf("%s, %s: covers blocks %v of the package, unpruned %v", name, arm, got, want)
			}
		}
		t.Logf("%s: paths unpruned %d, reach off %d, reach on %d (%d pruned)", name, none.sum.Paths, off.sum.Paths, on.sum.Paths, on.sum.Pruned)
		if on.sum.Paths >= off.sum.Paths || !on.sum.Exhausted {
			t.Errorf("%s: %d paths with reach (exhausted: %v), %d without: nothing saved", name, on.sum.Paths, on.sum.Exhausted, off.sum.Paths)
		}
	}
}

// ownBlocks lists the indices of the blocks of pkg's functions in
// covered, by function.
func ownBlocks(covered map[*ssa.BasicBlock]bool, pkg *ssa.Package) []string {
	var out []string
	for b := range covered {
		if b.Parent().Pkg == pkg {
			out = append(out, b.Parent().Name()+"."+b.String())
		}
	}
	slices.Sort(out)
	return out
}

// hopeCounter passes a detector's verdicts on, counting by verdict those
// it gives states at points from which nothing uncovered is reachable.
type hopeCounter struct {
	*detector
	hopeless map[machine.Verdict]int
}

func (c *hopeCounter) count(s *machine.State, v machine.Verdict) machine.Verdict {
	if ctx, at := s.AtPoint(); at && !c.canCover(ctx) {
		c.hopeless[v]++
	}
	return v
}

func (c *hopeCounter) Stepped(s *machine.State, evs []machine.Event) machine.Verdict {
	return c.count(s, c.detector.Stepped(s, evs))
}

func (c *hopeCounter) Recheck(s *machine.State) machine.Verdict {
	return c.count(s, c.detector.Recheck(s))
}

// By default every state inside utf8's loop that can reach nothing
// uncovered, and that no snapshot matches, is put off; with
// Options.Reach it is pruned instead, and with Options.NoSearch it is
// kept.
func TestReachPutsOffByDefault(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/detector/reach"}})
	if err != nil {
		t.Fatal(err)
	}
	fn := prog.Packages[0].SSA.Func("Runes")
	for _, tc := range []struct {
		opts Options
		want string // the verdicts such states get
	}{{Options{}, "later"}, {Options{Reach: true}, "prune"}, {Options{NoSearch: true}, "keep"}} {
		c := &hopeCounter{hopeless: map[machine.Verdict]int{}}
		newDetector := New(prog.SSA, nil, tc.opts)
		// The finish rule would end the search as soon as the loop's
		// states can reach nothing: before they are asked about.
		cfg := machine.Config{MaxWork: 200_000, Bounds: machine.Bounds{MaxLen: 16}, NoFinishEarly: true, Pruner: func() machine.Pruner {
			c.detector = newDetector().(*detector)
			return c
		}}
		exploreIn(t, prog.SSA, fn, cfg)
		got := map[string]int{"keep": c.hopeless[machine.Keep], "later": c.hopeless[machine.Later], "prune": c.hopeless[machine.Prune]}
		for v, n := range got {
			if v != tc.want && v != "prune" && n > 0 || v == tc.want && n == 0 {
				t.Errorf("Reach %v, NoSearch %v: states that can reach nothing uncovered got %v; want %s (or pruned by a match)", tc.opts.Reach, tc.opts.NoSearch, got, tc.want)
				break
			}
		}
	}
}
