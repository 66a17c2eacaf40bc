package symbolic

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/growth"
	"golang.org/x/tools/go/ssa"
)

func init() { natives["growth.ParseID"] = growth.ParseID }

// longIDFound tells whether a path of ParseID returned (32, true): the
// branch only 36-byte strings take.
func longIDFound(paths []*machine.PathEnd) bool {
	for _, p := range paths {
		t := p.Test
		if t != nil && t.Replayed && len(t.Results) == 2 && t.Results[0].Int == 32 && t.Results[1].Bool {
			return true
		}
	}
	return false
}

func TestBoundsGrowToWhatABranchNeeds(t *testing.T) {
	sum, paths := explore(t, "growth.ParseID", machine.Config{Bounds: machine.Bounds{GrowLen: 64}})
	if !longIDFound(paths) {
		t.Fatalf("no path took the 36-byte branch with strings allowed to grow to 64 bytes (grown: %v)", sum.Grown)
	}
	if sum.Grown["s"] < 36 || sum.Grown["s"] > 64 {
		t.Errorf("s grew to %d, want 36 … 64", sum.Grown["s"])
	}
	// The last round explored every string of up to the grown length.
	if !sum.Exhausted {
		t.Errorf("not exhausted within the grown bounds: %v", sum.Ends)
	}
	checkAgainstGo(t, "growth.ParseID", paths)
}

func TestBoundsCappedBelowWhatABranchNeedsAreReported(t *testing.T) {
	sum, paths := explore(t, "growth.ParseID", machine.Config{Bounds: machine.Bounds{GrowLen: 32}})
	if longIDFound(paths) {
		t.Fatal("the 36-byte branch was taken with strings capped at 32 bytes")
	}
	if sum.Exhausted {
		t.Error("exhausted, though a branch needs a string beyond the cap")
	}
	cut := false
	for _, p := range paths {
		cut = cut || slices.Contains(p.Concretized, "a branch side is reachable only beyond the input size bounds")
	}
	if !cut {
		t.Error("no path records the cut by the bound")
	}
}

func TestFunctionWithNoFinishedPathGetsATest(t *testing.T) {
	// Every path of Grid makes thousands of decisions: the work limit
	// cuts them all, so the test must come from a run to the end.
	sum, paths := explore(t, "growth.Grid", machine.Config{MaxWork: 300_000})
	if !sum.RunToEnd {
		t.Fatalf("no run to the end (ends %v)", sum.Ends)
	}
	if sum.Exhausted {
		t.Error("a cut exploration claims to be exhausted")
	}
	tests := 0
	for _, p := range paths {
		if p.Test == nil || !p.Test.Replayed {
			continue
		}
		tests++
		a := p.Test.Args[0].Uint
		if got, want := p.Test.Results[0].Int, int64(growth.Grid(a)); got != want {
			t.Errorf("Grid(%d) = %d in the interpreter, %d in Go", a, got, want)
		}
		if p.Kind != machine.EndReturn || len(p.Blocks) == 0 {
			t.Errorf("the run to the end is a %v path with %d blocks", p.Kind, len(p.Blocks))
		}
	}
	if tests != 1 {
		t.Errorf("%d tests, want 1", tests)
	}
}

func TestCutSideGetsATest(t *testing.T) {
	// The work limit cuts every path of Sides, on both sides of its
	// first branch. The cut paths that got furthest are all on the
	// unmarked side, as are the zero values: only the first cut path to
	// enter the marked side's block can give that block a test.
	_, sides := cutSides(t, "growth.Sides", 300_000, func(c *concrete.Test) (bool, int64) {
		marked := c.Args[0].Bool
		return marked, int64(growth.Sides(marked, c.Args[1].Uint))
	})
	if !sides[true] || !sides[false] {
		t.Errorf("tests on the sides %v, want both", sides)
	}
}

func TestEveryCutSideGetsATest(t *testing.T) {
	// The work limit cuts every path of Dial, on each of its sixteen
	// sides. Each side's block gets a test only from a cut path run to
	// the end, one run for each: the runs are as many as the sides whose
	// blocks the cut paths entered, not a fixed few, and the cut paths
	// kept for being the first to enter a block are as many too.
	sum, sides := cutSides(t, "growth.Dial", 600_000, func(c *concrete.Test) (uint64, int64) {
		k := c.Args[0].Uint
		return k & 15, int64(growth.Dial(uint8(k), c.Args[1].Uint))
	})
	if len(sides) != 16 {
		t.Errorf("tests on the sides %v, want all sixteen; covered %d of %d blocks, ends %v", sides, sum.Covered, sum.Blocks, sum.Ends)
	}
}

