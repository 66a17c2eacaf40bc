package symbolic

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/search"
	"github.com/gosymtest/gosymtest/testdata/exec/basics"
	"github.com/gosymtest/gosymtest/testdata/exec/chans"
	"github.com/gosymtest/gosymtest/testdata/exec/classic"
	"github.com/gosymtest/gosymtest/testdata/exec/composite"
	"github.com/gosymtest/gosymtest/testdata/exec/floats"
	"github.com/gosymtest/gosymtest/testdata/exec/funcs"
	"github.com/gosymtest/gosymtest/testdata/exec/generics"
	"github.com/gosymtest/gosymtest/testdata/exec/ifaces"
	"github.com/gosymtest/gosymtest/testdata/exec/maps"
	"github.com/gosymtest/gosymtest/testdata/exec/panics"
	"github.com/gosymtest/gosymtest/testdata/exec/strs"
	"golang.org/x/tools/go/ssa"
)

// natives are the compiled fixtures, by the name the loader gives them.
var natives = map[string]any{
	"basics.Triangle": basics.Triangle, "basics.Guard": basics.Guard, "basics.Magic": basics.Magic,
	"basics.Wrap": basics.Wrap, "basics.Shifts": basics.Shifts, "basics.Divide": basics.Divide,
	"basics.Bits": basics.Bits, "basics.Loop": basics.Loop, "basics.Flags": basics.Flags,
	"strs.Greet": strs.Greet, "strs.FirstByte": strs.FirstByte, "strs.Middle": strs.Middle,
	"strs.Compare": strs.Compare, "strs.CountVowels": strs.CountVowels, "strs.Upper": strs.Upper, "strs.Pad": strs.Pad,
	"composite.Quadrant": composite.Quadrant, "composite.Scale": composite.Scale,
	"composite.NewPoint": composite.NewPoint, "composite.Sum": composite.Sum, "composite.At": composite.At,
	"composite.Grow": composite.Grow, "composite.Matrix": composite.Matrix, "composite.Second": composite.Second,
	"composite.Tail": composite.Tail, "composite.Roster.Owns": (*composite.Roster).Owns,
	"maps.Histogram": maps.Histogram, "maps.Lookup": maps.Lookup, "maps.Total": maps.Total, "maps.NilMap": maps.NilMap,
	"maps.CountAbove": maps.CountAbove, "maps.FirstKey": maps.FirstKey,
	"ifaces.Pick": ifaces.Pick, "ifaces.Measure": ifaces.Measure, "ifaces.Describe": ifaces.Describe, "ifaces.MustInt": ifaces.MustInt, "ifaces.Check": ifaces.Check,
	"ifaces.Kind": ifaces.Kind, "ifaces.Open": ifaces.Open, "ifaces.Inspect": ifaces.Inspect, "ifaces.Bump": ifaces.Bump, "ifaces.ReadOne": ifaces.ReadOne,
	"funcs.Counter": funcs.Counter, "funcs.MethodValue": funcs.MethodValue, "funcs.Fact": funcs.Fact, "funcs.Apply": funcs.Apply,
	"funcs.CountIf": funcs.CountIf, "funcs.Rank": funcs.Rank, "funcs.HasHook": funcs.HasHook, "funcs.Settle": funcs.Settle,
	"panics.SafeDiv": panics.SafeDiv, "panics.Explicit": panics.Explicit, "panics.Shift": panics.Shift,
	"panics.Deref": panics.Deref, "panics.Order": panics.Order, "panics.Wrapped": panics.Wrapped,
	"classic.ParseHexColor": classic.ParseHexColor, "classic.ParseFlag": classic.ParseFlag,
	"classic.Stack.Pop": (*classic.Stack).Pop, "classic.Stack.Push": (*classic.Stack).Push,
	"generics.UseMax": generics.UseMax, "generics.Swap": generics.Swap, "generics.GetAny": generics.GetAny,
	"generics.Max[int]": generics.Max[int], "generics.Max[int8]": generics.Max[int8], "generics.Guarded[int].Read": (*generics.Guarded[int]).Read,
	"generics.Fill": generics.Fill, "chans.Signal": chans.Signal, "chans.Drain": chans.Drain, "chans.TrySend": chans.TrySend, "chans.Last": chans.Last,
	"chans.CloseTwice": chans.CloseTwice, "chans.SendClosed": chans.SendClosed, "chans.Same": chans.Same,
	"chans.Touch": chans.Touch, "chans.Wait": chans.Wait, "chans.Either": chans.Either,
	"chans.Changed": chans.Changed, "chans.Stop": chans.Stop, "chans.Overfill": chans.Overfill,
	"floats.Grade": floats.Grade, "floats.Celsius": floats.Celsius, "floats.Signs": floats.Signs, "floats.Label": floats.Label,
}

