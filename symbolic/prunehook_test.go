package symbolic

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// shadowPruner checks the events the engine reports: it keeps, per state,
// the value of every location from the Writes alone, and after each step
// compares it with what the state really holds. A write the events miss
// (a register or object changed without a Write) shows as a difference.
// It never prunes.
type shadowPruner struct {
	shadows map[int]map[machine.Loc]value.Value
	steps   int
	points  int
	errs    []string
}

func (p *shadowPruner) Prepare(*ssa.Function) {}
func (p *shadowPruner) Begin(*ssa.Function)   { p.shadows = make(map[int]map[machine.Loc]value.Value) }
func (p *shadowPruner) Root(s *machine.State) { p.shadows[s.ID()] = make(map[machine.Loc]value.Value) }
func (p *shadowPruner) Forked(parent, child *machine.State) {
	p.shadows[child.ID()] = maps.Clone(p.shadows[parent.ID()])
}
func (p *shadowPruner) Ended(s *machine.State, _ machine.EndKind, _ bool) { delete(p.shadows, s.ID()) }
func (p *shadowPruner) Recheck(*machine.State) machine.Verdict            { return machine.Keep }
func (p *shadowPruner) Hurry(*machine.State) bool                         { return false }

func (p *shadowPruner) Stepped(s *machine.State, evs []machine.Event) machine.Verdict {
	p.steps++
	sh := p.shadows[s.ID()]
	for _, ev := range evs {
		if ev.Opaque {
			clear(sh) // nothing is known after an opaque step
		}
		for _, w := range ev.Writes {
			sh[w.Loc] = w.Value
		}
	}
	if _, ok := s.AtPoint(); ok {
		p.points++
	}
	depth := make(map[int32]int)
	for d, a := range s.Activations() {
		depth[a] = d
	}
	for loc, want := range sh {
		at := loc
		switch loc.Kind {
		case machine.LocReg:
			d, ok := depth[loc.Act]
			if !ok {
				continue // the activation has returned
			}
			at.Act = int32(d)
		case machine.LocObj:
		default:
			continue
		}
		if got := s.ValueAt(at); !value.Same(got, want) && len(p.errs) < 10 {
			instr := "unwinding"
			if len(evs) > 0 && evs[0].Instr != nil {
				instr = fmt.Sprintf("%T %v", evs[0].Instr, evs[0].Instr)
			}
			p.errs = append(p.errs, fmt.Sprintf("after %s: %v holds %#v, the writes say %#v", instr, loc, got, want))
		}
	}
	return machine.Keep
}

// TestPruneEventsDescribeEveryWrite runs the shadow check over the
// executor's fixtures: the Writes of the events must account for every
// register and object a step changes.
func TestPruneEventsDescribeEveryWrite(t *testing.T) {
	var names []string
	for _, p := range fixtures(t).Packages {
		for _, fn := range p.Targets {
			names = append(names, p.Types.Name()+"."+loader.FuncName(fn))
		}
	}
	sort.Strings(names)
	steps, points := 0, 0
	for _, name := range names {
		sp := &shadowPruner{}
		explore(t, name, machine.Config{MaxWork: 200000, Pruner: func() machine.Pruner { return sp }})
		for _, e := range sp.errs {
			t.Errorf("%s: %s", name, e)
		}
		steps += sp.steps
		points += sp.points
	}
	if steps == 0 || points == 0 {
		t.Fatalf("the pruner saw %d steps and %d points", steps, points)
	}
	t.Logf("%d functions, %d steps, %d points", len(names), steps, points)
}

// recordingPruner keeps every event it is told of.
type recordingPruner struct{ evs []machine.Event }

func (p *recordingPruner) Prepare(*ssa.Function)                       {}
func (p *recordingPruner) Begin(*ssa.Function)                         {}
func (p *recordingPruner) Root(*machine.State)                         {}
func (p *recordingPruner) Forked(*machine.State, *machine.State)       {}
func (p *recordingPruner) Ended(*machine.State, machine.EndKind, bool) {}
func (p *recordingPruner) Recheck(*machine.State) machine.Verdict      { return machine.Keep }
func (p *recordingPruner) Hurry(*machine.State) bool                   { return false }
func (p *recordingPruner) Stepped(_ *machine.State, evs []machine.Event) machine.Verdict {
	p.evs = append(p.evs, evs...)
	return machine.Keep
}

