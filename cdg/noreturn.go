package cdg

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file decides which calls never return.
//
// A few functions are known to end the program or the goroutine (os.Exit,
// runtime.Goexit, log.Fatal, t.FailNow, ...) or to always panic
// (log.Panic); their bodies end in code SSA does not see through
// (assembly, linkname), so they are listed. Every other function with a
// body never returns if no path from its entry reaches a Return without
// passing a call that never returns; this is a least fixed point of
// "returns", computed over strongly connected components of the static
// call graph, on demand. A function without a body returns unless listed.
// A function with a deferred call is taken to return: a deferred call may
// recover from the panic, and control then leaves through fn.Recover.
// Calls through interfaces and func values are taken to return, except
// the testing.TB methods that stop the test.

// halt says whether a call never returns, and how.
type halt uint8

const (
	returns   halt = iota // the call may return
	haltPanic             // never returns; may panic, so a deferred recover may catch it
	haltExit              // never returns and no recover catches it: exit or Goexit
)

// knownHalts lists functions by package path, receiver type name ("" for
// functions) and name.
var knownHalts = map[[3]string]halt{
	{"os", "", "Exit"}:           haltExit,
	{"syscall", "", "Exit"}:      haltExit,
	{"runtime", "", "Goexit"}:    haltExit,
	{"log", "", "Fatal"}:         haltExit,
	{"log", "", "Fatalf"}:        haltExit,
	{"log", "", "Fatalln"}:       haltExit,
	{"log", "Logger", "Fatal"}:   haltExit,
	{"log", "Logger", "Fatalf"}:  haltExit,
	{"log", "Logger", "Fatalln"}: haltExit,
	{"log", "", "Panic"}:         haltPanic,
	{"log", "", "Panicf"}:        haltPanic,
	{"log", "", "Panicln"}:       haltPanic,
	{"log", "Logger", "Panic"}:   haltPanic,
	{"log", "Logger", "Panicf"}:  haltPanic,
	{"log", "Logger", "Panicln"}: haltPanic,
}

// testingStops are the methods of testing.common (and so of T, B, F and
// testing.TB) that end the test goroutine with runtime.Goexit.
var testingStops = map[string]bool{
	"FailNow": true, "Fatal": true, "Fatalf": true,
	"SkipNow": true, "Skip": true, "Skipf": true,
}

// knownHalt looks fn up in the lists.
func knownHalt(fn *ssa.Function) halt {
	if fn == nil {
		return returns
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return returns
	}
	recv := ""
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			recv = n.Obj().Name()
		}
	}
	path := obj.Pkg().Path()
	if path == "testing" && recv != "" && testingStops[obj.Name()] {
		return haltExit
	}
	return knownHalts[[3]string{path, recv, obj.Name()}]
}

// invokeHalt: a call of a testing.TB method that stops the test.
func invokeHalt(c *ssa.CallCommon) halt {
	if !c.IsInvoke() || !testingStops[c.Method.Name()] {
		return returns
	}
	if pkg := c.Method.Pkg(); pkg != nil && pkg.Path() == "testing" {
		return haltExit
	}
	if n, ok := c.Value.Type().(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" {
		return haltExit
	}
	return returns
}

// callHalt says whether instr is a call that never returns. Only *ssa.Call
// counts: go and defer statements return at once.
func (a *Analysis) callHalt(instr ssa.Instruction) halt {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return returns
	}
	if h := invokeHalt(&call.Call); h != returns {
		return h
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return returns
	}
	if h := knownHalt(callee); h != returns {
		return h
	}
	if a.neverReturns(callee) {
		return haltPanic
	}
	return returns
}

// NeverReturns reports whether no call of fn can return normally.
func (a *Analysis) NeverReturns(fn *ssa.Function) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.neverReturns(fn)
}

func (a *Analysis) neverReturns(fn *ssa.Function) bool {
	if knownHalt(fn) != returns {
		return true
	}
	r, ok := a.returns[fn]
	if !ok {
		a.solveReturns(fn)
		r = a.returns[fn]
	}
	return !r
}

// solveReturns decides "returns" for fn and everything it calls
// statically, by Tarjan's algorithm: each component is solved, from its
// callees up, by iterating to the least fixed point.
func (a *Analysis) solveReturns(root *ssa.Function) {
	index := map[*ssa.Function]int{}
	low := map[*ssa.Function]int{}
	onStack := map[*ssa.Function]bool{}
	var stack []*ssa.Function
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		index[f] = len(index)
		low[f] = index[f]
		stack = append(stack, f)
		onStack[f] = true
		for _, c := range staticCallees(f) {
			if _, done := a.returns[c]; done || knownHalt(c) != returns {
				continue
			}
			if _, seen := index[c]; !seen {
				visit(c)
				low[f] = min(low[f], low[c])
			} else if onStack[c] {
				low[f] = min(low[f], index[c])
			}
		}
		if low[f] != index[f] {
			return
		}
		var scc []*ssa.Function
		for {
			g := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[g] = false
			scc = append(scc, g)
			a.returns[g] = false // least fixed point: start from "never returns"
			if g == f {
				break
			}
		}
		for changed := true; changed; {
			changed = false
			for _, g := range scc {
				if !a.returns[g] && a.reachesReturn(g) {
					a.returns[g] = true
					changed = true
				}
			}
		}
	}
	visit(root)
}

// staticCallees lists the static callees of fn's calls (not go or defer).
func staticCallees(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok {
				if c := call.Call.StaticCallee(); c != nil {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// reachesReturn reports whether a path from fn's entry reaches a Return,
// given what a.returns says now about the callees.
func (a *Analysis) reachesReturn(fn *ssa.Function) bool {
	if len(fn.Blocks) == 0 || fn.Recover != nil {
		return true // no body: assume it returns; defer: may recover
	}
	seen := make([]bool, len(fn.Blocks))
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	seen[0] = true
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
	instrs:
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Call:
				if invokeHalt(&instr.Call) != returns {
					break instrs
				}
				if c := instr.Call.StaticCallee(); c != nil {
					if knownHalt(c) != returns {
						break instrs
					}
					if r, ok := a.returns[c]; ok && !r {
						break instrs
					}
				}
			case *ssa.Return:
				return true
			case *ssa.Jump, *ssa.If:
				for _, s := range b.Succs {
					if !seen[s.Index] {
						seen[s.Index] = true
						work = append(work, s)
					}
				}
			}
		}
	}
	return false
}