var (
	loadOnce sync.Once
	loaded   *loader.Program
	loadErr  error
)

// fixtures loads the executor's testdata packages once for all tests.
func fixtures(t *testing.T) *loader.Program {
	t.Helper()
	loadOnce.Do(func() {
		loaded, loadErr = loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/exec/..."}})
	})
	if loadErr != nil {
		t.Fatalf("loading fixtures: %v", loadErr)
	}
	return loaded
}

// target finds a fixture function by "pkg.Func" name: a target, or a
// method tested through others (loader.Through), which the engine
// explores all the same.
func target(t *testing.T, name string) *ssa.Function {
	t.Helper()
	for _, p := range fixtures(t).Packages {
		for _, fn := range explorable(p) {
			if p.Types.Name()+"."+loader.FuncName(fn) == name {
				return fn
			}
		}
	}
	t.Fatalf("no target %s", name)
	return nil
}

// explorable are p's targets, then the methods tested through them.
func explorable(p *loader.Package) []*ssa.Function {
	fns := slices.Clone(p.Targets)
	for _, th := range p.Through {
		fns = append(fns, th.Method)
	}
	return fns
}

// explore runs the engine on one fixture function and returns its summary
// and paths.
func explore(t *testing.T, name string, cfg machine.Config) (*machine.Summary, []*machine.PathEnd) {
	t.Helper()
	return exploreIn(t, fixtures(t).SSA, target(t, name), cfg)
}

// exploreIn runs the engine on fn of prog with cfg's solver, or else
// with a Z3 of its own.
func exploreIn(t *testing.T, prog *ssa.Program, fn *ssa.Function, cfg machine.Config) (*machine.Summary, []*machine.PathEnd) {
	t.Helper()
	if cfg.Solver == nil {
		cfg.Solver = z3test.New(t)
	}
	var paths []*machine.PathEnd
	cfg.Sink = machine.SinkFunc(func(p *machine.PathEnd) { paths = append(paths, p) })
	sum, err := NewEngine(prog, cfg).Explore(context.Background(), fn)
	if err != nil {
		t.Fatal(err)
	}
	return sum, paths
}