// A string register read at a constant index, or by len, is read in
// parts: ParseHexColor's s[0] reads the length and byte 0 of s, and
// len(s) the length only, never the whole of s.
func TestStringReadsNameParts(t *testing.T) {
	rp := &recordingPruner{}
	explore(t, "classic.ParseHexColor", machine.Config{MaxWork: 200000, Pruner: func() machine.Pruner { return rp }})
	var sawIndex, sawLen bool
	for _, ev := range rp.evs {
		var parts []int32
		for _, l := range ev.Reads {
			if l.Kind == machine.LocReg && l.Index == 0 { // s, the first parameter
				parts = append(parts, l.Part)
			}
		}
		switch in := ev.Instr.(type) {
		case *ssa.Index:
			if c, ok := in.Index.(*ssa.Const); ok && c.String() == "0:int" {
				sawIndex = true
				if !slices.Equal(parts, []int32{machine.PartLen, machine.PartByte(0)}) {
					t.Errorf("%v reads parts %v of s, want the length and byte 0", in, parts)
				}
			}
		case *ssa.Call:
			if b, ok := in.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(parts) > 0 {
				sawLen = true
				if !slices.Equal(parts, []int32{machine.PartLen}) {
					t.Errorf("%v reads parts %v of s, want the length", in, parts)
				}
			}
		}
	}
	if !sawIndex || !sawLen {
		t.Fatalf("no s[0] (%v) or len(s) (%v) among %d events", sawIndex, sawLen, len(rp.evs))
	}
}

// A step that pins a symbolic value drops the path's other values, so
// its event is Lost (what lies above it is not all explored), and only
// that step's: Half pins n when it converts it to a float, on its n > 0
// path alone.
func TestPinIsLost(t *testing.T) {
	rp := &recordingPruner{}
	sum, _ := explore(t, "pins.Half", machine.Config{MaxWork: 200000, Pruner: func() machine.Pruner { return rp }})
	if sum.Paths != 2 {
		t.Fatalf("%d paths, want 2", sum.Paths)
	}
	var lost []string
	for _, ev := range rp.evs {
		if ev.Lost {
			lost = append(lost, fmt.Sprintf("%T", ev.Instr))
		}
	}
	if !slices.Equal(lost, []string{"*ssa.Convert"}) {
		t.Errorf("lost events at %q, want one, at the conversion float64(n)", lost)
	}
}

// finalPruner records the instructions of the events it is told of and,
// by end kind, what State.Final gives when a path ends.
type finalPruner struct {
	recordingPruner
	finals map[machine.EndKind][]ssa.Instruction
}

func (p *finalPruner) Ended(s *machine.State, kind machine.EndKind, _ bool) {
	p.finals[kind] = append(p.finals[kind], s.Final())
}

// A path that returns ends inside the step of its Return, which no event
// describes: State.Final gives it to the Pruner, the Return of the entry
// function; other ends give nil.
func TestFinalIsTheReturn(t *testing.T) {
	p := &finalPruner{finals: map[machine.EndKind][]ssa.Instruction{}}
	sum, _ := explore(t, "basics.Divide", machine.Config{MaxWork: 200000, Pruner: func() machine.Pruner { return p }})
	stepped := map[ssa.Instruction]bool{}
	for _, ev := range p.evs {
		stepped[ev.Instr] = true
	}
	if len(p.finals[machine.EndReturn]) == 0 || len(p.finals[machine.EndPanic]) == 0 {
		t.Fatalf("ends %v: want returns and panics", sum.Ends)
	}
	for _, in := range p.finals[machine.EndReturn] {
		ret, ok := in.(*ssa.Return)
		if !ok || ret.Parent() != sum.Func {
			t.Fatalf("a path that returned has Final %v, want a Return of %s", in, sum.Func)
		}
		if stepped[ret] {
			t.Errorf("%v was also described by an event", ret)
		}
	}
	for _, in := range p.finals[machine.EndPanic] {
		if in != nil {
			t.Errorf("a path that panicked has Final %v", in)
		}
	}
}

