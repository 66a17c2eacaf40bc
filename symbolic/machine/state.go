package machine

import (
	"fmt"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/source"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// State is one path under exploration: its call stack, its memory, and the
// condition on the inputs under which the program takes this path.
type State struct {
	// Num numbers the state within one exploration (ID).
	Num   int
	Stack []*Frame
	Mem   *value.Memory

	// PathCond is the path condition, one conjunct per decision. The slice is
	// shared with the parent state up to its length; appends never write
	// into a shared backing array because fork caps it.
	PathCond []expr.Expr
	// Pins are the decisions in readable form, for the tests' comments.
	Pins []string
	// Branches are the decisions of ssa.Ifs in source terms, where the
	// source says (srccond.go), shared like cond.
	Branches []concrete.Branch
	// Blocks are the basic blocks this path entered, in order of first
	// entry, possibly repeated (shared like cond); enter leaves out a block
	// among the last few recorded.
	Blocks []*ssa.BasicBlock
	// Edges are the control-flow edges taken inside a function, in
	// order, possibly repeated (shared like cond).
	Edges []concrete.Edge

	Decisions int // decisions taken, the length of the path in the state tree
	Steps     int // instructions executed
	// StepLimit, when not 0, replaces Bounds.MaxSteps for this state
	// (-1: no limit): package initialisers and the concrete runs of
	// functions no path finished have limits of their own.
	StepLimit int
	Panicked  *panicking
	// Concretized lists where the path lost generality (a symbolic value
	// pinned to one model value); a path with any is not exhaustive.
	Concretized []string
	// Inputs builds this path's inputs: the input provider's
	// (inputprovider.go), which the machine only hands on (inputsOf).
	Inputs any
	// Outside is what the path knows of what a test does not control.
	Outside OutsideState
	// Choices are the alternatives this path took for choices of input
	// shape (inputs/choices.go). The map is never written: a new choice copies it.
	Choices map[string]int
	// FloatChoices counts the float inputs that got candidate values
	// (inputs/floatinputs.go).
	FloatChoices int
	// Results of the entry function once it has returned, and the
	// Return it returned with.
	Results []value.Value
	final   *ssa.Return
	Done    bool
	EndKind EndKind
	// Replay marks a concrete run on the inputs of a model (initialState
	// sets it): its end is recorded on the state, not reported.
	Replay bool
	// ReverseMaps makes a replay range over maps in reverse insertion
	// order; rangedOverMap records that it ranged over one of two or more
	// entries, where the order can matter.
	ReverseMaps, RangedOverMap bool
	// Watch is the tester's record of a concrete run's arguments
	// (afterstate.go); the machine only knows whether there is one.
	Watch        any
	PanicMessage string
	EndReason    string
	// Initializing marks the run of package initialisers.
	Initializing bool
	// touchedGlobal records that the path read or wrote a package
	// variable (onces.go).
	touchedGlobal bool
	// Harness marks a call the test harness makes, not the program (the
	// Error method of a result, for its text).
	Harness bool
	// Mut, on a replay of the mutation pass (mutants.go), changes what
	// its operators compute (operatorhook.go); nil on every other
	// state, which costs binOp one nil check.
	Mut OperatorHook
	// Prune is what the Pruner last said of s, for the searcher.
	Prune PruneMarks
	// offbeat is set on a path that took a branch no person would take
	// first when another was open, such as non-ASCII bytes where ASCII
	// was possible: the searcher runs it after the others
	// (Offbeat), so that the tests of the blocks both reach read
	// as a person would write them.
	offbeat bool
	// LostSide tells the Pruner's next event that a branch side was
	// dropped as undecidable, or a value pinned, during the step
	// (branch.go).
	LostSide bool
}

// Frame is one activation of a function.
type Frame struct {
	Fn    *ssa.Function
	Info  *FuncInfo
	Block *ssa.BasicBlock
	prev  *ssa.BasicBlock // the block we came from, for φ-nodes
	Next  int             // index in block.Instrs of the next instruction
	Regs  []value.Value
	// sregs hold scalar registers unboxed (registers.go).
	sregs  []expr.Expr
	defers []deferred
	// call is the instruction in the caller that receives the results.
	call ssa.CallInstruction
	// isDefer marks the frame of a deferred call; its results are dropped.
	isDefer bool
	// Unwinding marks a frame a panic is passing through: it runs its
	// deferred calls, then returns (if one recovered) or is popped.
	Unwinding bool
	// frozen frames are shared with a forked state: clone before writing.
	frozen bool
	// Fill is set on a frame of the input prologue: a constructor whose
	// result is a parameter of a frame below. The input provider's
	// (inputs/ctorinputs.go); the machine only knows whether there is one.
	Fill any
	// act numbers this activation for a Pruner's locations (Loc.Act).
	act int32
}

// deferred is a call queued by a defer statement.
type deferred struct {
	fn      value.Func
	builtin *ssa.Builtin // set instead of fn for a deferred builtin (defer close(c))
	args    []value.Value
	call    *ssa.CallCommon
}

// panicking is a panic in flight: the value and, for runtime errors, its
// kind and message.
type panicking struct {
	Value     value.Value
	Kind      PanicKind
	message   string // Go's message, when the value is a runtime error or a string
	recovered bool
}

// Fork makes an independent copy of s that shares everything it can.
func (s *State) Fork(id int) *State {
	for _, f := range s.Stack {
		f.frozen = true
	}
	c := *s
	c.Num = id
	c.Stack = append([]*Frame(nil), s.Stack...)
	c.Mem = s.Mem.Fork()
	c.PathCond = s.PathCond[:len(s.PathCond):len(s.PathCond)]
	s.PathCond = s.PathCond[:len(s.PathCond):len(s.PathCond)]
	c.Pins = s.Pins[:len(s.Pins):len(s.Pins)]
	s.Pins = s.Pins[:len(s.Pins):len(s.Pins)]
	c.Branches = s.Branches[:len(s.Branches):len(s.Branches)]
	s.Branches = s.Branches[:len(s.Branches):len(s.Branches)]
	c.Blocks = s.Blocks[:len(s.Blocks):len(s.Blocks)]
	s.Blocks = s.Blocks[:len(s.Blocks):len(s.Blocks)]
	c.Edges = s.Edges[:len(s.Edges):len(s.Edges)]
	s.Edges = s.Edges[:len(s.Edges):len(s.Edges)]
	c.Concretized = s.Concretized[:len(s.Concretized):len(s.Concretized)]
	s.Concretized = s.Concretized[:len(s.Concretized):len(s.Concretized)]
	return &c
}

// Limit records why the path no longer speaks for every input: an input
// could not be represented in full, or the program's behaviour is
// explored for some inputs only. A replay records nothing: it runs the
// values of one model, and its end is not reported as a path.
func (s *State) Limit(why string) {
	if s.Replay {
		return
	}
	for _, l := range s.Concretized {
		if l == why {
			return
		}
	}
	s.Concretized = append(s.Concretized, why)
}

// InPrologue reports whether s is running the constructors of its inputs:
// they are the frames right above the entry frame.
func (s *State) InPrologue() bool {
	return len(s.Stack) > 1 && s.Stack[1].Fill != nil
}

// FrameAt is the frame at index i of the stack, made writable.
func (s *State) FrameAt(i int) *Frame {
	f := s.Stack[i]
	if f.frozen {
		c := *f
		c.Regs = append([]value.Value(nil), f.Regs...)
		c.defers = f.defers[:len(f.defers):len(f.defers)]
		c.frozen = false
		s.Stack[i] = &c
		f = &c
	}
	return f
}

// Top is the current frame, made writable.
func (s *State) Top() *Frame {
	i := len(s.Stack) - 1
	f := s.Stack[i]
	if f.frozen {
		c := *f
		c.Regs = append([]value.Value(nil), f.Regs...)
		c.sregs = append([]expr.Expr(nil), f.sregs...)
		c.defers = f.defers[:len(f.defers):len(f.defers)]
		c.frozen = false
		s.Stack[i] = &c
		f = &c
	}
	return f
}

// Assume adds a decision to the path condition.
func (s *State) Assume(c expr.Expr, pin string) {
	if c.IsTrue() {
		return
	}
	s.PathCond = append(s.PathCond, c)
	if pin != "" {
		s.Pins = append(s.Pins, pin)
	}
}

// TopFunc is the function the state is running, nil before it starts.
func (s *State) TopFunc() *ssa.Function {
	fn, _ := s.Location()
	return fn
}

// ID identifies the state within one exploration.
func (s *State) ID() int { return s.Num }

// Depth is the number of decisions on the path.
func (s *State) Depth() int { return s.Decisions }

// Location is the function and block the state is about to execute.
func (s *State) Location() (*ssa.Function, *ssa.BasicBlock) {
	if len(s.Stack) == 0 {
		return nil, nil
	}
	f := s.Stack[len(s.Stack)-1]
	return f.Fn, f.Block
}

func (s *State) String() string {
	fn, b := s.Location()
	if fn == nil {
		return fmt.Sprintf("state %d (finished)", s.Num)
	}
	return fmt.Sprintf("state %d at %s block %d", s.Num, fn, b.Index)
}

// FuncInfo numbers the SSA values of a function so frames hold registers in
// a slice, and holds the function's precomputed code (slots.go).
type FuncInfo struct {
	Index map[ssa.Value]int
	// code is the precomputed form of each instruction, by block index and
	// position in the block.
	code [][]instrCode
	// consts are the values of the constants code's slots refer to.
	consts []value.Value
	// phis is the number of φ-nodes at the head of each block.
	phis  []int
	model Model // what runs instead of the body, or nil (models.go)
	// refused says why a call of the function is refused, or "" when
	// it is not (refuse.go). A function with a model is not refused.
	refused string
}

func newFuncInfo(fn *ssa.Function, m Model) *FuncInfo {
	info := &FuncInfo{Index: make(map[ssa.Value]int), model: m}
	add := func(v ssa.Value) { info.Index[v] = len(info.Index) }
	for _, p := range fn.Params {
		add(p)
	}
	for _, fv := range fn.FreeVars {
		add(fv)
	}
	info.phis = make([]int, len(fn.Blocks))
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				add(v)
			}
			if _, ok := instr.(*ssa.Phi); ok {
				info.phis[b.Index]++
			}
		}
	}
	info.compile(fn)
	return info
}

// internalError reports a bug in the executor (never a property of the
// program under test); the engine turns it into a path that ends with
// reason "internal" rather than crashing the run.
type internalErr struct{ msg string }

func (e internalErr) Error() string { return "gosymtest internal error: " + e.msg }

func InternalError(format string, args ...any) internalErr {
	return internalErr{fmt.Sprintf(format, args...)}
}

// FuncLabel names fn as a reader of the test knows it (source.FuncLabel):
// "" for the function under test and its closures.
func (e *Machine) FuncLabel(fn *ssa.Function) string {
	if e.Summary == nil {
		return ""
	}
	return source.FuncLabel(fn, e.Summary.Func)
}

// Offbeat reports whether s took a branch no person would take first
// when another was open; searchers run such states after the others.
func (s *State) Offbeat() bool { return s.offbeat }
