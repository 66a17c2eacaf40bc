package machine

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/source"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Config sets up an Engine.
type Config struct {
	// Solver decides branch feasibility and gives models for tests.
	Solver solver.Solver
	// Sink receives every finished path.
	Sink Sink
	// Searcher names the search strategy: "covnew" (the default: coverage-new
	// interleaved with random-path), "dfs", "bfs" or "random-path".
	Searcher string
	// Seed makes the randomised strategies reproducible.
	Seed uint64

	// Budget is the wall-clock time for one function; 0 means no limit.
	Budget time.Duration
	// MaxPaths stops exploring a function after this many finished paths;
	// 0 means no limit.
	MaxPaths int
	// MaxWork stops exploring a function after this much work: one unit
	// per instruction, QueryWork per solver query. Unlike Budget it cuts
	// every run at the same point, so a function it stops still gets the
	// same tests every time; 0 means no limit. What making the tests costs
	// (Summary.TestWork) is not counted against it (testwork.go).
	MaxWork int64
	// NoBoundaries turns off the boundary cases (boundary.go): extra
	// tests with the operands of a comparison a path decided at its
	// boundary, made once a function is explored. They are on by default.
	NoBoundaries bool
	// NoDictionary turns off the dictionary cases (dictionary.go): a
	// string or []byte parameter set to each word of the package
	// (package dictionary), once a function is explored. They are on by
	// default.
	NoDictionary bool
	// NoMutants turns off the in-process mutation pass (mutants.go): each
	// test is replayed with small changes to the package's operations to
	// learn which it tells from the original (Test.Kills), so that the
	// writer can keep a case that catches a bug no other case catches.
	// On by default.
	NoMutants bool
	// Pruner, when set, makes the redundant-state detector each engine
	// consults (prune.go; package detector). nil is "-prune none".
	Pruner func() Pruner
	// NoFinishEarly turns off the finish rule (finishrule.go): with it,
	// a round's search runs until no state is left or the budget ends,
	// even when no state left may add a test. The rule needs a Pruner
	// that is a Finisher.
	NoFinishEarly bool
	// NilAnywhere tries a nil pointer or func input at every dereference
	// and call, not only where the code compares the input with nil
	// (nilinputs.go). Off by default.
	NilAnywhere bool

	Bounds Bounds

	// Inits runs and keeps the package initialisers; engines that share
	// one run each package's init once. nil gives the engine an Inits of
	// its own with DefaultInitBudget.
	Inits *Inits
}

// Bounds are the limits of exploration. A function explored to completion
// within them is explored exhaustively "within the bounds"; the report
// states them with every claim.
type Bounds struct {
	MaxLen       int // bytes of a string input (default 16)
	MaxElems     int // elements of a slice or map input (default 8)
	MaxDepth     int // nesting of pointer and struct inputs (default 6)
	MaxCallDepth int // frames on the stack (default 64)
	MaxSteps     int // instructions on one path (default 200,000)
	MaxDecisions int // symbolic decisions on one path (default 2,000)
	MaxFork      int // feasible values a symbolic index may fork into (default 64)
	// GrowLen and GrowElems are what MaxLen and MaxElems may grow to for
	// an input when a branch side needs a larger one (inputs/inputbounds.go); a
	// cap not above its bound (the default) means no growth.
	GrowLen, GrowElems int
	// MaxCalls is how many steps the harness may take on a value it made
	// through the package's API before the function under test
	// (inputs/sequences.go): calls of the package's methods (a writer
	// after a write, a list after a PushBack) and assignments to exported
	// fields (inputs/fieldsteps.go: a reader whose Comma is ';'). Zero,
	// the default here, takes none; the command's -max-calls sets it.
	MaxCalls int
}

// WithDefaults fills each unset (zero) bound with its default.
func (b Bounds) WithDefaults() Bounds {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&b.MaxLen, 16)
	def(&b.MaxElems, 8)
	// Each pointer, field and element is a level, so three leave a tree
	// input no child with children of its own: the tests of
	// tidwall/btree covered 995 statements at three, 1,181 at six.
	def(&b.MaxDepth, 6)
	def(&b.MaxCallDepth, 64)
	def(&b.MaxSteps, 200000)
	def(&b.MaxDecisions, 2000)
	def(&b.MaxFork, 64)
	return b
}

