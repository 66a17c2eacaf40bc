package symbolic

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
	faults   map[*ssa.Package]initFault
	failures []InitFailure
	runs     int
	// running is the package whose init is running.
	running *ssa.Package
}

// initFault is what went wrong with a package's initialisation.
type initFault struct {
	reason string
	// partial: the init ran to its end, but read zero values for the
	// variables of a package whose init failed.
	partial bool
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
	return &Inits{budget: b, mem: value.NewMemory(), done: map[*ssa.Package]bool{}, faults: map[*ssa.Package]initFault{}}
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

// fail records that pkg's initialisation failed, or was partial.
func (in *Inits) fail(pkg *ssa.Package, f initFault) {
	if old, ok := in.faults[pkg]; ok && (!old.partial || f.partial) {
		return // the first reason stands; a failure outranks a partial init
	}
	faults := maps.Clone(in.faults)
	faults[pkg] = f
	in.faults = faults
	in.failures = append(in.failures, InitFailure{Package: pkg.Pkg.Path(), Reason: f.reason, Partial: f.partial})
}

// initMemory is the memory after the initialisation of pkg (nil: none),
// for a new state. The engine keeps the first snapshot it got for each
// package, so its states do not depend on what other engines initialised
// meanwhile.
func (e *Machine) initMemory(pkg *ssa.Package) *value.Memory {
	if m, ok := e.initMems[pkg]; ok {
		return value.FrozenFork(m)
	}
	in := e.inits
	in.mu.Lock()
	if pkg != nil {
		e.ensureInit(pkg)
	}
	m := in.mem
	e.initFaults = in.faults
	in.mu.Unlock()
	if e.initMems == nil {
		e.initMems = make(map[*ssa.Package]*value.Memory)
	}
	e.initMems[pkg] = m
	return value.FrozenFork(m)
}

// ensureInit runs the inits of pkg's imports, then pkg's own, each once.
// The caller holds e.inits.mu.
func (e *Machine) ensureInit(pkg *ssa.Package) {
	in := e.inits
	if in.done[pkg] {
		return
	}
	in.done[pkg] = true
	for _, imp := range pkg.Pkg.Imports() {
		if p := e.prog.Package(imp); p != nil {
			e.ensureInit(p)
		}
	}
	fn := pkg.Func("init")
	if fn == nil || len(fn.Blocks) == 0 {
		return
	}
	s := e.initRunState(value.FrozenFork(in.mem), fn)
	if reason := e.runInit(pkg, s); reason != "" {
		in.fail(pkg, initFault{reason: reason})
		return
	}
	in.mem = s.mem
}

// initRunState is a state at the entry of the init function fn.
func (e *Machine) initRunState(mem *value.Memory, fn *ssa.Function) *State {
	s := &State{mem: mem, replay: true, initializing: true, inputs: e.inputs.initInputs()}
	// The init budget, not the per-path step bound, limits an init.
	s.stepLimit = -1
	e.pushFrame(s, fn, nil, nil, nil)
	return s
}

// runInit runs the init state s of pkg to its end within the init budget
// and returns why it failed, or "" when it returned.
func (e *Machine) runInit(pkg *ssa.Package, s *State) string {
	in := e.inits
	in.runs++
	outer := in.running
	in.running = pkg
	defer func() { in.running = outer }()
	b := in.budget
	started := time.Now()
	spawned := len(e.spawned)
	for !s.done {
		if b.Work > 0 && int64(s.steps) >= b.Work {
			e.finish(s, EndBudget, 0, fmt.Sprintf("init ran out of its budget of %d instructions", b.Work))
			break
		}
		if b.Time > 0 && s.steps%256 == 0 && time.Since(started) > b.Time {
			e.finish(s, EndBudget, 0, fmt.Sprintf("init ran out of its time budget of %v", b.Time))
			break
		}
		e.step(s)
		if len(e.spawned) != spawned {
			// Initialisers run concretely; a fork is an executor bug.
			e.spawned = e.spawned[:spawned]
			s.done, s.endKind, s.endReason = true, EndInternal, "init forked"
		}
	}
	if s.endKind == EndReturn {
		return ""
	}
	if s.endKind == EndPanic {
		return "init panicked: " + s.panicMessage
	}
	return s.endReason
}

// sandboxedInit runs the init of another package met during
// initialisation that ensureInit has not run (a package the program does
// not list as an import), as its own run: on success the state adopts its
// memory, on failure nothing changes and the package is recorded.
func (e *Machine) sandboxedInit(s *State, fn *ssa.Function) {
	in := e.inits
	if in.done[fn.Pkg] {
		return
	}
	in.done[fn.Pkg] = true
	sub := e.initRunState(s.mem.Fork(), fn)
	sub.inputs = s.inputs
	if reason := e.runInit(fn.Pkg, sub); reason != "" {
		in.fail(fn.Pkg, initFault{reason: reason})
		return
	}
	s.mem = sub.mem
}

// checkGlobal handles a touch of a variable of a package whose
// initialisation failed or was partial: a path that touches a variable of
// a failed package stops, one of a partial package records that it no
// longer speaks for every input, and an init that touches either makes
// its own package partial.
func (e *Machine) checkGlobal(s *State, g *ssa.Global) {
	if e.outside.standIn(s, g) {
		return // a stand-in, whether or not package os initialised (osstreams.go)
	}
	faults := e.initFaults
	if s.initializing {
		faults = e.inits.faults // the caller holds e.inits.mu
	}
	f, ok := faults[g.Pkg]
	if !ok {
		return
	}
	path := g.Pkg.Pkg.Path()
	switch {
	case s.initializing:
		if run := e.inits.running; run != nil && run != g.Pkg {
			if !f.partial {
				f.reason = "read variables of " + path + ", whose initialisation failed (" + f.reason + ")"
			}
			e.inits.fail(run, initFault{reason: f.reason, partial: true})
		}
	case f.partial:
		s.limit("reads " + g.Pkg.Pkg.Name() + "." + g.Name() + ": the init of " + path + " " + f.reason)
	default:
		e.stop(s, EndUnsupported, "unsupported:init of "+path+" failed ("+f.reason+")")
	}
}

// stop ends s in the middle of an instruction: it finishes the path and
// unwinds the interpreter back to step.
func (e *Machine) stop(s *State, kind EndKind, reason string) {
	e.finish(s, kind, 0, reason)
	panic(pathStopped{})
}

// pathStopped unwinds the Go stack of the interpreter when a path ends in
// the middle of an instruction.
type pathStopped struct{}