// checkAgainstGo runs the compiled fixture on every path's inputs and
// requires the outcome the interpreter replayed.
func checkAgainstGo(t *testing.T, name string, paths []*machine.PathEnd) {
	t.Helper()
	native, ok := natives[name]
	if !ok {
		t.Fatalf("no native function for %s", name)
	}
	fn := reflect.ValueOf(native)
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		if !p.Test.Replayed {
			t.Errorf("%s: path %v did not replay", name, p.Pins)
			continue
		}
		if p.Test.OrderDependent {
			continue // Go may give either outcome
		}
		var args []reflect.Value
		for i, a := range p.Test.Args {
			rv, err := toReflect(a, fn.Type().In(i))
			if err != nil {
				t.Fatalf("%s: argument %d (%v): %v", name, i, a, err)
			}
			args = append(args, rv)
		}
		results, panicked, msg := callNative(fn, args)
		switch {
		case panicked != p.Test.Panics:
			t.Errorf("%s(%v): Go panicked=%v (%s), interpreter panicked=%v", name, p.Test.Args, panicked, msg, p.Test.Panics)
		case panicked && p.Test.PanicMsgKnown && msg != p.Test.PanicMsg:
			t.Errorf("%s(%v): Go panicked with %q, interpreter with %q", name, p.Test.Args, msg, p.Test.PanicMsg)
		case !panicked:
			for i, r := range results {
				want := p.Test.Results[i]
				if ok, _ := want.Literal(); !ok {
					continue
				}
				if p.Test.ErrMsgs[i] != "" {
					if r.IsNil() || r.Interface().(error).Error() != p.Test.ErrMsgs[i] {
						t.Errorf("%s(%v): Go error %v, interpreter %q", name, p.Test.Args, r, p.Test.ErrMsgs[i])
					}
					continue
				}
				if !sameAsGo(want, r) {
					t.Errorf("%s(%v): result %d is %#v in Go, %v in the interpreter", name, p.Test.Args, i, r.Interface(), want)
				}
			}
		}
	}
}

// outcomes lists the distinct results and panics the paths produced.
func outcomes(paths []*machine.PathEnd) []string {
	var out []string
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		o := fmt.Sprint(p.Test.Results)
		if p.Test.Panics {
			o = "panic: " + p.Test.PanicMsg
		}
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	slices.Sort(out)
	return out
}

func TestEveryFixtureAgreesWithGo(t *testing.T) {
	for name := range natives {
		t.Run(name, func(t *testing.T) {
			sum, paths := explore(t, name, machine.Config{MaxPaths: 200})
			if sum.Paths == 0 {
				t.Fatal("no paths")
			}
			for _, p := range paths {
				if p.Kind == machine.EndInternal {
					t.Errorf("internal error: %s", p.Reason)
				}
			}
			checkAgainstGo(t, name, paths)
		})
	}
}

func TestTriangleFindsEveryClass(t *testing.T) {
	sum, paths := explore(t, "basics.Triangle", machine.Config{})
	got := outcomes(paths)
	want := []string{`["equilateral"]`, `["invalid"]`, `["isosceles"]`, `["not a triangle"]`, `["scalene"]`}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("no path returns %s; got %v", w, got)
		}
	}
	if !sum.Exhausted || sum.Covered != sum.Blocks {
		t.Errorf("exhausted=%v, covered %d of %d blocks", sum.Exhausted, sum.Covered, sum.Blocks)
	}
}

func TestValueGuardsAreSolved(t *testing.T) {
	for name, want := range map[string]string{"basics.Guard": "[1]", "basics.Magic": "[true]"} {
		sum, paths := explore(t, name, machine.Config{})
		if got := outcomes(paths); !slices.Contains(got, want) {
			t.Errorf("%s: no path returns %s; got %v", name, want, got)
		}
		if sum.Covered != sum.Blocks || sum.TimeToCover <= 0 || sum.TimeToCover > sum.Elapsed {
			t.Errorf("%s: covered %d of %d blocks, time to cover %v of %v", name, sum.Covered, sum.Blocks, sum.TimeToCover, sum.Elapsed)
		}
	}
}

