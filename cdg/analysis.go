package cdg

import (
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Options configure an Analysis. The zero value is the default.
type Options struct {
	// NoImplicitBranches turns implicit branches off: only If
	// terminators are then conditional nodes, and a panic inside a
	// function is modelled only where it is explicit (panic statements,
	// calls that never return). The default, implicit branches on,
	// matches what the symbolic executor does: it forks a "panic" state
	// at every instruction for which MayPanic holds.
	NoImplicitBranches bool

	// Callees resolves the callees of a call site whose callee is not
	// static (calls through interfaces and func values). Nil means
	// DefaultCallees. A points-to analysis can plug in here.
	Callees func(site ssa.CallInstruction) []*ssa.Function
}

// Analysis computes post-dominators and control dependence for the
// functions of one SSA program, on demand, and caches the results. It is
// safe for concurrent use.
type Analysis struct {
	prog *ssa.Program
	opts Options

	mu      sync.Mutex
	returns map[*ssa.Function]bool // decided by solveReturns
	noPanic map[*ssa.Function]bool // decided by cannotPanic
	funcs   map[*ssa.Function]*Func
	callees *defaultCallees

	entryPoints *entryPoints
	pkgGraphs   map[*ssa.Package]*packageGraph
}

// New returns an analysis of prog.
func New(prog *ssa.Program, opts Options) *Analysis {
	a := &Analysis{
		prog:    prog,
		opts:    opts,
		returns: map[*ssa.Function]bool{},
		noPanic: map[*ssa.Function]bool{},
		funcs:   map[*ssa.Function]*Func{},

		pkgGraphs: map[*ssa.Package]*packageGraph{},
	}
	a.callees = newDefaultCallees(prog)
	a.entryPoints = &entryPoints{prog: prog}
	return a
}

// Program is the analysed program.
func (a *Analysis) Program() *ssa.Program { return a.prog }

// Func returns the control dependence graph of fn, building it the first
// time.
func (a *Analysis) Func(fn *ssa.Function) *Func {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.funcLocked(fn)
}

func (a *Analysis) funcLocked(fn *ssa.Function) *Func {
	if f, ok := a.funcs[fn]; ok {
		return f
	}
	f := a.buildFunc(fn)
	a.funcs[fn] = f
	return f
}

// Callees resolves the functions a call site may call: the static
// callee if there is one, else whatever Options.Callees (or
// DefaultCallees) says.
func (a *Analysis) Callees(site ssa.CallInstruction) []*ssa.Function {
	if c := site.Common().StaticCallee(); c != nil {
		return []*ssa.Function{c}
	}
	if a.opts.Callees != nil {
		return a.opts.Callees(site)
	}
	return a.callees.resolve(site)
}