// Summary is what exploring one function found.
type Summary struct {
	Func         *ssa.Function
	Paths        int // paths that ended, of any kind
	Instructions int64
	// Blocks and Covered count the basic blocks of the function itself.
	Blocks, Covered int
	// CoveredBlocks are all blocks entered, in any function.
	CoveredBlocks map[*ssa.BasicBlock]bool
	// Exhausted is true when every path ended inside the bounds: no budget
	// stop, no depth stop, nothing unsupported or unknown, no concretisation.
	Exhausted bool
	// Ends counts the paths by how they ended.
	Ends map[EndKind]int
	// Work is what the exploration cost in MaxWork's units, TestWork the
	// part of it spent making the tests of the paths it ended (their
	// models, readable values and replays), which MaxWork does not bound
	// (testwork.go).
	Work, TestWork int64
	// CoverTimes are when each block of the function itself was first
	// entered, in order: the coverage curve of the exploration.
	CoverTimes []time.Duration
	// Grown are the inputs whose size bound grew beyond MaxLen or
	// MaxElems, with the bound they were last explored within.
	Grown map[string]int
	// Boundaries counts the boundary cases handed to the Sink
	// (boundary.go); they are not in Paths or Ends.
	Boundaries int
	// Words counts the dictionary cases handed to the Sink
	// (dictionary.go); like boundary cases, they are not in Paths or
	// Ends.
	Words int
	// Infections counts the infection cases handed to the Sink
	// (infection.go); like boundary cases, they are not in Paths or Ends.
	Infections int
	// Propagations counts the propagation cases handed to the Sink
	// (propagation.go); likewise not paths.
	Propagations int
	// MutantReplays counts the replays of tests with a mutant in place
	// (mutants.go), and MutantWork the instructions of those and of their
	// probes: part of Work.
	MutantReplays int
	MutantWork    int64
	// RunToEnd tells that some of the function's tests came from inputs of
	// cut paths (or zero values) run concretely to the end.
	RunToEnd bool
	// Pruned counts the states the Pruner dropped as redundant; they are
	// not in Paths or Ends. PruneTime is the time spent describing steps
	// to it and in its calls: the detector's overhead.
	Pruned    int
	PruneTime time.Duration
	// Elapsed is the exploration's wall time; TimeToCover is when the last
	// block of the function itself that any path covered was first entered.
	Elapsed, TimeToCover time.Duration
	// SearchTime is when the search ended, before the passes after it:
	// Elapsed less SearchTime is what those passes took.
	SearchTime time.Duration
	// PassTimes are the times of the passes after the search, by name.
	PassTimes map[string]time.Duration
	// FinishedEarly counts the rounds whose search the finish rule ended
	// (finishrule.go).
	FinishedEarly int
}

// Searcher chooses which state runs next. The engine Adds every runnable
// state and Selects (removing) one to run for a while. Package search
// holds the strategies.
type Searcher interface {
	Add(*State)
	Select() *State
	Len() int
}

// Machine is the forking interpreter of one SSA program: its states,
// memory and search, and the contracts its features plug into. An Engine
// runs it. It is not safe for concurrent use.
type Machine struct {
	Cfg    Config
	Prog   *ssa.Program
	Infos  map[*ssa.Function]*FuncInfo
	NextID int

	// per exploration
	Ctx      context.Context
	Summary  *Summary
	Searcher Searcher
	Spawned  []*State // states forked during the current step
	Started  time.Time

	// StepAt is where the current step started: it decides how a choice
	// of input shape forks (inputs/choices.go).
	StepAt stepPoint
	// Inputs builds the inputs (inputprovider.go).
	Inputs InputProvider
	// Round is the round of exploration.
	Round int

	// Inits is the package initialisation, shared with other engines;
	// initMems are the snapshots this engine took of it, by package, and
	// initFaults the packages whose init had failed, or was partial, when
	// it took them.
	Inits      *Inits
	initMems   map[*ssa.Package]*value.Memory
	initFaults map[*ssa.Package]InitFault
	// Src reads conditions, comparisons and conversions back as source
	// text, for the tests' comments, and keeps what it read.
	Src *source.Reader

	// Pruner is the redundant-state detector (prune.go), nil without
	// one; pruning is set while it follows the search; nextAct numbers
	// activations.
	Pruner  Pruner
	Pruning bool
	// finisher is the Pruner as a Finisher, nil when it is none
	// (finishrule.go).
	finisher Finisher
	// Watch are the features told of the machine's events (observe.go).
	Watch Watchers
	// Outside stands in for what a test does not control (outside.go),
	// and tester makes the tests of the paths that end (tester.go).
	Outside Outside
	Tester  Tester
	// Models is the table of the models that stand in for functions.
	Models ModelTable
	// Refusals decides which calls are refused (refuse.go); it must know
	// the functions Models has models of. Nil knows of none.
	Refusals *Refusals
	nextAct  int32
	// operands is the view of an operator's operands that the operator
	// hook is given (operatorhook.go).
	operands Operands
}

func (e *Machine) info(fn *ssa.Function) *FuncInfo {
	info, ok := e.Infos[fn]
	if !ok {
		info = newFuncInfo(fn, e.Models.Model(fn))
		if info.model == nil {
			info.refused = e.Refusals.Refused(fn)
		}
		e.Infos[fn] = info
	}
	return info
}

