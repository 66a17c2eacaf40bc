package symbolic

import (
	"golang.org/x/tools/go/ssa"
)

// Package-level variables start from the values their initialisers give
// them: before exploring a function, the engine runs the init function of
// its package in the interpreter, once, and every path starts from the
// memory that leaves. The init of each imported package runs in a sandbox
// of its own: when it fails (it needs the operating system, say), its
// effects are dropped and the package is recorded, and a path that later
// reads one of its variables stops as unsupported rather than read a value
// Go would never have.

// initState holds the memory after the package initialisers that have run.
type initState struct {
	mem    *memory
	done   map[*ssa.Package]bool
	failed map[*ssa.Package]string
}

// initMemory is the memory in which pkg's variables are initialised.
func (e *Engine) initMemory(pkg *ssa.Package) *memory {
	if e.init == nil {
		e.init = &initState{mem: newMemory(), done: map[*ssa.Package]bool{}, failed: map[*ssa.Package]string{}}
	}
	if pkg != nil && !e.init.done[pkg] {
		e.runInit(pkg)
	}
	return e.init.mem.fork()
}

// runInit runs pkg's init function (and, through it, those of its imports)
// on the shared init memory.
func (e *Engine) runInit(pkg *ssa.Package) {
	e.init.done[pkg] = true
	fn := pkg.Func("init")
	if fn == nil || len(fn.Blocks) == 0 {
		return
	}
	s := &State{mem: e.init.mem.fork(), replay: true, initializing: true, inputs: newSymbolicInputs(e.cfg.Bounds)}
	e.pushFrame(s, fn, nil, nil, nil)
	e.runToEnd(s)
	if s.endKind != EndReturn {
		e.init.failed[pkg] = s.endReason
		return
	}
	e.init.mem = s.mem
}

// sandboxedInit runs the init of another package during initialisation, as
// its own run: on success the state adopts its memory, on failure nothing
// changes and the package is recorded as failed.
func (e *Engine) sandboxedInit(s *State, fn *ssa.Function) {
	if e.init.done[fn.Pkg] {
		return
	}
	e.init.done[fn.Pkg] = true
	sub := &State{mem: s.mem.fork(), replay: true, initializing: true, inputs: s.inputs}
	e.pushFrame(sub, fn, nil, nil, nil)
	e.runToEnd(sub)
	if sub.endKind != EndReturn {
		e.init.failed[fn.Pkg] = sub.endReason
		return
	}
	s.mem = sub.mem
}

// checkGlobal stops s when it touches a variable of a package whose
// initialisation failed.
func (e *Engine) checkGlobal(s *State, g *ssa.Global) {
	if e.seedStream(s, g) {
		return // a stand-in, whether or not package os initialised (osstreams.go)
	}
	if e.init == nil || s.initializing {
		return
	}
	if reason, failed := e.init.failed[g.Pkg]; failed {
		e.stop(s, EndUnsupported, "unsupported:init of "+g.Pkg.Pkg.Path()+" ("+reason+")")
	}
}

// stop ends s in the middle of an instruction: it finishes the path and
// unwinds the interpreter back to step.
func (e *Engine) stop(s *State, kind EndKind, reason string) {
	e.finish(s, kind, 0, reason)
	panic(pathStopped{})
}

// pathStopped unwinds the Go stack of the interpreter when a path ends in
// the middle of an instruction.
type pathStopped struct{}
