package machine

import (
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Tables built on first use. A package may build a large table the first
// time it needs it rather than at init (html keeps its 2,231 entities in
// var entityMaps = sync.OnceValues(func() …)). Every path starts from the
// memory the inits left, where the table is not built yet, so each path
// built it again: tens of thousands of instructions, none of which reads
// an input, before the path's first branch, which halved the paths a
// budget explored. So once a package's init has run, each of its
// variables that holds a func sync.OnceFunc, OnceValue or OnceValues
// made is called, as a program's first call would, and every path
// starts with the table built.
//
// Calling it early is what Go does later only if the call depends on
// nothing that can change in between: so the call is kept only when it
// returns within the init budget without touching any package variable.
// Otherwise its effects are dropped, and each path calls it, as before.
// -no-prebuilt-tables (Inits.NoPrebuild) leaves every such call to the
// paths.

// onceMakers are the functions of package sync whose result calls a
// function once and keeps what it did.
var onceMakers = []string{"OnceFunc", "OnceValue", "OnceValues"}

// prebuild calls each once-func variable of pkg in the init memory and
// keeps what the call left, when it may. The caller holds e.Inits.mu.
func (e *Machine) prebuild(pkg *ssa.Package) {
	in := e.Inits
	names := make([]string, 0, len(pkg.Members))
	for name, m := range pkg.Members {
		if _, ok := m.(*ssa.Global); ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		g := pkg.Members[name].(*ssa.Global)
		id, ok := in.mem.Global(g)
		if !ok {
			continue
		}
		obj := in.mem.Get(id)
		if obj == nil {
			continue
		}
		fn, ok := obj.Value.(value.Func)
		if !ok || fn.Fn == nil || !madeByOnce(fn.Fn) {
			continue
		}
		s := e.initRunState(value.FrozenFork(in.mem), nil)
		e.PushFrame(s, fn.Fn, fn.Bindings, nil, nil)
		if reason := e.runInit(pkg, s); reason == "" && !s.touchedGlobal {
			in.mem = value.Freeze(s.Mem)
		}
	}
}

// madeByOnce reports whether fn is the func that sync.OnceFunc,
// OnceValue or OnceValues returns: a closure of one of them, without
// parameters.
func madeByOnce(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil || len(fn.Params) != 0 {
		return false
	}
	if o := parent.Origin(); o != nil {
		parent = o
	}
	return parent.Pkg != nil && parent.Pkg.Pkg.Path() == "sync" && slices.Contains(onceMakers, parent.Name())
}
