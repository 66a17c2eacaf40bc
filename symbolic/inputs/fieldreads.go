package inputs

import (
	"go/types"
	"sync"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// Which fields a function may read, for the field steps (fieldsteps.go).
// A function of the package reaches the functions of the package it
// calls statically, those it refers to as values (closures, method
// values, functions passed on), every method of the package of the name
// it invokes through an interface, and every method of a type of the
// package that it puts in an interface, which another package may call
// back (sort.Sort calls Less). Calls into other packages are not
// followed otherwise: their code cannot name the package's fields. A
// field is read where a FieldAddr of it is used other than as the
// address of a store, or where a Field selects it.

// fieldReadsCache remembers, per function, the fields it reads itself.
var fieldReadsCache sync.Map // *ssa.Function → []*types.Var

// fieldsReadFrom is the set of struct fields (their origins, for generic
// types) that the functions of pkg reachable from roots read.
func fieldsReadFrom(pkg *ssa.Package, roots []*ssa.Function) map[*types.Var]bool {
	byName := packageMethodsByName(pkg)
	read := make(map[*types.Var]bool)
	seen := make(map[*ssa.Function]bool)
	queue := append([]*ssa.Function(nil), roots...)
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		if fn == nil || seen[fn] || loader.PackageOf(fn) != pkg {
			continue
		}
		seen[fn] = true
		for _, f := range ownFieldReads(fn) {
			read[f] = true
		}
		queue = append(queue, reachedFrom(fn, pkg, byName)...)
	}
	return read
}

// packageMethodsByName indexes the methods of pkg's types by name.
func packageMethodsByName(pkg *ssa.Package) map[string][]*ssa.Function {
	out := make(map[string][]*ssa.Function)
	for _, fn := range loader.PackageFunctions(pkg) {
		if fn.Signature.Recv() != nil {
			out[fn.Name()] = append(out[fn.Name()], fn)
		}
	}
	return out
}

// reachedFrom lists the functions fn may run next, as the comment at
// the top says.
func reachedFrom(fn *ssa.Function, pkg *ssa.Package, byName map[string][]*ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	out = append(out, fn.AnonFuncs...)
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				c := call.Common()
				if c.IsInvoke() {
					out = append(out, byName[c.Method.Name()]...)
				} else if callee := c.StaticCallee(); callee != nil {
					out = append(out, callee)
				}
			}
			if mi, ok := instr.(*ssa.MakeInterface); ok {
				out = append(out, methodsOf(pkg, mi.X.Type())...)
			}
			for _, op := range instr.Operands(ops[:0]) {
				if f, ok := (*op).(*ssa.Function); ok {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// methodsOf lists the methods of t's and *t's method sets, for a named
// type t of pkg.
func methodsOf(pkg *ssa.Package, t types.Type) []*ssa.Function {
	named := namedOf(t)
	if named == nil || named.Obj().Pkg() != pkg.Pkg {
		return nil
	}
	var out []*ssa.Function
	for _, u := range []types.Type{named, types.NewPointer(named)} {
		mset := pkg.Prog.MethodSets.MethodSet(u)
		for i := 0; i < mset.Len(); i++ {
			out = append(out, pkg.Prog.MethodValue(mset.At(i)))
		}
	}
	return out
}

// ownFieldReads lists the fields fn reads in its own body.
func ownFieldReads(fn *ssa.Function) []*types.Var {
	if found, ok := fieldReadsCache.Load(fn); ok {
		return found.([]*types.Var)
	}
	var read []*types.Var
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.FieldAddr:
				if readsAddress(in) {
					if st, ok := in.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct); ok {
						read = append(read, st.Field(in.Field).Origin())
					}
				}
			case *ssa.Field:
				if st, ok := in.X.Type().Underlying().(*types.Struct); ok {
					read = append(read, st.Field(in.Field).Origin())
				}
			}
		}
	}
	fieldReadsCache.Store(fn, read)
	return read
}

// readsAddress reports whether the address a is used for anything but
// being stored to: a load, or a pointer handed on, which may be read.
func readsAddress(a *ssa.FieldAddr) bool {
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == a && r.Val != a {
				continue
			}
		case *ssa.DebugRef:
			continue
		}
		return true
	}
	return false
}
