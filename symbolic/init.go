package symbolic

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/ssa"
)

// Package-level variables start from the values their initialisers give
// them. Before a function is explored, the init functions of its package
// and of everything it imports run in the interpreter, each package once
// per Inits (normally once per run, whatever the number of engines), in
// dependency order, each within a budget of its own (InitBudget). Every
// path starts from the memory they leave. An init that fails (it needs the
// operating system, or runs out of its budget) has its effects dropped and
// its package recorded, and a path that later reads one of that package's
// variables stops as unsupported, naming the package, rather than read a
// value Go would never have; so does the init of a package that reads them.
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
	// states get forks (frozenFork).
	mem  *memory
	done map[*ssa.Package]bool
	// failed maps each package whose init failed to the reason. The map
	// is never written once published: a new failure makes a new map, so
	// engines read the version they took without locking.
	failed   map[*ssa.Package]string
	failures []InitFailure
	runs     int
}

// InitFailure is a package whose initialisation failed, and why.
type InitFailure struct {
	Package string // import path
	Reason  string
}

// NewInits returns an empty Inits whose init runs get budget b.
func NewInits(b InitBudget) *Inits {
	return &Inits{budget: b, mem: newMemory(), done: map[*ssa.Package]bool{}, failed: map[*ssa.Package]string{}}
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

// fail records that pkg's initialisation failed.
func (in *Inits) fail(pkg *ssa.Package, reason string) {
	failed := make(map[*ssa.Package]string, len(in.failed)+1)
	for p, r := range in.failed {
		failed[p] = r
	}
	failed[pkg] = reason
	in.failed = failed
	in.failures = append(in.failures, InitFailure{Package: pkg.Pkg.Path(), Reason: reason})
}

// frozenFork returns a memory for a state that shares m's objects without
// writing m, which other engines may be forking at the same time.
func frozenFork(m *memory) *memory {
	return &memory{objects: m.objects, globals: m.globals, next: m.next, shared: true}
}

// initMemory is the memory after the initialisation of pkg (nil: none),
// for a new state. The engine keeps the first snapshot it got for each
// package, so its states do not depend on what other engines initialised
// meanwhile.
func (e *Engine) initMemory(pkg *ssa.Package) *memory {
	if m, ok := e.initMems[pkg]; ok {
		return frozenFork(m)
	}
	in := e.inits
	in.mu.Lock()
	if pkg != nil {
		e.ensureInit(pkg)
	}
	m := in.mem
	e.failedInits = in.failed
	in.mu.Unlock()
	if e.initMems == nil {
		e.initMems = make(map[*ssa.Package]*memory)
	}
	e.initMems[pkg] = m
	return frozenFork(m)
}

// ensureInit runs the inits of pkg's imports, then pkg's own, each once.
// The caller holds e.inits.mu.
func (e *Engine) ensureInit(pkg *ssa.Package) {
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
	s := e.initRunState(frozenFork(in.mem), fn)
	if reason := e.runInit(s); reason != "" {
		in.fail(pkg, reason)
		return
	}
	in.mem = s.mem
}

// initRunState is a state at the entry of the init function fn.
func (e *Engine) initRunState(mem *memory, fn *ssa.Function) *State {
	s := &State{mem: mem, replay: true, initializing: true, inputs: newSymbolicInputs(e.cfg.Bounds)}
	// The init budget, not the per-path step bound, limits an init.
	s.stepLimit = -1
	e.pushFrame(s, fn, nil, nil, nil)
	return s
}

// runInit runs the init state s to its end within the init budget and
// returns why it failed, or "" when it returned.
func (e *Engine) runInit(s *State) string {
	e.inits.runs++
	b := e.inits.budget
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
func (e *Engine) sandboxedInit(s *State, fn *ssa.Function) {
	in := e.inits
	if in.done[fn.Pkg] {
		return
	}
	in.done[fn.Pkg] = true
	sub := e.initRunState(s.mem.fork(), fn)
	sub.inputs = s.inputs
	if reason := e.runInit(sub); reason != "" {
		in.fail(fn.Pkg, reason)
		return
	}
	s.mem = sub.mem
}

// checkGlobal stops s when it touches a variable of a package whose
// initialisation failed. During initialisation that makes the init being
// run fail too: its results would rest on values Go never has.
func (e *Engine) checkGlobal(s *State, g *ssa.Global) {
	failed := e.failedInits
	if s.initializing {
		failed = e.inits.failed // the caller holds e.inits.mu
	}
	reason, ok := failed[g.Pkg]
	if !ok {
		return
	}
	if s.initializing {
		if !strings.HasPrefix(reason, needsPrefix) {
			// Name the package whose own init failed, not the chain.
			reason = needsPrefix + g.Pkg.Pkg.Path() + ", whose initialisation failed (" + reason + ")"
		}
		e.stop(s, EndUnsupported, reason)
	}
	e.stop(s, EndUnsupported, "unsupported:init of "+g.Pkg.Pkg.Path()+" failed ("+reason+")")
}

// needsPrefix starts the reason of an init that failed because another
// had.
const needsPrefix = "needs package "

// stop ends s in the middle of an instruction: it finishes the path and
// unwinds the interpreter back to step.
func (e *Engine) stop(s *State, kind EndKind, reason string) {
	e.finish(s, kind, 0, reason)
	panic(pathStopped{})
}

// pathStopped unwinds the Go stack of the interpreter when a path ends in
// the middle of an instruction.
type pathStopped struct{}
