package machine

import (
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Pruner is the redundant-state detector's hook into the engine (package
// detector; Bugrara and Engler's Algorithm 1). The engine tells it about
// every state of a search: where it came from, what each step read and
// wrote, and how it ended; the pruner answers, after each step, whether
// the state is redundant. A redundant state is dropped without a test:
// it cannot reach a block that no test enters yet.
//
// The engine calls a Pruner only for the states of the search itself,
// never for replays, package initialisation or the passes after
// exploration (run-to-end, boundary cases, mutants). A nil Config.Pruner
// is "-prune none": nothing is recorded and nothing is dropped.
type Pruner interface {
	// Prepare does the static analysis that exploring fn needs, before
	// fn's budget starts, as package initialisation does: the analysis
	// of a package is shared by its functions, so the function that
	// happens to come first should not spend its budget on it. Its time
	// still counts as the pruner's.
	Prepare(fn *ssa.Function)
	// Begin starts a round of exploring fn. The states of the rounds
	// before are gone; so is everything learnt from them, since a round
	// explores inputs of other sizes.
	Begin(fn *ssa.Function)
	// Root adds an initial state, before its first step.
	Root(s *State)
	// Forked tells that child was copied from parent during parent's
	// current step: both have done the same steps so far, and Stepped
	// follows for each with what it did after the copy too.
	Forked(parent, child *State)
	// Stepped reports the step s just took, as events in the order they
	// happened, and asks what to do with s.
	Stepped(s *State, evs []Event) Verdict
	// Hurry reports whether s runs in a subtree that states told to Wait
	// are waiting for: the snapshot they may match is made only when that
	// subtree has ended, so the searcher's random-path picks favour such
	// states. It is asked before each of those picks, for every runnable
	// state.
	Hurry(s *State) bool
	// Recheck asks again about a state put off (Later or Wait), which
	// the searcher has chosen to run: it has not moved since, but what
	// the pruner knows may have grown.
	Recheck(s *State) Verdict
	// Ended tells that s's path ended. tested is set when the path gave a
	// test that replayed as predicted: the code it ran is then covered.
	// A path ended by anything but EndReturn or EndPanic did not explore
	// every continuation of its states; one that did may still have
	// dropped some at a step (Event.Lost), above which its states are
	// not all explored. A path that lost generality otherwise (an input
	// built in part) explored as every state of its context would: input
	// limits are the same for all of them.
	Ended(s *State, kind EndKind, tested bool)
}

// Verdict is a Pruner's answer about a state after a step.
type Verdict uint8

const (
	// Keep: run s on.
	Keep Verdict = iota
	// Prune: s is redundant. The engine ends it (Ended follows, with
	// EndPruned).
	Prune
	// Later: run s on, but after the states that do not look redundant
	// (Bugrara and Engler's relevant-search heuristic, §3.6): it matched
	// a snapshot that is not sound enough to prune it.
	Later
	// Wait: s may match a snapshot that is not made yet. Run it after
	// the others for a while (waitPicks picks of the searcher), then as
	// any other; either way, ask again (Recheck) before it runs on.
	// Meanwhile the searcher favours the states of the subtree it waits
	// for (Hurry).
	Wait
)

// An Event is one thing a step did: an instruction, or one φ of the block
// a jump entered, or a step of a panic's unwinding. It lists the
// locations it read and those it wrote, with the values written, so that
// a dynamic dependence graph can be built from the events alone.
type Event struct {
	// Instr is the instruction; a *ssa.Phi for each φ a jump evaluated
	// (after the jump's own event); nil for a step of an unwinding.
	Instr ssa.Instruction
	// Act is the activation (frame) Instr ran in.
	Act int32
	// Reads are the locations read: registers (the operands, for a φ the
	// one of the edge taken), objects, deferred calls, the panic.
	Reads []Loc
	// Writes are the locations written, each with its new value.
	Writes []Write
	// Decided is set when the step added to the path condition: a
	// decision (on any instruction, not only an If) or a value pinned.
	Decided bool
	// Raised is set when the step started a panic.
	Raised bool
	// Pushed is the activation of the frame the step pushed (a call, or a
	// deferred call started), 0 when it pushed none; Popped is set when
	// it popped the frame Act (a return, or unwinding out of it).
	Pushed int32
	Popped bool
	// Opaque is set when the step did something the event cannot
	// describe: it must be taken to read every location.
	Opaque bool
	// Lost is set when the step dropped continuations: a branch side it
	// could not decide (the solver answered unknown), or the other values
	// of a value it pinned (concretized). What follows the states before
	// this step was not all explored.
	Lost bool
}

// Write is a location written and the value it holds after the write.
type Write struct {
	Loc   Loc
	Value value.Value
}

// LocKind tells what a Loc names.
type LocKind uint8

const (
	// LocReg is register Index (funcInfo numbering: parameters, free
	// variables, then value-producing instructions) of activation Act.
	LocReg LocKind = iota + 1
	// LocObj is the object with ID Index in the state's memory: its whole
	// contents (an object is one immutable value tree).
	LocObj
	// LocDefer is the deferred call at position Index of activation
	// Act's defer stack: its function and arguments.
	LocDefer
	// LocPanic is the panic in flight.
	LocPanic
)

// Loc names a location along one path. Activations are numbered by the
// engine, once per frame pushed, so a register of one call is never
// confused with the same register of another; a forked state keeps its
// parent's numbers.
//
// Part narrows a register that holds a string to a part of it, as the
// bytes of a C string are locations of their own in Bugrara and Engler's
// KLEE: PartLen its length, PartByte(k) its byte k. Only reads name
// parts (s[k] at a constant k, len(s)); a write writes the whole
// register, and so every part of it. Part 0 is the whole.
type Loc struct {
	Kind  LocKind
	Act   int32
	Index int32
	Part  int32
}

// PartLen is the Part of a string register that is its length.
const PartLen int32 = -1

// PartByte is the Part of a string register that is its byte k.
func PartByte(k int) int32 { return int32(k) + 1 }

// Whole is l without its part: the whole location.
func (l Loc) Whole() Loc { l.Part = 0; return l }
