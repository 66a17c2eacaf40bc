package symbolic

import (
	"context"
	"go/token"
	"testing"

	"github.com/gosymtest/gosymtest/solver/z3/z3test"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// eventLog is a watcher of every event, as a client of the machine
// would plug in.
type eventLog struct {
	comparisons map[*ssa.If]int
	decisions   []decisionEvent
	ops         []token.Token
	ends        []*machine.PathEnd
}

type decisionEvent struct {
	s    *machine.State
	in   *ssa.If
	side int
}

func (l *eventLog) Comparison(s *machine.State, fn *ssa.Function, in *ssa.If, cond expr.Expr) {
	l.comparisons[in]++
}

func (l *eventLog) Decided(s *machine.State, in *ssa.If, side int) {
	l.decisions = append(l.decisions, decisionEvent{s, in, side})
}

func (l *eventLog) Arithmetic(s *machine.State, in ssa.Instruction, x, y expr.Expr, signed bool) {
	if bin, ok := in.(*ssa.BinOp); ok {
		l.ops = append(l.ops, bin.Op)
	}
}

func (l *eventLog) Ended(s *machine.State, end *machine.PathEnd) { l.ends = append(l.ends, end) }

// TestWatchersHearEveryEvent plugs a watcher into the engine beside its
// own features: it hears each symbolic decision as a pair of forked
// states, every comparison before the decision on it, the arithmetic on
// symbolic operands, and every path's end, with its test made, before
// the Sink gets it.
func TestWatchersHearEveryEvent(t *testing.T) {
	fn := target(t, "basics.Triangle")
	log := &eventLog{comparisons: make(map[*ssa.If]int)}
	// heard is, for each end the Sink got, how many ends the watchers
	// had heard by then. The Sink also gets the cases of the passes
	// after exploration, which are no paths.
	heard := make(map[*machine.PathEnd]int)
	cfg := machine.Config{Solver: z3test.New(t)}
	cfg.Sink = machine.SinkFunc(func(p *machine.PathEnd) { heard[p] = len(log.ends) })
	e := NewEngine(fixtures(t).SSA, cfg)
	e.Watch = engineWatchers(e, log)
	sum, err := e.Explore(context.Background(), fn)
	if err != nil {
		t.Fatal(err)
	}

	if len(log.ends) != sum.Paths {
		t.Errorf("watcher heard %d ends, summary counts %d paths", len(log.ends), sum.Paths)
	}
	for i, end := range log.ends {
		if n, ok := heard[end]; !ok || n != i+1 {
			t.Errorf("path end %d: the Sink got it (%v) after the watchers heard %d ends, want %d", i, ok, n, i+1)
		}
		if end.Kind == machine.EndReturn && end.Test == nil {
			t.Errorf("a returning path reached the watchers without its test: %v", end.Pins)
		}
	}

	// Decisions come in pairs: the then side's state, then the else side's.
	if len(log.decisions) == 0 || len(log.decisions)%2 != 0 {
		t.Fatalf("got %d decision events, want a positive even number", len(log.decisions))
	}
	for i := 0; i < len(log.decisions); i += 2 {
		then, els := log.decisions[i], log.decisions[i+1]
		if then.in != els.in || then.side != 0 || els.side != 1 || then.s == els.s {
			t.Errorf("decision events %d and %d are no fork of one if: %+v %+v", i, i+1, then, els)
		}
		if log.comparisons[then.in] == 0 {
			t.Errorf("the if at %v was decided but never reported as a comparison", fn.Prog.Fset.Position(then.in.Cond.Pos()))
		}
	}

	// a+b, a+c and b+c are sums of symbolic inputs.
	adds := 0
	for _, op := range log.ops {
		if op == token.ADD {
			adds++
		}
	}
	if adds < 3 {
		t.Errorf("watcher heard %d symbolic additions, want at least the 3 of Triangle", adds)
	}
}
