package loader

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Shape is one way a package's own code builds a value of one of its
// struct types by a composite literal: the fields the literal sets (as
// indices into the struct, ascending), and whether it is &T{…} (a
// pointer) or T{…} (a value). &exprParser{s: text} is the shape {s} of a
// pointer.
type Shape struct {
	Fields  []int
	Pointer bool
}

// Sets reports whether the shape sets the field of index i.
func (s Shape) Sets(i int) bool { return slices.Contains(s.Fields, i) }

// shapesCache remembers LiteralShapes per program and type.
var shapesCache sync.Map // shapeKey → []Shape

type shapeKey struct {
	prog  *ssa.Program
	named *types.TypeName
}

// LiteralShapes lists the distinct shapes in which the code of t's own
// package builds t, a named struct type, by composite literals, in
// source order of their first literal. It is empty for a type the
// package only makes by new(T) or a var, or not at all. A test that
// must write a value of t field by field sets only the fields of one of
// these shapes: any other combination of its unexported fields is a
// state no caller can reach, and its literal breaks the day the package
// renames a field it never meant to be set from outside.
//
// It reads the SSA of the package's functions, closures and package
// initializer: each literal is an Alloc ("complit") of t followed by
// field stores at positions inside the literal's braces.
func LiteralShapes(prog *ssa.Program, named *types.Named) []Shape {
	obj := named.Origin().Obj()
	key := shapeKey{prog, obj}
	if found, ok := shapesCache.Load(key); ok {
		return found.([]Shape)
	}
	var shapes []Shape
	if pkg := prog.Package(obj.Pkg()); pkg != nil {
		shapes = literalShapes(pkg, obj)
	}
	shapesCache.Store(key, shapes)
	return shapes
}

// literalShapes scans the functions of pkg for literals of the type obj.
func literalShapes(pkg *ssa.Package, obj *types.TypeName) []Shape {
	fns := literalScope(pkg)
	type found struct {
		pos   token.Pos
		shape Shape
	}
	var all []found
	for _, fn := range fns {
		var ends map[token.Pos]token.Pos // a literal's Lbrace → Rbrace
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				a, ok := isComplit(instr, obj)
				if !ok {
					continue
				}
				if ends == nil {
					ends = literalEnds(fn)
				}
				all = append(all, found{a.Pos(), Shape{Fields: literalFields(a, ends), Pointer: a.Heap}})
			}
		}
	}
	fset := pkg.Prog.Fset
	slices.SortStableFunc(all, func(x, y found) int { return ComparePos(fset, x.pos, y.pos) })
	var shapes []Shape
	for _, f := range all {
		if !slices.ContainsFunc(shapes, func(s Shape) bool { return s.Pointer == f.shape.Pointer && slices.Equal(s.Fields, f.shape.Fields) }) {
			shapes = append(shapes, f.shape)
		}
	}
	return shapes
}

// literalScope are the functions whose literals LiteralShapes reads: the
// package's functions and methods, their closures, and its initializer,
// which holds the literals of package variables.
func literalScope(pkg *ssa.Package) []*ssa.Function {
	fns := PackageFunctions(pkg)
	if init := pkg.Func("init"); init != nil {
		fns = append(fns, withClosures(init)...)
	}
	return fns
}

// isComplit reports whether instr allocates a composite literal of the
// named type obj.
func isComplit(instr ssa.Instruction, obj *types.TypeName) (*ssa.Alloc, bool) {
	a, ok := instr.(*ssa.Alloc)
	return a, ok && a.Comment == "complit" && isTypeName(a.Type(), obj)
}

// isTypeName reports whether ptr points to a value of the named type
// obj (any instance of it, for a generic type).
func isTypeName(ptr types.Type, obj *types.TypeName) bool {
	p, ok := ptr.(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && named.Origin().Obj() == obj
}

// literalFields are the fields that the literal allocated by a stores
// into: the field addresses of a taken inside the literal's braces. A
// later p.f = x on the same value lies past them; where the braces are
// unknown (a package variable's initializer, which has no function
// syntax), every field address of a counts.
func literalFields(a *ssa.Alloc, ends map[token.Pos]token.Pos) []int {
	end, known := ends[a.Pos()]
	var fields []int
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X != a {
			continue
		}
		if known && (fa.Pos() < a.Pos() || fa.Pos() > end) {
			continue
		}
		if !slices.Contains(fields, fa.Field) {
			fields = append(fields, fa.Field)
		}
	}
	slices.Sort(fields)
	return fields
}

// literalEnds maps the Lbrace of each composite literal in fn's syntax
// to its Rbrace.
func literalEnds(fn *ssa.Function) map[token.Pos]token.Pos {
	ends := make(map[token.Pos]token.Pos)
	syntax := fn.Syntax()
	if syntax == nil {
		return ends
	}
	ast.Inspect(syntax, func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok {
			ends[lit.Lbrace] = lit.Rbrace
		}
		return true
	})
	return ends
}
