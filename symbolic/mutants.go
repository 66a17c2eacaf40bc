package symbolic

import (
	"cmp"
	"go/types"
	"maps"
	"math"
	"slices"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// The mutation pass. One test per new block or edge enters the code, but
// a mutation tool asks more of it: that the test fail when an operator
// changes. The shortest inputs often cannot tell y <= n from y < n. So
// each test is weighed against the mutants of the package's own
// operations (mutantops.go) in the interpreter, and Test.Kills lists the
// mutants it tells from the original; the writer then keeps a case that
// kills a mutant no other case kills.
//
// Weak mutation first: a probe replay of the test's inputs notes, at
// each mutable operation it executes, which mutants would have computed
// another value there (or panicked: a / for a * by zero). A mutant that
// never does cannot change the outcome, and costs nothing more. Each
// infected mutant is then replayed in full, the mutant in place of its
// operator, and kills the test when the replay ends otherwise than the
// probe as the test asserts it: other results or error messages, a
// panic or none, another panic message, or other contents of what an
// argument points to after the call (both runs are watched, as a
// replay is: afterstate.go), compared field by field where the writer
// checks them so (a list's l.len). A replay that hits its step
// limit (a mutant that loops), ends internally, or makes uncontrolled
// calls proves nothing and is no kill.
//
// Bounded by counts, so that two runs keep the same cases. The tests the
// writer keeps anyway, whatever they kill, come first: those that enter
// a block no earlier test entered, and the boundary cases. Their kills
// are what the writer counts first, so each of them is weighed against
// every mutant it infects. Any other test is weighed only against the
// mutants that fewer than maxMutantKillers earlier tests kill and whose
// replays did not end (looped to the step limit) fewer than
// maxMutantTries times, only the first
// maxMutantProbes such tests are probed at all, and within three quarters
// of maxMutantReplays, the function's replays: the rest is kept for the
// boundary cases, which come last and are the likeliest to kill what
// survives. And the pass's work (its replays' instructions and
// mutantRunWork for each, counted in Summary.Work as every replay's are,
// so that Config.MaxWork binds) stays within the exploration's own work
// so far, or mutantWorkFloor for a function that costs less; on the
// other tests, within a quarter of it, as a function with a thousand
// paths would otherwise spend its budget probing them. Uncontrolled
// and order-dependent tests, whose outcome Go may not repeat, are not
// weighed. Config.NoMutants turns the pass off: Kills is nil.

const (
	// maxMutantKillers: the writer keeps one killer per mutant, and an
	// earlier killer may be one it drops (it failed under go test); three
	// killers leave it a choice without replaying a mutant every test
	// kills.
	maxMutantKillers = 3
	// maxMutantReplays bounds one function's mutant replays. Most
	// functions of the bench corpus have tens of mutable operators with
	// two mutants each, but a scanner's Scan or scanNumber has over a
	// hundred, and 256 replays ran out before the later tests were
	// weighed: text/scanner at -max-work 3000000 kept cases that kill 129
	// of gremlins' mutants with 1024, 125 with 256, at the same coverage.
	maxMutantReplays = 1024
	// maxMutantTries: a mutant whose replay has run to the step limit
	// this many times (an x-- for x++ loops until the counter wraps) is
	// likely to again, and costs the most; those the writer keeps still
	// try it. A mutant that merely survives is tried again: the test that
	// kills it may be one of the later, longer ones.
	maxMutantTries = 3
	// maxMutantProbes bounds the tests that enter no new block probed
	// per function: the explorer's order puts the varied ones first.
	maxMutantProbes = 64
	// mutantWorkFloor is the work the pass may always spend on a function
	// (about 10 ms of interpretation), whose exploration was cheaper.
	mutantWorkFloor = 20000
	// mutantRunWork is what setting up one replay costs beside its
	// instructions (the initial state, the package's memory), in work
	// units: a replay of a short function is mostly that.
	mutantRunWork = 200
)

// mutationPass is the current function's mutation pass state.
type mutationPass struct {
	// kills counts the tests that kill each mutant so far, tries its
	// replays that did not end.
	kills, tries map[mutantKey]int
	// lived are, for each mutant an explored path's test infected but
	// did not kill, up to maxLivedOrigins such paths, in the order the
	// mutants were first met (livedOrder): the propagation cases'
	// starting points (propagation.go).
	lived      map[mutantKey][]livedOrigin
	livedOrder []livedMutant
	// replays are the mutant replays done, work their instructions and
	// those of the probes.
	replays, probes int
	work            int64
}

// mutantAllowance is the work the mutation pass may have spent before a
// further replay: the exploration's own so far (or the floor), a quarter
// of it on the tests the writer need not keep, and within Config.MaxWork.
func (e *Engine) mutantAllowance(kept bool) int64 {
	n := max(e.Summary.Work-e.mpass.work, mutantWorkFloor)
	if !kept {
		n /= 4
	}
	if e.Cfg.MaxWork > 0 {
		n = min(n, e.Cfg.MaxWork)
	}
	return n
}

// noteKills fills t.Kills: the mutants that replaying t's inputs (the
// model m of fn's path) with the mutant in place tells from the
// original. kept tells a test the writer keeps whatever it kills (it
// enters a new block, or it is a boundary case).
// It returns the mutants the test infected and whose replay ended but
// gave the same outcome.
func (e *Engine) noteKills(fn *ssa.Function, m expr.Assignment, t *concrete.Test, kept bool) (lived []livedMutant) {
	if e.Cfg.NoMutants || t == nil || !t.Replayed || t.OrderDependent || t.Uncontrolled {
		return nil
	}
	replays := maxMutantReplays
	if !kept {
		replays -= maxMutantReplays / 4
		if e.mpass.probes == maxMutantProbes {
			return nil
		}
		e.mpass.probes++
	}
	if e.mpass.replays >= replays || e.mpass.work >= e.mutantAllowance(kept) {
		return nil
	}
	infected := make(map[mutantKey]*mutSite)
	probe := e.mutantRun(fn, m, &mutation{infected: infected}, e.Cfg.Bounds.MaxSteps)
	var base concrete.Test
	if !endsControlled(probe) || !e.recordOutcome(&base, probe) {
		return nil
	}
	e.recordViews(&base, probe)
	home := loader.PackageOf(fn)
	var homeTypes *types.Package
	if home != nil {
		homeTypes = home.Pkg
	}
	keys := slices.SortedFunc(maps.Keys(infected), func(a, b mutantKey) int {
		return cmp.Or(loader.ComparePos(e.Prog.Fset, a.pos, b.pos), cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to))
	})
	// A mutant that loops has run long enough when it has run a few
	// times the original's instructions.
	limit := min(4*probe.Steps+1000, e.Cfg.Bounds.MaxSteps)
	if e.mpass.kills == nil {
		e.mpass.kills, e.mpass.tries = make(map[mutantKey]int), make(map[mutantKey]int)
	}
	for _, key := range keys {
		if !kept && (e.mpass.kills[key] >= maxMutantKillers || e.mpass.tries[key] >= maxMutantTries) {
			continue
		}
		if e.mpass.replays >= replays || e.mpass.work >= e.mutantAllowance(kept) {
			break
		}
		e.mpass.replays++
		e.Summary.MutantReplays++
		run := e.mutantRun(fn, m, &mutation{active: key}, limit)
		if run.EndKind != machine.EndReturn && run.EndKind != machine.EndPanic {
			e.mpass.tries[key]++
		}
		var got concrete.Test
		if !endsControlled(run) || !e.recordOutcome(&got, run) {
			continue
		}
		e.recordViews(&got, run)
		if !outcomeDiffers(&base, &got, homeTypes) {
			lived = append(lived, livedMutant{key, infected[key]})
			continue
		}
		e.mpass.kills[key]++
		t.Kills = append(t.Kills, e.mutantOf(key, infected[key]))
	}
	return lived
}