func TestRuntimePanicsArePaths(t *testing.T) {
	cases := map[string]machine.PanicKind{
		"panics.Deref":      machine.PanicNilDeref,
		"composite.At":      machine.PanicIndex,
		"composite.Tail":    machine.PanicSlice,
		"strs.FirstByte":    machine.PanicIndex,
		"basics.Divide":     machine.PanicDivide,
		"panics.Shift":      machine.PanicShift,
		"ifaces.MustInt":    machine.PanicTypeAssert,
		"maps.NilMap":       machine.PanicNilMap,
		"funcs.Apply":       machine.PanicNilFunc,
		"chans.CloseTwice":  machine.PanicChan,
		"panics.Explicit":   machine.PanicExplicit,
		"classic.Stack.Pop": machine.PanicExplicit,
		"composite.Scale":   machine.PanicNilDeref,
		"strs.Pad":          machine.PanicOther, // strings.Repeat with a count past the allocator's limit
	}
	for name, kind := range cases {
		// A nil input the code dereferences without comparing it with
		// nil is tried only with NilAnywhere (nilinputs_test.go).
		_, paths := explore(t, name, machine.Config{NilAnywhere: true})
		found := false
		for _, p := range paths {
			if p.Kind == machine.EndPanic && p.Panic == kind && p.Test != nil && p.Test.Panics {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no path panics with %v", name, kind)
		}
	}
}

func TestRecoverTurnsAPanicIntoAReturn(t *testing.T) {
	_, paths := explore(t, "panics.SafeDiv", machine.Config{})
	if got, want := outcomes(paths), []string{"[0 false]", "[1 true]"}; len(got) < 2 || got[0] != want[0] {
		// The second outcome's value depends on the model; the first is fixed.
		t.Errorf("outcomes %v, want the recovered [0 false] among two", got)
	}
	for _, p := range paths {
		if p.Kind == machine.EndPanic {
			t.Errorf("a panic escaped SafeDiv: %v", p.Pins)
		}
	}
}

func TestExplorationIsDeterministic(t *testing.T) {
	for _, cfg := range []machine.Config{{MaxPaths: 60}, {MaxWork: 300000}} {
		checkDeterministic(t, "classic.ParseHexColor", cfg)
	}
}

// checkDeterministic explores fn twice under cfg and requires the same
// paths and tests; a cut by MaxWork must also fall at the same point.
func checkDeterministic(t *testing.T, fn string, cfg machine.Config) {
	t.Helper()
	var sums []*machine.Summary
	render := func() string {
		sum, paths := explore(t, fn, cfg)
		sums = append(sums, sum)
		var b strings.Builder
		for _, p := range paths {
			fmt.Fprintf(&b, "%v %v", p.Kind, p.Pins)
			if p.Test != nil {
				fmt.Fprintf(&b, " %v", p.Test.Args)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	if a, b := render(), render(); a != b {
		t.Errorf("%+v: two runs differ:\n%s\n---\n%s", cfg, a, b)
	}
	if cfg.MaxWork > 0 && (sums[0].Exhausted || sums[0].Ends[machine.EndBudget] == 0 || sums[0].Work < cfg.MaxWork) {
		t.Errorf("MaxWork %d did not cut the exploration: %+v", cfg.MaxWork, sums[0])
	}
}

func TestSearchersCoverTheSame(t *testing.T) {
	var covered []int
	for _, name := range search.Names {
		sum, _ := explore(t, "basics.Triangle", machine.Config{Searcher: name})
		covered = append(covered, sum.Covered)
		if !sum.Exhausted {
			t.Errorf("%s: Triangle not exhausted", name)
		}
	}
	for _, c := range covered[1:] {
		if c != covered[0] {
			t.Errorf("searchers cover different block counts: %v", covered)
		}
	}
}

func TestBoundsStopWithoutClaims(t *testing.T) {
	sum, paths := explore(t, "funcs.Fact", machine.Config{Bounds: machine.Bounds{MaxCallDepth: 4}})
	if sum.Exhausted {
		t.Error("Fact with a call-depth bound of 4 must not be exhaustive")
	}
	depth := 0
	for _, p := range paths {
		if p.Kind == machine.EndDepth {
			depth++
		}
	}
	if depth == 0 {
		t.Error("no path ended at the depth bound")
	}
}

func TestSkipReason(t *testing.T) {
	for name, want := range map[string]string{
		"basics.Triangle":       "",
		"classic.ParseHexColor": "",
	} {
		if got := SkipReason(target(t, name)); got != want {
			t.Errorf("%s: skip reason %q, want %q", name, got, want)
		}
	}
}