// InExploredPackage tells whether fn belongs to the package of the
// function explored, the code its tests are for. An instance of a generic
// function has no package of its own: its origin's counts
// (loader.PackageOf).
func (e *Machine) InExploredPackage(fn *ssa.Function) bool {
	return loader.PackageOf(fn) == loader.PackageOf(e.Summary.Func)
}

// Search runs states until none is left, the budget is spent, or a growth
// of the input bounds is due.
// When the finish rule ends it (finishrule.go), it returns true and
// leaves the states pending for FinishRest.
func (e *Machine) Search() (finished bool) {
	ended := e.Summary.Paths + e.Summary.Pruned
	for e.Searcher.Len() > 0 {
		if e.StopEarly() || e.Inputs.GrowthDue() {
			return false
		}
		if e.finishDue(&ended) {
			e.Summary.FinishedEarly++
			return true
		}
		s := e.Searcher.Select()
		e.run(s)
		for _, c := range e.Spawned {
			if !c.Done {
				e.Searcher.Add(c)
			}
		}
		e.Spawned = e.Spawned[:0]
	}
	return false
}

func (e *Machine) StopEarly() bool {
	if e.Ctx.Err() != nil {
		return true
	}
	if e.Cfg.MaxWork > 0 && e.Summary.ExplorationWork() >= e.Cfg.MaxWork {
		return true
	}
	return e.Cfg.MaxPaths > 0 && e.Summary.Paths >= e.Cfg.MaxPaths
}

// QueryWork is the work a solver query counts for in Config.MaxWork: about
// what the interpreter executes in the time an average query takes (2.4 M
// instructions/s and 1 ms a query on the benchmarks).
const QueryWork = 2000

// Check asks the solver, counting the query as work.
func (e *Machine) Check(q solver.Query) solver.Response {
	if e.Summary != nil {
		e.Summary.Work += QueryWork
	}
	return e.Cfg.Solver.Check(e.Ctx, q)
}

// run executes s until it forks, finishes, or has run a slice of
// instructions, then hands it back to the searcher if it goes on.
func (e *Machine) run(s *State) {
	if s.Prune.Recheck && e.Pruning {
		v := e.Pruner.Recheck(s)
		if v == Prune {
			e.prune(s)
			return
		}
		s.SetVerdict(v)
	}
	const slice = 1000
	for i := 0; i < slice && !s.Done; i++ {
		if !e.Step(s) {
			break // forked: let the searcher choose
		}
	}
	if !s.Done {
		e.Searcher.Add(s)
	}
}

// Step executes one instruction of s (or one unwinding step of a panic).
// It returns false when s forked, so the searcher gets to choose.
func (e *Machine) Step(s *State) (goOn bool) {
	forksBefore := len(e.Spawned)
	var before stepBefore
	if e.Pruning && !s.Initializing && !s.Replay {
		before = e.beforeStep(s)
	}
	defer func() {
		if before.frame != nil {
			defer func() { goOn = goOn && !s.Done }()
			defer e.afterStep(s, before, e.Spawned[forksBefore:])
		}
		if r := recover(); r != nil {
			if _, ok := r.(pathStopped); ok {
				goOn = false
				return
			}
			// Any other panic is a bug in the executor. It ends this path
			// (reported, never claimed as coverage or a finding); the run
			// goes on with the others.
			goOn = false
			e.Finish(s, EndInternal, 0, InternalReason(r))
		}
	}()
	s.Steps++
	if !s.Initializing {
		// Initialisation is counted against its own budget (init.go).
		e.Summary.Instructions++
		e.Summary.Work++
	}
	limit := e.Cfg.Bounds.MaxSteps
	if s.StepLimit != 0 {
		limit = s.StepLimit
	}
	if limit > 0 && s.Steps > limit {
		e.Finish(s, EndDepth, 0, fmt.Sprintf("more than %d instructions on one path", limit))
		return false
	}
	top := s.Stack[len(s.Stack)-1]
	if top.Unwinding {
		e.StepAt = stepPoint{}
		e.unwind(s)
	} else {
		e.StepAt = stepPoint{State: s, Frames: len(s.Stack), Block: top.Block, Next: top.Next}
		e.execute(s)
	}
	return len(e.Spawned) == forksBefore
}

// InternalReason describes an executor panic with the innermost frame of
// this module that raised it, so the report points at the bug.
func InternalReason(r any) string {
	msg := fmt.Sprint(r)
	if ie, ok := r.(internalErr); ok {
		msg = ie.Error()
	}
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		// The innermost frame under symbolic that is not one of the
		// constructors of the panic value (machine's InternalError,
		// value's internalError).
		raiser := strings.Contains(f.Function, "gosymtest/symbolic") &&
			!strings.HasSuffix(f.Function, ".InternalError") && !strings.HasSuffix(f.Function, ".internalError")
		if raiser {
			return fmt.Sprintf("%s (at %s:%d)", msg, f.File[strings.LastIndex(f.File, "/")+1:], f.Line)
		}
		if !more {
			return msg
		}
	}
}
