package machine

import (
	"strings"
	"sync"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Package variables. Every path starts from the state the package
// initialisers leave, but a real program may have changed a package
// variable before it calls the function under test (an earlier call of the
// same function, say). A path that reads a variable that code outside the
// initialisers may write therefore does not speak for every input: it
// records that, so no code is claimed dead on its strength. Variables only
// initialisers write (sentinel errors, tables) keep their initial values
// and cost nothing, and so does a pool that only the standard library's
// own Get and Put touch (fmt's printers: loader.ChangesGlobal).

// writtenGlobals maps each program to the package variables that some
// function other than a package initialiser may write; computed once per
// program, since every Engine of a run shares it.
var writtenGlobals sync.Map // *ssa.Program → map[*ssa.Global]bool

// GlobalMayChange reports whether code outside package initialisation may
// write g.
func (e *Machine) GlobalMayChange(g *ssa.Global) bool {
	if m, ok := writtenGlobals.Load(e.Prog); ok {
		return m.(map[*ssa.Global]bool)[g]
	}
	m, _ := writtenGlobals.LoadOrStore(e.Prog, findWrittenGlobals(e.Prog))
	return m.(map[*ssa.Global]bool)[g]
}

// findWrittenGlobals scans every function that is not an initialiser for
// uses of a global's address other than reads (loader.ChangedIn).
func findWrittenGlobals(prog *ssa.Program) map[*ssa.Global]bool {
	written := make(map[*ssa.Global]bool)
	for fn := range ssautil.AllFunctions(prog) {
		if isInitializer(fn) {
			continue
		}
		for _, g := range loader.ChangedIn(fn) {
			written[g] = true
		}
	}
	return written
}

// isInitializer reports whether fn is a package initialiser: the
// synthetic init, a declared init function, or a closure inside one.
func isInitializer(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn.Synthetic == "package initializer" || strings.HasPrefix(fn.Name(), "init#")
}

// noteGlobalRead records, on s, a read of the object id when it is a
// package variable that may have changed since initialisation.
func (e *Machine) noteGlobalRead(s *State, id value.ObjectID) {
	if s.Replay || s.Initializing {
		return
	}
	obj := s.Mem.Get(id)
	if obj == nil {
		return
	}
	if g, ok := obj.Site.(*ssa.Global); ok && e.GlobalMayChange(g) {
		s.Limit("reads package variable " + g.Pkg.Pkg.Name() + "." + g.Name() + ", which code outside init may change")
	}
}
