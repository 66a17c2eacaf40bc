package cdg

import (
	"sync"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// entryPoints answers, for the flow edges, where a call through a func
// value may lead when the resolver does not know its callees. Following
// every function of the right signature whose value is taken would pull
// much of the standard library into each function's graph, so the flow
// edges treat such a call as a black box, asking only which code that
// counts it may run: the callee, or anything it calls, can enter a
// package only through a function of it whose value is taken somewhere
// (a function literal, a function used as a value, a bound method or a
// method expression) or through a method of one of its types (an
// interface call may dispatch there); a package cannot be called by name
// from code it imports.
//
// The same pass over the program's functions lists each package's own
// functions, the roots of its graph (closure.go).
type entryPoints struct {
	prog     *ssa.Program
	once     sync.Once
	byPkg    map[*ssa.Package][]*ssa.Function
	declared map[*ssa.Package][]*ssa.Function
}

// EntryPoints lists the functions of pkg that code outside it may call
// without naming them: its methods, and the functions whose value the
// program takes.
func (a *Analysis) EntryPoints(pkg *ssa.Package) []*ssa.Function {
	ep := a.entryPoints
	ep.once.Do(ep.collect)
	return ep.byPkg[pkg]
}

// collect finds the entry points of every package of the program.
func (ep *entryPoints) collect() {
	ep.byPkg = map[*ssa.Package][]*ssa.Function{}
	ep.declared = map[*ssa.Package][]*ssa.Function{}
	seen := map[*ssa.Function]bool{}
	add := func(f *ssa.Function) {
		if !seen[f] {
			seen[f] = true
			if pkg := packageOf(f); pkg != nil {
				ep.byPkg[pkg] = append(ep.byPkg[pkg], f)
			}
		}
	}
	var ops []*ssa.Value
	for fn := range ssautil.AllFunctions(ep.prog) {
		if pkg := packageOf(fn); pkg != nil {
			ep.declared[pkg] = append(ep.declared[pkg], fn)
		}
		if fn.Signature.Recv() != nil {
			add(fn)
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var callee *ssa.Value
				if c, ok := instr.(ssa.CallInstruction); ok && !c.Common().IsInvoke() {
					callee = &c.Common().Value
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if op == nil || op == callee {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						add(f)
					}
				}
			}
		}
	}
}
