package symbolic

import (
	"context"
	"fmt"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/pointer"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// checkPointsTo explores fn with cfg and returns the dereferences that
// the points-to result r did not predict.
func checkPointsTo(t *testing.T, prog *ssa.Program, fn *ssa.Function, r *pointer.Result, cfg machine.Config) []string {
	t.Helper()
	if cfg.Solver == nil {
		cfg.Solver = z3test.New(t)
	}
	e := NewEngine(prog, cfg)
	check := &pointsToCheck{r: r}
	e.Watch = e.Watch.With(check)
	if _, err := e.Explore(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
	return check.violations
}

// pointsToCheck watches every dereference (load, store, field and
// element address, map access, slice and range) and asks the static
// analysis whether the SSA value holding the pointer may point to the
// object the executor actually reached. An object of the program is
// named by its allocation site; an input object by the parameter it
// hangs off and its type (pointer.Result.InputObject). A "no" is a hole
// in the static analysis, which the redundant-state detector would turn
// into a wrong pruning.
//
// Objects the executor makes that the analysis does not model (range
// iterators, the bytes of models' results, what the constructors of made
// inputs allocate) have no site and are not checked, and neither is the
// run of those constructors, which no entry of the analysis calls.
type pointsToCheck struct {
	r          *pointer.Result
	violations []string
}

func (c *pointsToCheck) Dereferenced(s *machine.State, v ssa.Value, id value.ObjectID) {
	r := c.r
	if s.Initializing || s.Harness || s.InPrologue() {
		return
	}
	obj := s.Mem.Get(id)
	if obj == nil {
		return
	}
	var ok bool
	var what string
	switch {
	case obj.Site != nil:
		ok = r.MayPointToSite(v, obj.Site)
		what = fmt.Sprintf("%s at %s", obj.Site.Name(), position(obj.Site))
	case obj.Root != nil:
		ok = r.MayPointTo(v, r.InputObject(obj.Root, obj.RootType))
		what = fmt.Sprintf("input %s of type %s", obj.Input, types.TypeString(obj.RootType, nil))
	default:
		return
	}
	if ok {
		return
	}
	msg := fmt.Sprintf("%s: %s (%s) reached %s, not in its points-to set %v",
		position(v), v.Name(), v.Parent(), what, r.PointsTo(v).Strings())
	if !slices.Contains(c.violations, msg) {
		c.violations = append(c.violations, msg)
	}
}

// position is where v is in the source, or its function when it has none.
func position(v ssa.Value) string {
	if fn := v.Parent(); fn != nil && v.Pos().IsValid() {
		return fn.Prog.Fset.Position(v.Pos()).String()
	}
	if fn := v.Parent(); fn != nil {
		return fn.String()
	}
	return v.String()
}

// TestPointsToIsSoundOnFixtures runs every function of testdata (all its
// packages that load) with the points-to check on: each pointer the
// executor dereferences must reach an object in the static points-to set
// of the SSA value holding it.
func TestPointsToIsSoundOnFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("explores every fixture")
	}
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/..."}})
	if err != nil {
		t.Fatal(err)
	}
	var targets []*ssa.Function
	for _, p := range prog.Packages {
		targets = append(targets, explorable(p)...)
	}
	result, err := pointer.Analyze(pointer.Config{Program: prog.SSA, Entries: targets, Mode: pointer.Andersen})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, fn := range targets {
		if SkipReason(fn) != "" {
			continue
		}
		z3, err := z3.New(z3.Options{ResourceLimit: fixtureQueryLimit})
		if err != nil {
			t.Fatal(err)
		}
		found := checkPointsTo(t, prog.SSA, fn, result, machine.Config{Solver: z3, MaxWork: 150_000, Bounds: machine.Bounds{MaxElems: 3, MaxLen: 4}})
		z3.Close()
		checked++
		var violations []string
		for _, v := range found {
			if knownHole(fn, v) {
				t.Logf("known hole, not yet fixed: %s: %s", fn, v)
				continue
			}
			violations = append(violations, v)
		}
		if len(violations) > 0 {
			t.Errorf("%s:\n\t%s", fn, strings.Join(violations, "\n\t"))
		}
	}
	t.Logf("%d functions checked", checked)
	if checked < 150 {
		t.Errorf("only %d functions checked", checked)
	}
}

