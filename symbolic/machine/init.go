package machine

import (
	"fmt"
	"maps"
	"sync"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Package-level variables start from the values their initialisers give
// them. Before a function is explored, the init functions of its package
// and of everything it imports run in the interpreter, each package once
// per Inits (normally once per run, whatever the number of engines), in
// dependency order, each within a budget of its own (InitBudget). Every
// path starts from the memory they leave.
//
// An init that fails (it needs the operating system, or runs out of its
// budget) has its effects dropped and its package recorded, and a path
// that later reads one of that package's variables stops as unsupported,
// naming the package, rather than read a value Go would never have. An
// init that reads a variable of such a package goes on with its zero value
// (lazyregexp reads os.Args, and most of what needs it does not care): its
// package is recorded as initialised in part, and a path that reads one of
// its variables records that it no longer speaks for every input, so it
// backs no claim; its tests are checked against Go like any other.
//
// Sharing is safe because memory is copy-on-write and objects are
// immutable: Inits keeps a memory no state writes, and each engine's
// states fork it. Object IDs cannot collide: every state allocates from
// the snapshot's counter upwards in a memory of its own, and states of
// different snapshots never meet.

// InitBudget bounds the run of one package's init function (its imports
// have budgets of their own). An init that exceeds it fails.
type InitBudget struct {
	// Work is the number of instructions; 0 means no limit.
	Work int64
	// Time is the wall-clock time; 0 means no limit. Unlike Work it
	// depends on the machine, so it is a safety net, not the usual limit.
	Time time.Duration
}

// DefaultInitBudget is the budget of an Inits an engine makes for itself.
var DefaultInitBudget = InitBudget{Work: 5_000_000, Time: 10 * time.Second}

// Inits runs package initialisers and keeps what they leave, to be shared
// by the engines of a run through Config.Inits. It is safe for concurrent
// use: one engine at a time runs initialisers.
type Inits struct {
	mu     sync.Mutex
	budget InitBudget
	// mem is the memory after every init run so far. No state writes it:
	// states get forks (value.FrozenFork).
	mem  *value.Memory
	done map[*ssa.Package]bool
	// faults maps each package whose init failed, or read a variable of
	// one that had, to what happened. The map is never written once
	// published: a new fault makes a new map, so engines read the version
	// they took without locking.
	faults   map[*ssa.Package]InitFault
	failures []InitFailure
	runs     int
	// Running is the package whose init is running.
	Running *ssa.Package
	// NoPrebuild leaves the tables a package builds on first use to each
	// path (onces.go); set it before the first init runs.
	NoPrebuild bool
}

// InitFault is what went wrong with a package's initialisation.
type InitFault struct {
	Reason string
	// Partial: the init ran to its end, but read zero values for the
	// variables of a package whose init failed.
	Partial bool
}

// InitFailure is a package whose initialisation failed, and why.
type InitFailure struct {
	Package string // import path
	Reason  string
	// Partial tells that the init ran to its end, reading the zero value
	// of a variable of a package whose init failed (Reason names it).
	Partial bool
}

// NewInits returns an empty Inits whose init runs get budget b.
func NewInits(b InitBudget) *Inits {
	return &Inits{budget: b, mem: value.NewMemory(), done: map[*ssa.Package]bool{}, faults: map[*ssa.Package]InitFault{}}
}

// Runs is the number of init functions run so far.
func (in *Inits) Runs() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.runs
}

// Failures lists the packages whose init failed, in the order they failed.
func (in *Inits) Failures() []InitFailure {
	in.mu.Lock()
	defer in.mu.Unlock()
	return append([]InitFailure(nil), in.failures...)
}

// Fail records that pkg's initialisation failed, or was partial.
func (in *Inits) Fail(pkg *ssa.Package, f InitFault) {
	if old, ok := in.faults[pkg]; ok && (!old.Partial || f.Partial) {
		return // the first reason stands; a failure outranks a partial init
	}
	faults := maps.Clone(in.faults)
	faults[pkg] = f
	in.faults = faults
	in.failures = append(in.failures, InitFailure{Package: pkg.Pkg.Path(), Reason: f.Reason, Partial: f.Partial})
}

// InitMemory is the memory after the initialisation of pkg (nil: none),
// for a new state. The engine keeps the first snapshot it got for each
// package, so its states do not depend on what other engines initialised
// meanwhile.
func (e *Machine) InitMemory(pkg *ssa.Package) *value.Memory {
	if m, ok := e.initMems[pkg]; ok {
		return value.FrozenFork(m)
	}
	m := e.snapshotInit(pkg)
	if e.initMems == nil {
		e.initMems = make(map[*ssa.Package]*value.Memory)
	}
	e.initMems[pkg] = m
	return value.FrozenFork(m)
}

// snapshotInit runs pkg's init if no engine has, and returns the memory
// after every init run so far, taking the faults known by then. The lock
// is released however the init ends: an engine that panics (an executor
// bug, which its Explore reports) must not leave the engines exploring
// beside it waiting for it forever.
func (e *Machine) snapshotInit(pkg *ssa.Package) *value.Memory {
	in := e.Inits
	in.mu.Lock()
	defer in.mu.Unlock()
	if pkg != nil {
		e.ensureInit(pkg)
	}
	e.initFaults = in.faults
	return in.mem
}

