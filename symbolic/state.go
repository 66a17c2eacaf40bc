package symbolic

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
	id    int
	stack []*frame
	mem   *value.Memory

	// cond is the path condition, one conjunct per decision. The slice is
	// shared with the parent state up to its length; appends never write
	// into a shared backing array because fork caps it.
	cond []expr.Expr
	// pins are the decisions in readable form, for the tests' comments.
	pins []string
	// branches are the decisions of ssa.Ifs in source terms, where the
	// source says (srccond.go), shared like cond.
	branches []concrete.Branch
	// blocks are the basic blocks this path entered, in order of first
	// entry, possibly repeated (shared like cond); enter leaves out a block
	// among the last few recorded.
	blocks []*ssa.BasicBlock
	// edges are the control-flow edges taken inside a function, in
	// order, possibly repeated (shared like cond).
	edges []Edge

	depth int // decisions taken, the length of the path in the state tree
	steps int // instructions executed
	// stepLimit, when not 0, replaces Bounds.MaxSteps for this state
	// (-1: no limit): package initialisers and the concrete runs of
	// functions no path finished have limits of their own.
	stepLimit int
	panicked  *panicking
	// concretized lists where the path lost generality (a symbolic value
	// pinned to one model value); a path with any is not exhaustive.
	concretized []string
	// inputs builds this path's inputs (inputs.go): the input provider's
	// (inputprovider.go), which the machine only hands on.
	inputs *inputs
	// outside is what the path knows of what a test does not control.
	outside outsideState
	// choices are the alternatives this path took for choices of input
	// shape (choices.go). The map is never written: a new choice copies it.
	choices map[string]int
	// floatChoices counts the float inputs that got candidate values
	// (floatinputs.go).
	floatChoices int
	// results of the entry function once it has returned, and the
	// Return it returned with.
	results []value.Value
	final   *ssa.Return
	done    bool
	endKind EndKind
	// replay marks a concrete run on the inputs of a model (initialState
	// sets it): its end is recorded on the state, not reported.
	replay bool
	// reverseMaps makes a replay range over maps in reverse insertion
	// order; rangedOverMap records that it ranged over one of two or more
	// entries, where the order can matter.
	reverseMaps, rangedOverMap bool
	// watch is a concrete run's record of its arguments (afterstate.go).
	watch        *argWatch
	panicMessage string
	endReason    string
	// initializing marks the run of package initialisers.
	initializing bool
	// harness marks a call the test harness makes, not the program (the
	// Error method of a result, for its text).
	harness bool
	// mut, on a replay of the mutation pass (mutants.go), changes what
	// its operators compute (operatorhook.go); nil on every other
	// state, which costs binOp one nil check.
	mut operatorHook
	// prune is what the Pruner last said of s, for the searcher.
	prune pruneMarks
	// offbeat is set on a path that took a branch no person would take
	// first when another was open, such as non-ASCII bytes where ASCII
	// was possible: the searcher runs it after the others
	// (offbeatFactor), so that the tests of the blocks both reach read
	// as a person would write them.
	offbeat bool
	// lostSide tells the Pruner's next event that a branch side was
	// dropped as undecidable, or a value pinned, during the step
	// (branch.go).
	lostSide bool
}

// frame is one activation of a function.
type frame struct {
	fn    *ssa.Function
	info  *funcInfo
	block *ssa.BasicBlock
	prev  *ssa.BasicBlock // the block we came from, for φ-nodes
	next  int             // index in block.Instrs of the next instruction
	regs  []value.Value
	// sregs hold scalar registers unboxed (registers.go).
	sregs  []expr.Expr
	defers []deferred
	// call is the instruction in the caller that receives the results.
	call ssa.CallInstruction
	// isDefer marks the frame of a deferred call; its results are dropped.
	isDefer bool
	// unwinding marks a frame a panic is passing through: it runs its
	// deferred calls, then returns (if one recovered) or is popped.
	unwinding bool
	// frozen frames are shared with a forked state: clone before writing.
	frozen bool
	// fill is set on a frame of the input prologue: a constructor whose
	// result is a parameter of a frame below (ctorinputs.go).
	fill *prologueFill
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
	value     value.Value
	kind      PanicKind
	message   string // Go's message, when the value is a runtime error or a string
	recovered bool
}

