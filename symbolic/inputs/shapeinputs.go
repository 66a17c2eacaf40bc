package inputs

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Shapes of the values built field by field. A struct type of the
// package under test that no function of it returns is built as a
// literal, but only in a shape its own code builds (loader.LiteralShapes):
// its unexported fields are symbolic only where one of the package's
// literals sets them, and zero elsewhere. parseExpr builds
// &exprParser{s: text}, so an *exprParser input sets s and nothing else
// private; a caller could reach no exprParser with pos or tok set before
// its methods ran. Exported fields stay symbolic in every shape: a
// caller may set them on any value. A type the package never builds by
// a literal keeps all its fields (noLiteral). The methods of a type that
// a target builds are no targets themselves (loader/builders.go): its
// shapes serve a parameter or a field of the type.
//
// Several shapes are a choice of input shape (choices.go) whose selector
// is "name.(shape)", k for the k-th in source order; shapes that set the
// same unexported fields count once.

// privateShapes are the sets of unexported fields (indices, ascending)
// that the literals of t set, when t is a named struct type of home's
// package with unexported fields; ok is false for any other type, whose
// fields are all built.
func (e *Builder) privateShapes(t types.Type, home *ssa.Function) (alts [][]int, ok bool) {
	named, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed || !e.isLocal(t, home) || !hasUnexportedFields(t) {
		return nil, false
	}
	st := t.Underlying().(*types.Struct)
	for _, sh := range loader.LiteralShapes(e.Prog, named) {
		private := slices.DeleteFunc(slices.Clone(sh.Fields), func(i int) bool { return st.Field(i).Exported() })
		if !slices.ContainsFunc(alts, func(a []int) bool { return slices.Equal(a, private) }) {
			alts = append(alts, private)
		}
	}
	if len(alts) == 0 {
		// See noLiteral.
		return nil, false
	}
	return alts, true
}

// noLiteral: a type the package never builds by a literal keeps every
// field symbolic. Such a type is one whose zero value is ready to use
// (var s Stack; s.Push(1), new(Counter)): its callers reach its states
// through its methods, on the zero value. Until an input can be new(T)
// followed by calls of its methods, zeroing its unexported fields would
// leave only the empty value, and every branch on a non-empty one
// (Pop of a stack that holds items) untested.

// chooseShape picks the shape of the struct input name of type t: the
// unexported fields that get values. ok is false where every field does.
func (e *Builder) chooseShape(s *machine.State, name string, t types.Type) (set []int, ok bool) {
	alts, ok := e.privateShapes(t, Of(s).home)
	if !ok {
		return nil, false
	}
	st := t.Underlying().(*types.Struct)
	pins := make([]string, len(alts))
	for k, a := range alts {
		pins[k] = name + " sets " + shapeText(st, a)
	}
	k := 0
	if len(alts) > 1 {
		sel := shapeSelectorName(name)
		k = e.Choose(s, sel, expr.BVVar(sel, 8), countTo(len(alts)-1), pins)
	}
	if len(alts[k]) < unexportedCount(st) {
		s.Limit(fmt.Sprintf("%s: only the unexported fields the package's own literals of %s set are tried", name, types.TypeString(t, pkgName)))
	}
	return alts[k], true
}

// chosenShape is the shape of the struct input name of type t under the
// model m, as chooseShape picked it.
func (e *Builder) chosenShape(name string, t types.Type, m expr.Assignment, home *ssa.Function) (set []int, ok bool) {
	alts, ok := e.privateShapes(t, home)
	if !ok {
		return nil, false
	}
	k := 0
	if len(alts) > 1 {
		k = int(expr.Eval(expr.BVVar(shapeSelectorName(name), 8), m))
		if k >= len(alts) {
			k = 0 // as Choose does in a replay
		}
	}
	return alts[k], true
}

// unsetField reports whether field i of a struct built in the shape set
// (ok from chooseShape) stays zero.
func unsetField(st *types.Struct, i int, set []int, ok bool) bool {
	return ok && !st.Field(i).Exported() && !slices.Contains(set, i)
}

func shapeSelectorName(name string) string { return name + ".(shape)" }

// shapeText says which unexported fields a shape sets: "{s, pos}".
func shapeText(st *types.Struct, set []int) string {
	if len(set) == 0 {
		return "no unexported field"
	}
	names := make([]string, len(set))
	for k, i := range set {
		names[k] = st.Field(i).Name()
	}
	return "{" + strings.Join(names, ", ") + "}"
}

func unexportedCount(st *types.Struct) int {
	n := 0
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			n++
		}
	}
	return n
}

// builtOnlyAsPointer reports whether the package of named builds it by
// literals, and every one of them is &T{…}. An interface input then
// holds a *T, never a T: the value no code of the package boxes would
// be a state no caller reaches (pkg/errors builds &withStack{…}, whose
// value type implements error only through its embedded error).
func builtOnlyAsPointer(prog *ssa.Program, named *types.Named) bool {
	shapes := loader.LiteralShapes(prog, named)
	return len(shapes) > 0 && !slices.ContainsFunc(shapes, func(s loader.Shape) bool { return !s.Pointer })
}