// ensureInit runs the inits of pkg's imports, then pkg's own, each once.
// The caller holds e.inits.mu.
func (e *Machine) ensureInit(pkg *ssa.Package) {
	in := e.Inits
	if in.done[pkg] {
		return
	}
	in.done[pkg] = true
	for _, imp := range pkg.Pkg.Imports() {
		if p := e.Prog.Package(imp); p != nil {
			e.ensureInit(p)
		}
	}
	fn := pkg.Func("init")
	if fn == nil || len(fn.Blocks) == 0 {
		return
	}
	s := e.initRunState(value.FrozenFork(in.mem), fn)
	if reason := e.runInit(pkg, s); reason != "" {
		in.Fail(pkg, InitFault{Reason: reason})
		return
	}
	in.mem = value.Freeze(s.Mem)
	if !in.NoPrebuild {
		e.prebuild(pkg)
	}
}

// initRunState is a state at the entry of the init function fn, or with
// no frame yet for a nil fn.
func (e *Machine) initRunState(mem *value.Memory, fn *ssa.Function) *State {
	s := &State{Mem: mem, Replay: true, Initializing: true, Inputs: e.Inputs.InitInputs()}
	// The init budget, not the per-path step bound, limits an init.
	s.StepLimit = -1
	if fn != nil {
		e.PushFrame(s, fn, nil, nil, nil)
	}
	return s
}

// runInit runs the init state s of pkg to its end within the init budget
// and returns why it failed, or "" when it returned.
func (e *Machine) runInit(pkg *ssa.Package, s *State) string {
	in := e.Inits
	in.runs++
	outer := in.Running
	in.Running = pkg
	defer func() { in.Running = outer }()
	b := in.budget
	started := time.Now()
	spawned := len(e.Spawned)
	for !s.Done {
		if b.Work > 0 && int64(s.Steps) >= b.Work {
			e.Finish(s, EndBudget, 0, fmt.Sprintf("init ran out of its budget of %d instructions", b.Work))
			break
		}
		if b.Time > 0 && s.Steps%256 == 0 && time.Since(started) > b.Time {
			e.Finish(s, EndBudget, 0, fmt.Sprintf("init ran out of its time budget of %v", b.Time))
			break
		}
		e.Step(s)
		if len(e.Spawned) != spawned {
			// Initialisers run concretely; a fork is an executor bug.
			e.Spawned = e.Spawned[:spawned]
			s.Done, s.EndKind, s.EndReason = true, EndInternal, "init forked"
		}
	}
	if s.EndKind == EndReturn {
		return ""
	}
	if s.EndKind == EndPanic {
		return "init panicked: " + s.PanicMessage
	}
	return s.EndReason
}

// sandboxedInit runs the init of another package met during
// initialisation that ensureInit has not run (a package the program does
// not list as an import), as its own run: on success the state adopts its
// memory, on failure nothing changes and the package is recorded.
func (e *Machine) sandboxedInit(s *State, fn *ssa.Function) {
	in := e.Inits
	if in.done[fn.Pkg] {
		return
	}
	in.done[fn.Pkg] = true
	sub := e.initRunState(s.Mem.Fork(), fn)
	sub.Inputs = s.Inputs
	if reason := e.runInit(fn.Pkg, sub); reason != "" {
		in.Fail(fn.Pkg, InitFault{Reason: reason})
		return
	}
	s.Mem = sub.Mem
}

// checkGlobal handles a touch of a variable of a package whose
// initialisation failed or was partial: a path that touches a variable of
// a failed package stops, one of a partial package records that it no
// longer speaks for every input, and an init that touches either makes
// its own package partial.
func (e *Machine) checkGlobal(s *State, g *ssa.Global) {
	if e.Outside.StandIn(s, g) {
		return // a stand-in, whether or not package os initialised (outside/osstreams.go)
	}
	faults := e.initFaults
	if s.Initializing {
		faults = e.Inits.faults // the caller holds e.inits.mu
	}
	f, ok := faults[g.Pkg]
	if !ok {
		return
	}
	path := g.Pkg.Pkg.Path()
	switch {
	case s.Initializing:
		if run := e.Inits.Running; run != nil && run != g.Pkg {
			if !f.Partial {
				f.Reason = "read variables of " + path + ", whose initialisation failed (" + f.Reason + ")"
			}
			e.Inits.Fail(run, InitFault{Reason: f.Reason, Partial: true})
		}
	case f.Partial:
		s.Limit("reads " + g.Pkg.Pkg.Name() + "." + g.Name() + ": the init of " + path + " " + f.Reason)
	default:
		e.stop(s, EndUnsupported, "unsupported:init of "+path+" failed ("+f.Reason+")")
	}
}

// stop ends s in the middle of an instruction: it finishes the path and
// unwinds the interpreter back to step.
func (e *Machine) stop(s *State, kind EndKind, reason string) {
	e.Finish(s, kind, 0, reason)
	panic(pathStopped{})
}

// pathStopped unwinds the Go stack of the interpreter when a path ends in
// the middle of an instruction.
type pathStopped struct{}