// mutantRun replays fn on the inputs of m with mut, within steps, and
// counts its instructions as the pass's work.
func (e *Engine) mutantRun(fn *ssa.Function, m expr.Assignment, mut *mutation, steps int) *machine.State {
	run := e.in.InitialState(fn, e.in.ReplayInputs(m))
	run.Mut = mutantReplay{e, mut}
	run.StepLimit = steps
	e.runWatched(run, false) // so that recordOutcome has what the arguments point to after it
	e.mpass.work += int64(run.Steps) + mutantRunWork
	e.Summary.Work += mutantRunWork
	e.Summary.MutantWork += int64(run.Steps) + mutantRunWork
	return run
}

// endsControlled reports whether a replay returned or panicked without
// values a test cannot set.
func endsControlled(run *machine.State) bool {
	return (run.EndKind == machine.EndReturn || run.EndKind == machine.EndPanic) && run.Outside.UncontrolledCalls == 0 && !run.RangedOverMap
}

// outcomeDiffers reports whether a test that asserts outcome a fails on
// outcome b: a panic or none, another known panic message, another
// result value or error message, another state of what an argument
// points to after the call. A value with an opaque part, which no test
// asserts, differs from nothing. A value of a type of home with private
// state differs only in what a test reads of it (viewkills.go).
func outcomeDiffers(a, b *concrete.Test, home *types.Package) bool {
	if a.Panics != b.Panics {
		return true
	}
	if a.Panics {
		return a.PanicMsgKnown && b.PanicMsgKnown && a.PanicMsg != b.PanicMsg
	}
	if len(a.Results) != len(b.Results) {
		return true
	}
	for i := range a.Results {
		ea, eb := at(a.ErrMsgs, i), at(b.ErrMsgs, i)
		if ea != "" || eb != "" {
			// An error is asserted by its message (or its identity,
			// which another message implies).
			if ea != eb {
				return true
			}
			continue
		}
		if differs, viewed := viewedDiffers(a.Results[i], b.Results[i], a.Results[i].Type, home); viewed {
			if differs {
				return true
			}
			continue
		}
		if asserted(a.Results[i]) && asserted(b.Results[i]) && valueDiffers(a.Results[i], b.Results[i]) {
			return true
		}
	}
	if len(a.After) == len(b.After) {
		for i := range a.After {
			if a.After[i].Kind == 0 || b.After[i].Kind == 0 {
				continue
			}
			if differs, viewed := viewedDiffers(a.After[i], b.After[i], a.After[i].Type, home); viewed {
				if differs {
					return true
				}
				continue
			}
			if afterDiffers(a.After[i], b.After[i], 0) {
				return true
			}
		}
	}
	return false
}