// slowPreparer is a pruner whose static analysis takes a while.
type slowPreparer struct {
	recordingPruner
	took time.Duration
}

func (p *slowPreparer) Prepare(*ssa.Function) { time.Sleep(p.took) }

// A pruner's Prepare runs before the function's budget starts: a
// preparation three times longer than the budget leaves the function's
// exploration whole, and it counts in the pruner's time.
func TestPrepareIsOutsideTheBudget(t *testing.T) {
	const budget = 100 * time.Millisecond
	sp := &slowPreparer{took: 3 * budget}
	sum, _ := explore(t, "basics.Divide", machine.Config{Budget: budget, Pruner: func() machine.Pruner { return sp }})
	if !sum.Exhausted || sum.Paths == 0 {
		t.Errorf("Divide explored %d paths, exhausted %v: the preparation spent its budget", sum.Paths, sum.Exhausted)
	}
	if sum.PruneTime < sp.took {
		t.Errorf("pruner time %v, want at least the preparation's %v", sum.PruneTime, sp.took)
	}
}

// forkPruner prunes every state forked from another at its next step.
type forkPruner struct {
	recordingPruner
	forked map[int]bool
}

func (p *forkPruner) Forked(_, child *machine.State) { p.forked[child.ID()] = true }

func (p *forkPruner) Stepped(s *machine.State, _ []machine.Event) machine.Verdict {
	if p.forked[s.ID()] {
		delete(p.forked, s.ID())
		return machine.Prune
	}
	return machine.Keep
}

// The run to the end of a pruned state counts its steps as work once,
// as they run, like any other instruction: without mutants and boundary
// cases, the work is the instructions and the queries.
func TestPrunedRunToTheEndCountsItsStepsOnce(t *testing.T) {
	z3 := z3test.New(t)
	p := &forkPruner{forked: map[int]bool{}}
	sum, paths := explore(t, "classic.ParseHexColor", machine.Config{Solver: z3, NoMutants: true, NoBoundaries: true, Pruner: func() machine.Pruner { return p }})
	runs := 0
	for _, end := range paths {
		if len(end.Pins) > 0 && end.Pins[len(end.Pins)-1] == prunedNote {
			runs++
		}
	}
	if runs == 0 {
		t.Fatalf("no pruned state was run to the end (%d pruned): the test needs one", sum.Pruned)
	}
	queries := z3.Stats().Queries
	if want := sum.Instructions + machine.QueryWork*queries; sum.Work != want {
		t.Errorf("work %d, want %d: %d instructions and %d queries", sum.Work, want, sum.Instructions, queries)
	}
}

// waitPruner tells every other state at a point (those of odd IDs) to
// Wait, and prunes a state when it is asked about it again.
type waitPruner struct {
	recordingPruner
	rechecks int
}

func (p *waitPruner) Stepped(s *machine.State, _ []machine.Event) machine.Verdict {
	if _, at := s.AtPoint(); at && s.ID()%2 == 1 {
		return machine.Wait
	}
	return machine.Keep
}

func (p *waitPruner) Recheck(*machine.State) machine.Verdict {
	p.rechecks++
	return machine.Prune
}

// The engine asks again about a state told to Wait when the searcher
// picks it, and ends it when the answer is Prune.
func TestWaitingStateIsAskedAgain(t *testing.T) {
	p := &waitPruner{}
	sum, _ := explore(t, "classic.ParseHexColor", machine.Config{MaxWork: 200000, Pruner: func() machine.Pruner { return p }})
	if p.rechecks == 0 || sum.Pruned != p.rechecks {
		t.Errorf("%d rechecks, %d states pruned: want some, and one pruned for each", p.rechecks, sum.Pruned)
	}
}