// cutSides explores the fixture name within a work limit that cuts its
// paths, and lists the sides its replayed tests took: side gives a test's
// side and what Go returns for its inputs, which must be what the
// interpreter replayed.
func cutSides[K comparable](t *testing.T, name string, maxWork int64, side func(*concrete.Test) (K, int64)) (*machine.Summary, map[K]bool) {
	t.Helper()
	sum, paths := explore(t, name, machine.Config{MaxWork: maxWork})
	if sum.Ends[machine.EndReturn] > sum.Ends[machine.EndBudget] || !sum.RunToEnd {
		t.Fatalf("ends %v, run to the end %v: the fixture no longer cuts its paths", sum.Ends, sum.RunToEnd)
	}
	sides := map[K]bool{}
	for _, p := range paths {
		if p.Test == nil || !p.Test.Replayed {
			continue
		}
		k, want := side(p.Test)
		sides[k] = true
		if got := p.Test.Results[0].Int; got != want {
			t.Errorf("%s%v = %d in the interpreter, %d in Go", name, p.Test.Args, got, want)
		}
	}
	return sum, sides
}

func TestKeptCutPathsMakeRoomForAnUntestedBlock(t *testing.T) {
	// The first cut paths kept fill up with paths that entered a block a
	// test has entered since (a helper's, early on). A later cut path
	// that alone enters a deep block is kept all the same, in the room
	// of those that no longer need a run; and a path whose blocks a test
	// enters already is not kept at all.
	fn := target(t, "growth.Dial")
	helper, deep := fn.Blocks[0], fn.Blocks[len(fn.Blocks)-1]
	e := NewEngine(fixtures(t).SSA, machine.Config{})
	e.Summary = &machine.Summary{Func: fn}
	e.tested = map[*ssa.BasicBlock]bool{}
	e.cutBlocks = map[*ssa.BasicBlock]bool{}
	for range maxFirsts {
		e.firsts = append(e.firsts, &machine.State{Blocks: []*ssa.BasicBlock{helper}})
	}
	e.noteTested(&machine.PathEnd{Blocks: []*ssa.BasicBlock{helper}})

	e.notePrefix(&machine.State{Blocks: []*ssa.BasicBlock{helper}})
	late := &machine.State{Blocks: []*ssa.BasicBlock{helper, deep}}
	e.notePrefix(late)
	if len(e.firsts) != 1 || e.firsts[0] != late {
		t.Errorf("kept %d first cut paths, want only the one entering the untested block %d", len(e.firsts), deep.Index)
	}

	// With no room, a path entering another untested block is not kept,
	// and that block is not taken as kept for: once room is made, the
	// next path to enter it is kept.
	other := fn.Blocks[len(fn.Blocks)-2]
	for len(e.firsts) < maxFirsts {
		e.firsts = append(e.firsts, late)
	}
	e.notePrefix(&machine.State{Blocks: []*ssa.BasicBlock{other}})
	e.noteTested(&machine.PathEnd{Blocks: []*ssa.BasicBlock{deep}})
	again := &machine.State{Blocks: []*ssa.BasicBlock{other}}
	e.notePrefix(again)
	if !slices.Contains(e.firsts, again) {
		t.Errorf("the path entering block %d was not kept once there was room", other.Index)
	}
}

func TestBoundsGrowBeforeTheRoundRunsOut(t *testing.T) {
	sum, paths := explore(t, "growth.Tagged", machine.Config{MaxWork: 2_000_000, Bounds: machine.Bounds{GrowLen: 64}})
	if sum.Ends[machine.EndBudget] == 0 {
		t.Fatalf("the work limit cut nothing (ends %v): the fixture no longer tests an early growth", sum.Ends)
	}
	long := false
	for _, p := range paths {
		if p.Test != nil && p.Test.Replayed && p.Test.Results[0].Int == -1 {
			long = len(p.Test.Args[0].Str) >= 40
		}
	}
	if !long {
		t.Errorf("no test with a 40-byte s (grown %v)", sum.Grown)
	}
	if sum.Grown["t"] != 0 {
		t.Errorf("t grew to %d, though no branch needed it", sum.Grown["t"])
	}
}