// maxAfterFieldDepth is how deep in structs held by value the writer
// checks a field of what an argument points to, when it cannot compare
// the whole (testgen's maxFieldDepth).
const maxAfterFieldDepth = 2

// afterDiffers reports whether a test tells two states of what an
// argument points to after the call apart. It compares them whole when
// it can write them; a struct it cannot (a list whose root points to
// itself) it compares field by field, as the writer does: its scalar and
// string fields, at its first level and in the structs it holds by value.
// So a mutant that only changes a list's length is seen, though the list
// itself has no literal.
func afterDiffers(a, b concrete.Value, depth int) bool {
	if asserted(a) && asserted(b) {
		return valueDiffers(a, b)
	}
	if a.Kind != concrete.Struct || b.Kind != concrete.Struct || len(a.Elems) != len(b.Elems) || depth >= maxAfterFieldDepth {
		return false
	}
	for i := range a.Elems {
		fa, fb := a.Elems[i], b.Elems[i]
		switch fa.Kind {
		case concrete.Bool, concrete.Int, concrete.Uint, concrete.Float, concrete.String:
			if valueDiffers(fa, fb) {
				return true
			}
		case concrete.Struct:
			if afterDiffers(fa, fb, depth+1) {
				return true
			}
		}
	}
	return false
}

// asserted reports whether a test can compare v at all: the writer
// leaves out a value with an opaque part (a cycle, a func), as it cannot
// write it as a literal, so no difference inside it is seen.
func asserted(v concrete.Value) bool {
	return v.Every(func(x concrete.Value) bool { return x.Kind != concrete.Opaque })
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}

// valueDiffers reports whether two concrete values differ as a test's
// comparison tells: floats by value, NaN equal to NaN, -0 apart from 0;
// maps whatever their order; an opaque part differs from nothing.
func valueDiffers(a, b concrete.Value) bool {
	if a.Kind == concrete.Opaque || b.Kind == concrete.Opaque {
		return false
	}
	if a.Kind != b.Kind {
		return true
	}
	switch a.Kind {
	case concrete.Bool:
		return a.Bool != b.Bool
	case concrete.Int:
		return a.Int != b.Int
	case concrete.Uint:
		return a.Uint != b.Uint
	case concrete.Float:
		if a.Float != a.Float && b.Float != b.Float {
			return false // both NaN
		}
		return a.Float != b.Float || math.Signbit(a.Float) != math.Signbit(b.Float)
	case concrete.String:
		return a.Str != b.Str
	case concrete.Pointer, concrete.Interface:
		if (a.Elem == nil) != (b.Elem == nil) {
			return true
		}
		if a.Kind == concrete.Interface && a.Elem != nil && !types.Identical(a.Elem.Type, b.Elem.Type) {
			return true // another dynamic type
		}
		return a.Elem != nil && valueDiffers(*a.Elem, *b.Elem)
	case concrete.Map:
		if len(a.Keys) != len(b.Keys) {
			return true
		}
		for i, k := range a.Keys {
			j := slices.IndexFunc(b.Keys, func(x concrete.Value) bool { return !valueDiffers(k, x) })
			if j < 0 || valueDiffers(a.Elems[i], b.Elems[j]) {
				return true
			}
		}
		return false
	case concrete.Struct, concrete.Array, concrete.Slice:
		if len(a.Elems) != len(b.Elems) {
			return true
		}
		for i := range a.Elems {
			if valueDiffers(a.Elems[i], b.Elems[i]) {
				return true
			}
		}
		return false
	}
	return false
}