// fork makes an independent copy of s that shares everything it can.
func (s *State) fork(id int) *State {
	for _, f := range s.stack {
		f.frozen = true
	}
	c := *s
	c.id = id
	c.stack = append([]*frame(nil), s.stack...)
	c.mem = s.mem.Fork()
	c.cond = s.cond[:len(s.cond):len(s.cond)]
	s.cond = s.cond[:len(s.cond):len(s.cond)]
	c.pins = s.pins[:len(s.pins):len(s.pins)]
	s.pins = s.pins[:len(s.pins):len(s.pins)]
	c.branches = s.branches[:len(s.branches):len(s.branches)]
	s.branches = s.branches[:len(s.branches):len(s.branches)]
	c.blocks = s.blocks[:len(s.blocks):len(s.blocks)]
	s.blocks = s.blocks[:len(s.blocks):len(s.blocks)]
	c.edges = s.edges[:len(s.edges):len(s.edges)]
	s.edges = s.edges[:len(s.edges):len(s.edges)]
	c.concretized = s.concretized[:len(s.concretized):len(s.concretized)]
	s.concretized = s.concretized[:len(s.concretized):len(s.concretized)]
	return &c
}

// limit records why the path no longer speaks for every input: an input
// could not be represented in full, or the program's behaviour is
// explored for some inputs only. A replay records nothing: it runs the
// values of one model, and its end is not reported as a path.
func (s *State) limit(why string) {
	if s.replay {
		return
	}
	for _, l := range s.concretized {
		if l == why {
			return
		}
	}
	s.concretized = append(s.concretized, why)
}

// inPrologue reports whether s is running the constructors of its inputs:
// they are the frames right above the entry frame.
func (s *State) inPrologue() bool {
	return len(s.stack) > 1 && s.stack[1].fill != nil
}

// frameAt is the frame at index i of the stack, made writable.
func (s *State) frameAt(i int) *frame {
	f := s.stack[i]
	if f.frozen {
		c := *f
		c.regs = append([]value.Value(nil), f.regs...)
		c.defers = f.defers[:len(f.defers):len(f.defers)]
		c.frozen = false
		s.stack[i] = &c
		f = &c
	}
	return f
}

// top is the current frame, made writable.
func (s *State) top() *frame {
	i := len(s.stack) - 1
	f := s.stack[i]
	if f.frozen {
		c := *f
		c.regs = append([]value.Value(nil), f.regs...)
		c.sregs = append([]expr.Expr(nil), f.sregs...)
		c.defers = f.defers[:len(f.defers):len(f.defers)]
		c.frozen = false
		s.stack[i] = &c
		f = &c
	}
	return f
}

// assume adds a decision to the path condition.
func (s *State) assume(c expr.Expr, pin string) {
	if c.IsTrue() {
		return
	}
	s.cond = append(s.cond, c)
	if pin != "" {
		s.pins = append(s.pins, pin)
	}
}

// topFunc is the function the state is running, nil before it starts.
func (s *State) topFunc() *ssa.Function {
	fn, _ := s.Location()
	return fn
}

// ID identifies the state within one exploration.
func (s *State) ID() int { return s.id }

// Depth is the number of decisions on the path.
func (s *State) Depth() int { return s.depth }

// Location is the function and block the state is about to execute.
func (s *State) Location() (*ssa.Function, *ssa.BasicBlock) {
	if len(s.stack) == 0 {
		return nil, nil
	}
	f := s.stack[len(s.stack)-1]
	return f.fn, f.block
}

func (s *State) String() string {
	fn, b := s.Location()
	if fn == nil {
		return fmt.Sprintf("state %d (finished)", s.id)
	}
	return fmt.Sprintf("state %d at %s block %d", s.id, fn, b.Index)
}

// funcInfo numbers the SSA values of a function so frames hold registers in
// a slice, and holds the function's precomputed code (slots.go).
type funcInfo struct {
	index map[ssa.Value]int
	// code is the precomputed form of each instruction, by block index and
	// position in the block.
	code [][]instrCode
	// consts are the values of the constants code's slots refer to.
	consts []value.Value
	// phis is the number of φ-nodes at the head of each block.
	phis  []int
	model model // what runs instead of the body, or nil (models.go)
}

func newFuncInfo(fn *ssa.Function, m model) *funcInfo {
	info := &funcInfo{index: make(map[ssa.Value]int), model: m}
	add := func(v ssa.Value) { info.index[v] = len(info.index) }
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

func internalError(format string, args ...any) internalErr {
	return internalErr{fmt.Sprintf(format, args...)}
}

// funcLabel names fn as a reader of the test knows it (source.FuncLabel):
// "" for the function under test and its closures.
func (e *Machine) funcLabel(fn *ssa.Function) string {
	if e.summary == nil {
		return ""
	}
	return source.FuncLabel(fn, e.summary.Func)
}
