package loader

import (
	"go/token"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Package variables a call may change. The executor starts every path
// from the state the package initialisers leave; a test that changes a
// package variable leaves it changed for the tests after it, which then
// disagree with the executor, or pass or fail by their order.

// ChangesGlobal reports whether instr, a use of addr (a package
// variable's address, or the address of a field or element of one), may
// change the variable: anything but a load, the address of a field or
// element whose every use only reads, or the standard library's use of a
// pool of its own (standardPoolCall).
func ChangesGlobal(instr ssa.Instruction, addr ssa.Value) bool {
	switch in := instr.(type) {
	case *ssa.UnOp:
		return in.X != addr || in.Op != token.MUL
	case *ssa.FieldAddr:
		return !onlyRead(in)
	case *ssa.IndexAddr:
		return in.X != addr || !onlyRead(in)
	case ssa.CallInstruction:
		return !standardPoolCall(in, addr)
	}
	return true
}

// standardPoolCall reports whether call, made by a function of the
// standard library, calls Get or Put on the sync.Pool at addr. Such a
// call changes what the pool stores, but not what a program can see: the
// standard library resets what it takes from its pools (fmt's printers,
// regexp's machines), so an object Get hands back behaves as one New
// made, which is how the executor models Get. Without this, every path
// through fmt.Errorf or fmt.Sprintf would read a package variable that
// code outside init changes (fmt.ppFree), and no function that formats
// could ever be explored exhaustively. A pool of any other code is not
// trusted so: Get may hand back a buffer an earlier call left dirty.
func standardPoolCall(call ssa.CallInstruction, addr ssa.Value) bool {
	common := call.Common()
	callee := common.StaticCallee()
	if callee == nil || len(common.Args) == 0 || common.Args[0] != addr {
		return false
	}
	if name := callee.String(); name != "(*sync.Pool).Get" && name != "(*sync.Pool).Put" {
		return false
	}
	caller := call.Parent()
	return caller != nil && caller.Pkg != nil && IsStandard(caller.Pkg.Pkg.Path())
}

func onlyRead(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if ChangesGlobal(r, v) {
			return false
		}
	}
	return true
}

// GlobalsChanged lists, by name, the variables of fn's package that a
// call of fn may change in place: those that fn, its closures, or a
// function of the same package it calls by name (at any depth) store to
// or take a writable address of. What a call changes through a pointer,
// slice or map the variable holds is not the variable's own storage and
// is not listed, nor is what calls through interfaces or function values
// change, nor what a closure fn hands to a sync.Once's Do stores (see
// lazyInit).
func GlobalsChanged(fn *ssa.Function) []*ssa.Global {
	pkg := PackageOf(fn)
	seen := map[*ssa.Function]bool{}
	changed := map[*ssa.Global]bool{}
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		if f == nil || seen[f] || PackageOf(f) != pkg {
			return
		}
		seen[f] = true
		for _, anon := range f.AnonFuncs {
			if !lazyInit(anon) {
				visit(anon)
			}
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					visit(call.Common().StaticCallee())
				}
			}
		}
		for _, g := range ChangedIn(f) {
			if g.Pkg == pkg {
				changed[g] = true
			}
		}
	}
	visit(fn)
	out := make([]*ssa.Global, 0, len(changed))
	for g := range changed {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// ChangedIn lists the package variables, of any package, that f's own
// instructions may change (ChangesGlobal), not its closures' or its
// callees'; a variable f changes in two places is listed twice.
func ChangedIn(f *ssa.Function) []*ssa.Global {
	var out []*ssa.Global
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			for _, op := range instr.Operands(nil) {
				if g, ok := (*op).(*ssa.Global); ok && ChangesGlobal(instr, g) {
					out = append(out, g)
				}
			}
		}
	}
	return out
}

// lazyInit reports whether the function literal lit is only ever handed
// to a sync.Once's Do: once.Do(func() { re = regexp.MustCompile(…) }).
// What it stores is a lazy initialisation, done once per process. It
// cannot be undone, because the Once, which holds a lock, cannot be put
// back: a variable the literal set, put back to its zero value while the
// Once stays done, would stay zero for every later call (hashicorp's
// go-version: its constraint regexp, then a nil dereference). Left as it
// is, it holds what any first call would have stored.
func lazyInit(lit *ssa.Function) bool { return onlyOnceDo(lit) }

// onlyOnceDo reports whether every use of v, a function literal or its
// closure, is as the function of a sync.Once's Do.
func onlyOnceDo(v ssa.Value) bool {
	uses := v.Referrers()
	if uses == nil || len(*uses) == 0 {
		return false
	}
	for _, use := range *uses {
		if mc, ok := use.(*ssa.MakeClosure); ok && mc.Fn == v {
			if !onlyOnceDo(mc) {
				return false
			}
			continue
		}
		if !isOnceDo(use, v) {
			return false
		}
	}
	return true
}

// isOnceDo reports whether instr calls (*sync.Once).Do with f as its
// function.
func isOnceDo(instr ssa.Instruction, f ssa.Value) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	c := call.Common()
	callee := c.StaticCallee()
	return callee != nil && callee.String() == "(*sync.Once).Do" && len(c.Args) == 2 && c.Args[1] == f
}
