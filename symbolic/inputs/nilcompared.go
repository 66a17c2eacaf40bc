package inputs

import (
	"go/token"
	"go/types"
	"slices"
	"sync"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// Nil interfaces. An interface input is nil only where the code expects
// nil: a parameter that its function compares with nil, or a field that
// some function of the package compares with nil. Elsewhere a nil
// interface is a misuse no caller commits, and its method calls panic
// in every case it gets; the nil alternative is left out of the choice.
// (A nil pointer or func is left out at its dereference instead, on the
// path: machine/nilinputs.go. An interface's nil is an alternative of its
// shape, chosen before the code runs, so its rule is static.)
// Config.NilAnywhere keeps the nil alternative everywhere.

// nilCompared is, per package, the parameters and struct fields that its
// functions compare with nil.
var nilCompared sync.Map // *ssa.Package → map[types.Object]bool

// comparedWithNil reports whether a function of pkg compares obj, a
// parameter or a struct field, with nil.
func comparedWithNil(pkg *ssa.Package, obj types.Object) bool {
	if pkg == nil || obj == nil {
		return true
	}
	if set, ok := nilCompared.Load(pkg); ok {
		return set.(map[types.Object]bool)[obj]
	}
	set := make(map[types.Object]bool)
	for _, fn := range loader.PackageFunctions(pkg) {
		noteNilComparisons(fn, set)
	}
	nilCompared.Store(pkg, set)
	return set[obj]
}

// noteNilComparisons adds to set the parameters and fields that fn
// compares with nil (== or !=, a type switch's case nil included).
func noteNilComparisons(fn *ssa.Function, set map[types.Object]bool) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			cmp, ok := instr.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
				continue
			}
			switch {
			case isNilConst(cmp.Y):
				noteCompared(cmp.X, set)
			case isNilConst(cmp.X):
				noteCompared(cmp.Y, set)
			}
		}
	}
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// noteCompared adds to set the parameter or field v reads.
func noteCompared(v ssa.Value, set map[types.Object]bool) {
	for {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.Parameter:
			if x.Object() != nil {
				set[x.Object()] = true
			}
		case *ssa.Field:
			addField(set, x.X.Type(), x.Field)
		case *ssa.UnOp:
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
				if p, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
					addField(set, p.Elem(), fa.Field)
				}
			}
		}
		return
	}
}

func addField(set map[types.Object]bool, t types.Type, i int) {
	if f := structField(t, i); f != nil {
		set[f] = true
	}
}

// structField is field i of the struct type t, of its generic type's
// declaration when t is an instance (nil when t is no struct).
func structField(t types.Type, i int) types.Object {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i).Origin()
}

// onlyInvoked reports whether the input that is parameter dest of home is
// used only to call its methods, in a function that defers nothing: then
// a nil would only panic at a call, and leaving it out hides no code of
// the package (machine/nilinputs.go says the same of pointers). Any other
// use, such as passing it to a function that compares it with nil, could
// reach code only nil reaches: leaving nil out is then a limit.
func onlyInvoked(home *ssa.Function, dest *paramSlot) bool {
	if home == nil || dest == nil || dest.frame != 0 || dest.param >= len(home.Params) {
		return false
	}
	for _, b := range home.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Defer); ok {
				return false
			}
		}
	}
	p := home.Params[dest.param]
	for _, r := range *p.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case ssa.CallInstruction:
			c := r.Common()
			if !c.IsInvoke() || c.Value != p || slices.Contains(c.Args, ssa.Value(p)) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
