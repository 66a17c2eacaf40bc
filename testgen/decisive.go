package testgen

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// decisive are the branches that decide case c: those whose edge, or the
// block the edge leads to, is among what c adds over the cases selection
// kept before it (candidate.adds), each said once, in path order. Branches
// in the package under test come first: those of other packages (a
// strings.Index the input went through) are given only when no branch of
// the package decides the case.
func decisive(c *candidate, home *types.Package) []Branch {
	var in, out []Branch
	type said struct{ pos, cond, fn string }
	seen := make(map[said]bool)
	for _, b := range c.Branches {
		if !c.adds[b.Edge] && !c.adds[BlockID{Func: b.Edge.Func, Index: b.Edge.Index}] {
			continue
		}
		key := said{b.Pos, b.Cond, b.Func}
		if seen[key] {
			continue // a loop's branch, taken the same way on every turn
		}
		seen[key] = true
		if inPackage(b.Edge.Func, home) {
			in = append(in, b)
		} else {
			out = append(out, b)
		}
	}
	if len(in) > 0 {
		return in
	}
	return out
}

// inPackage reports whether fn belongs to pkg; a branch that does not
// know its function is taken to be in it.
func inPackage(fn *ssa.Function, pkg *types.Package) bool {
	if fn == nil || pkg == nil {
		return true
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path() == pkg.Path()
	}
	if obj := fn.Object(); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path() == pkg.Path()
	}
	// A wrapper or closure without a package of its own: follow it out.
	if fn.Parent() != nil {
		return inPackage(fn.Parent(), pkg)
	}
	return true
}