func TestLengthsNoGoValueHasCutNothing(t *testing.T) {
	sum, paths := explore(t, "growth.Wrapped", machine.Config{})
	for _, p := range paths {
		if len(p.Concretized) > 0 {
			t.Errorf("path %v records %q", p.Pins, p.Concretized)
		}
	}
	if !sum.Exhausted || sum.Covered == sum.Blocks {
		t.Errorf("exhausted=%v, %d of %d blocks covered; want exhausted with the len(s)-1 > 100 side dead", sum.Exhausted, sum.Covered, sum.Blocks)
	}
}

func TestBoundsDoNotGrowForWhatASiblingTakes(t *testing.T) {
	// Depth first, the path whose '#' is the last byte the bounds allow
	// runs first: it reaches the loop before any sibling has entered it,
	// and could enter it only with a longer s. Its siblings, forked for
	// the other indexes of the mark, enter it within the bounds.
	sum, paths := explore(t, "growth.AfterMark", machine.Config{Searcher: "dfs", MaxWork: 2_000_000, Bounds: machine.Bounds{GrowLen: 64}})
	if len(sum.Grown) > 0 {
		t.Errorf("bounds grew to %v for a loop a sibling path enters within them", sum.Grown)
	}
	if sum.Covered != sum.Blocks {
		t.Errorf("covered %d of %d blocks", sum.Covered, sum.Blocks)
	}
	// The path itself was cut by the bound: it supports no claim.
	cut := false
	for _, p := range paths {
		cut = cut || slices.Contains(p.Concretized, "a branch side is reachable only beyond the input size bounds")
	}
	if !cut || sum.Exhausted {
		t.Errorf("no path records the cut by the bound (exhausted %v)", sum.Exhausted)
	}
}

func TestBoundsDoNotGrowForAnotherPackagesBlock(t *testing.T) {
	// The budget is a net: a tag grown to 82 bytes for that block takes
	// the run minutes.
	sum, _ := explore(t, "growth.Minor", machine.Config{MaxWork: 2_000_000, Budget: time.Minute, Bounds: machine.Bounds{GrowLen: 128}})
	if len(sum.Grown) > 0 {
		t.Errorf("bounds grew to %v for a block of strings.Index", sum.Grown)
	}
	if sum.Covered != sum.Blocks {
		t.Errorf("covered %d of %d blocks", sum.Covered, sum.Blocks)
	}
}

// queryLog is a solver that records the constraint sets asked, in order,
// with the answers.
type queryLog struct {
	solver.Solver
	sets    []map[expr.Expr]bool
	results []solver.Result
}

func (l *queryLog) Check(ctx context.Context, q solver.Query) solver.Response {
	r := l.Solver.Check(ctx, q)
	set := make(map[expr.Expr]bool, len(q.Constraints))
	for _, c := range q.Constraints {
		set[c] = true
	}
	l.sets, l.results = append(l.sets, set), append(l.results, r.Result)
	return r
}

// TestBoundsAskNoUnsatQueryAgain: where a loop's test cannot go on
// within a string's length bound, the check of whether a longer string
// could (checkCutByBounds) does not ask again the query
// found unsatisfiable just before, which costs a query of work and
// answers nothing new.
func TestBoundsAskNoUnsatQueryAgain(t *testing.T) {
	log := &queryLog{Solver: z3test.New(t)}
	explore(t, "strs.CountVowels", machine.Config{Solver: log, MaxWork: 300_000})
	// A branch asks for both of its sides, then checks the one that was
	// unsatisfiable: that query is one or two before.
	unsat := 0
	for i := range log.sets {
		for j := max(i-2, 0); j < i; j++ {
			if log.results[j] != solver.Unsat {
				continue
			}
			unsat++
			if maps.Equal(log.sets[i], log.sets[j]) {
				t.Errorf("query %d asks again the unsatisfiable query %d: %d constraints", i, j, len(log.sets[i]))
			}
		}
	}
	if unsat == 0 {
		t.Error("no query was unsatisfiable: the test checks nothing")
	}
}
