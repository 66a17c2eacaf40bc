package loader

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Instances of generic types that nothing instantiates. A library of
// generic containers (hashicorp's go-immutable-radix: Tree[T], Txn[T],
// Node[T]) instantiates none of them itself; its users do. Its methods
// then have no instance in the program, and the package had no targets.
// So for every generic type a matched package declares, with methods none
// of which has an instance, Load chooses type arguments (for each type
// parameter the first of int and string that its constraint admits) and
// takes the instances of the type's declared methods, which
// ssa.Program.MethodValue builds on demand. A type whose parameters admit
// neither is left as it was, and so are generic functions that are not
// methods: SSA has no public way to instantiate one after the build.
//
// A type some of whose methods the program does instantiate gets the
// instances of all its methods, on each receiver type those instances
// have: SSA builds a method's instance only where something refers to
// it, and a library's non-generic wrapper (tidwall/btree's BTree over
// BTreeG[any]) seldom calls every method of what it wraps.

// choosableTypeArgs are the type arguments tried for a type parameter, in
// order: a number and a text, which tests write plainly.
var choosableTypeArgs = []types.Type{types.Typ[types.Int], types.Typ[types.String]}

// chosenInstances are the instances of the methods of pkg's generic types
// that are not among existing: on each instance of the type that existing
// has, or else on one made with chosen type arguments; in the order of
// the types' names, then of their instances in existing, then of the
// methods' declarations.
func chosenInstances(prog *ssa.Program, pkg *types.Package, existing []*ssa.Function) []*ssa.Function {
	have := make(map[*ssa.Function]bool, len(existing))
	instances := make(map[*types.TypeName][]*types.Named)
	for _, fn := range existing {
		have[fn] = true
		recv := fn.Signature.Recv()
		if recv == nil {
			continue
		}
		named := namedOf(recv.Type())
		if named == nil {
			continue
		}
		tn := named.Origin().Obj()
		if !slices.ContainsFunc(instances[tn], func(n *types.Named) bool { return types.Identical(n, named) }) {
			instances[tn] = append(instances[tn], named)
		}
	}
	var out []*ssa.Function
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() == 0 || named.NumMethods() == 0 {
			continue
		}
		insts := instances[tn]
		if len(insts) == 0 {
			inst, ok := instantiate(named)
			if !ok {
				continue
			}
			insts = []*types.Named{inst}
		}
		for _, inst := range insts {
			for m := range named.Methods() {
				if fn := methodInstance(prog, inst, m); fn != nil && !have[fn] {
					have[fn] = true
					out = append(out, fn)
				}
			}
		}
	}
	return out
}

// choosableArg is the first of choosableTypeArgs that tp's constraint
// admits, or nil.
func choosableArg(tp *types.TypeParam) types.Type {
	constraint, _ := tp.Constraint().Underlying().(*types.Interface)
	if constraint == nil {
		return nil
	}
	for _, t := range choosableTypeArgs {
		if types.Satisfies(t, constraint) {
			return t
		}
	}
	return nil
}

// instantiate is named with chosen type arguments, or false when some
// type parameter admits none of them.
func instantiate(named *types.Named) (*types.Named, bool) {
	tparams := named.TypeParams()
	targs := make([]types.Type, tparams.Len())
	for i := range targs {
		if targs[i] = choosableArg(tparams.At(i)); targs[i] == nil {
			return nil, false
		}
	}
	// Validation also checks constraints that mention other parameters.
	inst, err := types.Instantiate(nil, named, targs, true)
	if err != nil {
		return nil, false
	}
	return inst.(*types.Named), true
}

// methodInstance is the instance, on the receiver inst (or *inst for a
// pointer method), of m, a method declared on inst's generic type; nil
// when SSA builds none with a body.
func methodInstance(prog *ssa.Program, inst types.Type, m *types.Func) *ssa.Function {
	if m.Signature().TypeParams().Len() > 0 {
		return nil
	}
	recv := inst
	if _, ptr := m.Signature().Recv().Type().(*types.Pointer); ptr {
		recv = types.NewPointer(inst)
	}
	sel := prog.MethodSets.MethodSet(recv).Lookup(m.Pkg(), m.Name())
	if sel == nil || len(sel.Index()) != 1 {
		return nil
	}
	fn := prog.MethodValue(sel)
	if fn == nil || len(fn.Blocks) == 0 || fn.Origin() == nil {
		return nil
	}
	return fn
}
