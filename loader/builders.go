package loader

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A type that no function of its package hands out, and that the package
// builds only by composite literals setting its unexported fields, is an
// internal of the functions that build it. go/build/constraint makes its
// exprParser only in parseExpr, as &exprParser{s: text}, and the methods
// or, and, not, atom and lex only ever run on that value. A test of one
// of those methods on its own would have to write &exprParser{s: "…"}: a
// literal of the package's private fields, on a receiver no caller can
// hold, that breaks the day the package renames a field. So such a method
// is not a target of its own. Its code is tested through the functions
// that build its receiver, which are targets, and the report says so.
//
// The rule leaves alone:
//   - an exported type: a caller may declare one and call its methods;
//   - a type without unexported fields of its own: plain data, which a
//     test may write as a literal like any caller;
//   - a type some function or package variable hands out (Makings), or
//     that a function of the package returns: its callers get one from
//     there, and a test does too;
//   - a type some literal of the package builds without setting an
//     unexported field (&T{}), or none does (new(T), var t T): a test
//     writes the same without private state;
//   - a type whose literals are all in functions that are not targets
//     (init, a package variable's initializer) or in its own methods:
//     no target would test its methods. The package's test files are not
//     loaded, so a literal in a test or an Example builds nothing here.

// Through is a method that is not a target of its own: its receiver's
// type is built only by the literals of Builders, through whose tests its
// code is tested.
type Through struct {
	Method *ssa.Function
	// Builders are the targets that hold a literal of the receiver's
	// type, in target order. None of them is a method of a type whose
	// methods are tested through others.
	Builders []*ssa.Function
}

// splitThrough takes out of targets, the targets of pkg in their order,
// the methods whose code is tested through the builders of their
// receiver's type, and lists those in the same order.
func splitThrough(pkg *ssa.Package, targets []*ssa.Function) (kept []*ssa.Function, through []Through) {
	// holders are, per receiver type of a target method, the functions
	// that hold its literals when the type is an internal one; nil
	// otherwise.
	holders := make(map[*types.TypeName][]*ssa.Function)
	for _, fn := range targets {
		if obj := receiverTypeName(fn); obj != nil {
			if _, seen := holders[obj]; !seen {
				holders[obj] = internalHolders(pkg, obj)
			}
		}
	}
	isTarget := make(map[*ssa.Function]bool, len(targets))
	for _, fn := range targets {
		isTarget[fn] = true
	}
	// A builder must be a target whose own tables stay: not a method of
	// a type whose methods move.
	builders := func(obj *types.TypeName) []*ssa.Function {
		var out []*ssa.Function
		for _, h := range holders[obj] {
			if isTarget[h] && holders[receiverTypeName(h)] == nil {
				out = append(out, h)
			}
		}
		return out
	}
	for _, fn := range targets {
		if obj := receiverTypeName(fn); obj != nil && holders[obj] != nil {
			if b := builders(obj); len(b) > 0 {
				through = append(through, Through{Method: fn, Builders: b})
				continue
			}
		}
		kept = append(kept, fn)
	}
	return kept, through
}

// receiverTypeName is the named type whose method fn is declared on, on
// a value or a pointer receiver; nil for a function, a closure or an
// instance of a generic method.
func receiverTypeName(fn *ssa.Function) *types.TypeName {
	if fn == nil || fn.Parent() != nil || len(fn.TypeArgs()) > 0 {
		return nil
	}
	recv := fn.Signature.Recv()
	if recv == nil {
		return nil
	}
	named := namedOf(recv.Type())
	if named == nil {
		return nil
	}
	return named.Obj()
}

// internalHolders are the top-level functions of pkg, in source order,
// that hold a composite literal of obj, when obj is an internal type of
// pkg as the comment at the top of this file says; nil otherwise.
func internalHolders(pkg *ssa.Package, obj *types.TypeName) []*ssa.Function {
	named, ok := obj.Type().(*types.Named)
	if !ok || obj.Exported() || obj.Pkg() != pkg.Pkg || named.TypeParams().Len() > 0 {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok || !hasOwnUnexported(st, pkg.Pkg) {
		return nil
	}
	shapes := LiteralShapes(pkg.Prog, named)
	if len(shapes) == 0 || slices.ContainsFunc(shapes, func(s Shape) bool { return !setsUnexported(st, s) }) {
		return nil
	}
	if handedOut(pkg, named) {
		return nil
	}
	var out []*ssa.Function
	for _, fn := range literalScope(pkg) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if _, ok := isComplit(instr, obj); ok {
					if top := outermost(fn); !slices.Contains(out, top) {
						out = append(out, top)
					}
				}
			}
		}
	}
	fset := pkg.Prog.Fset
	slices.SortStableFunc(out, func(x, y *ssa.Function) int { return ComparePos(fset, x.Pos(), y.Pos()) })
	return out
}

// hasOwnUnexported reports whether st has an unexported field declared
// in home.
func hasOwnUnexported(st *types.Struct, home *types.Package) bool {
	for f := range st.Fields() {
		if !f.Exported() && f.Name() != "_" && f.Pkg() == home {
			return true
		}
	}
	return false
}

// setsUnexported reports whether a literal of shape s sets an unexported
// field of st.
func setsUnexported(st *types.Struct, s Shape) bool {
	return slices.ContainsFunc(s.Fields, func(i int) bool { return !st.Field(i).Exported() })
}

// handedOut reports whether a caller of pkg can get a value of named
// from it: through one of the Makings of named or *named, or as a result
// of a function or a method of another type of pkg. named's own methods
// hand out only what a receiver already is.
func handedOut(pkg *ssa.Package, named *types.Named) bool {
	ptr := types.NewPointer(named)
	for _, t := range []types.Type{named, ptr} {
		if len(Makings(pkg.Prog, t, pkg.Pkg)) > 0 {
			return true
		}
	}
	for _, fn := range PackageFunctions(pkg) {
		if receiverTypeName(outermost(fn)) == named.Obj() {
			continue
		}
		for v := range fn.Signature.Results().Variables() {
			if t := types.Unalias(v.Type()); types.Identical(t, named) || types.Identical(t, ptr) {
				return true
			}
		}
	}
	return false
}

// outermost is the top-level function that fn, a closure, is declared
// in; fn itself when it is not a closure.
func outermost(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}