// fixtureQueryLimit bounds each solver check of
// TestPointsToIsSoundOnFixtures, in Z3's resource units. MaxWork counts a
// query as QueryWork however long Z3 takes, and math/big's products of
// 64-bit words (loadtags/bigdep.Square) give queries that Z3 does not
// decide for minutes: unbounded, that one function held the test for more
// than half an hour. At this limit it is the only function with a path
// that ends undecided (10 paths), and the test takes about 2 minutes.
// A resource limit, unlike a timeout, ends the same checks on every
// machine.
const fixtureQueryLimit = 2_000_000

// knownHoles are the violations the check finds today that the analysis
// has not been fixed for. Each must be fixed before the redundant-state
// detector relies on the points-to sets and mod sets:
//   - an error input nested in a struct receiver (stdlib.wrapped's err)
//     whose dynamic type is *fs.PathError reaches (*fs.PathError).Error,
//     yet the receiver's points-to set there holds only the PathError
//     objects of parameters named err. Both analyses agree on it in a
//     program of the stdlib fixture alone; with all of testdata it
//     appears, so it is a propagation fault of the solver;
//   - reflection: the executor's models of reflect.Value (models/eface.go,
//     models/reflectvalue.go) store through Value.Set (errors.As fills its
//     target) and load through a Value's data word (fmt's %v of a
//     struct), which the analysis, reading reflect's unsafe bodies, does
//     not follow;
//   - package variables: an input the package's API hands out as one of
//     its variables (inputs/ownmakers.go) is the object init allocated.
var knownHoles = []struct{ fn, violation string }{
	{"(github.com/gosymtest/gosymtest/testdata/exec/stdlib.wrapped).Error", "(*io/fs.PathError).Error"},
	{"github.com/gosymtest/gosymtest/testdata/exec/efaceview.Code", "efaceview.go:56:26, not in its points-to set []"},
	{"github.com/gosymtest/gosymtest/testdata/exec/efaceview.Show", "((reflect.Value).Int) reached t5 at"},
	// A receiver taken from a package variable (Dashes) is that
	// variable's object, which the package's init allocated; the analysis
	// models a parameter as an input object of its own.
	{"(*github.com/gosymtest/gosymtest/testdata/exec/sequences.Padder).Pad", "sequences.go:52:21, not in its points-to set [input:p:Padder"},
	// The same, for a receiver the package hands out as its variable
	// through a function (Defaults).
	{"(*github.com/gosymtest/gosymtest/testdata/exec/fields.Options).Mode", "fields.go:66:24, not in its points-to set [input:o:Options"},
}

// knownHole reports whether violation, found in fn, is one of knownHoles.
func knownHole(fn *ssa.Function, violation string) bool {
	for _, h := range knownHoles {
		if fn.String() == h.fn && strings.Contains(violation, h.violation) {
			return true
		}
	}
	return false
}

// TestPointsToCheckCatchesAHole makes sure the check can fail: with an
// analysis whose entries leave the function under test out, its input
// objects are unknown to it, and every dereference of an input is flagged.
func TestPointsToCheckCatchesAHole(t *testing.T) {
	prog := fixtures(t)
	fn := target(t, "classic.Stack.Pop")
	result, err := pointer.Analyze(pointer.Config{Program: prog.SSA, Mode: pointer.Andersen})
	if err != nil {
		t.Fatal(err)
	}
	if len(checkPointsTo(t, prog.SSA, fn, result, machine.Config{})) == 0 {
		t.Error("no violation reported for an analysis that never saw Pop's inputs")
	}
}
